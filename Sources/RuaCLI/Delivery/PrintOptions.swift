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
    if let copies = try arguments.integer(.copies, in: copiesRange) {
      settings.job.copies = copies
    }
    for text in arguments.all(.jobOption) { try settings.add(jobOption: text) }
    if let seconds = try arguments.integer(.printTimeout, in: timeoutRange) {
      settings.wait(seconds: seconds)
    }
    return settings
  }
}

extension OptionSpec {
  fileprivate static let copies = OptionSpec(
    "copies", .value, value: "N",
    help: "print N copies (\(PrintSettings.copiesRange.lowerBound)-"
      + "\(PrintSettings.copiesRange.upperBound), default \(PrintSettings().job.copies))")
  fileprivate static let jobOption = OptionSpec(
    "option", .repeated, value: "KEY=VALUE",
    help: "a CUPS job option, such as media=A4 or sides=two-sided-long-edge (repeatable)")
  fileprivate static let printTimeout = OptionSpec(
    "print-timeout", .value, value: "SECONDS",
    help: "wait this long for the job, and for a stopped printer (default: refuse a stopped "
      + "printer at once, wait \(PrintSettings().timeout) s for the job)")
}
