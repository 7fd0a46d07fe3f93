// SPDX-License-Identifier: Apache-2.0
public import RuaPrint

/// `--copies N`, `--option KEY=VALUE` (repeatable) and `--print-timeout SECONDS`: how a
/// document is printed, as `lp -n` and `lp -o` take them.
public struct PrintSettings: Sendable {
  public var job = PrintJobOptions(waitWhileStopped: false)
  /// Seconds for a job to complete before it is cancelled with purge.
  public var timeout = 120

  public init() {}

  /// How many copies `--copies` may ask for, as its help says.
  public static let copiesRange = 1...99
  /// How long `--print-timeout` may wait, in seconds (a day at most).
  public static let timeoutRange = 1...86_400
}

extension PrintSettings {
  /// Adds one CUPS job option, `KEY=VALUE` as `lp -o` takes it; refused, naming `--option`,
  /// when it is not that form, is one rua-paper sets itself, or holds a space.
  public mutating func add(jobOption text: String) throws(PaperError) {
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
    job.options.append((key, String(parts[1])))
  }

  /// `--print-timeout`: the job's time, and a stopped printer is waited for as long.
  public mutating func wait(seconds: Int) {
    timeout = seconds
    job.waitWhileStopped = true
  }
}
