// SPDX-License-Identifier: Apache-2.0
import RuaPaperKit
import RuaPrint

/// `--copies N`, `--option KEY=VALUE` (repeatable) and `--print-timeout SECONDS`, read into
/// `PrintSettings` as `lp -n` and `lp -o` take them.
extension PrintSettings {
  static let specs: [OptionSpec] = [.copies, .jobOption, .printTimeout]

  static func read(_ arguments: ParsedArguments, printing: Bool) throws(PaperError) -> PrintSettings
  {
    var settings = PrintSettings()
    if let first = specs.first(where: arguments.present), !printing {
      throw .invalidRequest("--\(first.long) only applies with --print")
    }
    if let copies = try arguments.integer(.copies, in: 1...99) {
      settings.job.copies = copies
    }
    for text in arguments.all(.jobOption) {
      let parts = text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      let key = parts.first.map(String.init) ?? ""
      guard parts.count == 2, !key.isEmpty, !parts[1].isEmpty,
        key.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") })
      else {
        throw .invalidRequest("--option takes KEY=VALUE, such as --option media=A4, not '\(text)'")
      }
      guard !PrintJobOptions.reserved.contains(key.lowercased()) else {
        throw .invalidRequest(
          "--option \(key) is set by rua-paper itself (the job title stays generic, the "
            + "format is PDF; use --copies for copies)")
      }
      // IPP option values are keywords, numbers, ranges and resolutions: none holds a space or a
      // control character, and Debian's cupsd 2.4.2-3+deb12u10 crashes on a value with a space.
      guard
        parts[1].unicodeScalars.allSatisfy({
          !$0.properties.isWhitespace && $0.properties.generalCategory != .control
        })
      else {
        throw .invalidRequest(
          "--option \(key) has a space or control character in its value; rua-paper takes only "
            + "values without them, such as A4 or two-sided-long-edge (a space in a job option "
            + "crashes Debian's CUPS 2.4.2-3+deb12u10 scheduler; docs/printing.md)")
      }
      settings.job.options.append((key, String(parts[1])))
    }
    if let seconds = try arguments.integer(.printTimeout, in: 1...86_400) {
      settings.timeout = seconds
      settings.job.waitWhileStopped = true
    }
    return settings
  }
}

extension OptionSpec {
  fileprivate static let copies = OptionSpec(
    "copies", .value, value: "N", help: "print N copies (1-99, default 1)")
  fileprivate static let jobOption = OptionSpec(
    "option", .repeated, value: "KEY=VALUE",
    help: "a CUPS job option, such as media=A4 or sides=two-sided-long-edge (repeatable)")
  fileprivate static let printTimeout = OptionSpec(
    "print-timeout", .value, value: "SECONDS",
    help: "wait this long for the job, and for a stopped printer (default: refuse a stopped "
      + "printer at once, wait 120 s for the job)")
}
