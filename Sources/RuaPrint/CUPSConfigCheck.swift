// SPDX-License-Identifier: Apache-2.0
import RuaFiles

/// The `doctor` checks for CUPS: does the scheduler keep a copy of each printed document, and
/// which printer is the default.
public enum CUPSConfigCheck {
  /// What to tell an administrator whose scheduler keeps printed documents.
  public static let preserveJobFilesAdvice =
    "CUPS keeps a copy of every printed document in its spool (PreserveJobFiles defaults to "
    + "one day); add the line `PreserveJobFiles No` to cupsd.conf and restart CUPS "
    + "(as root: systemctl restart cups)"

  /// True unless the configuration text turns `PreserveJobFiles` off.
  ///
  /// Directive names are case-insensitive, a `#` starts a comment, and the last directive wins,
  /// as cupsd reads them. Off is `No`, `Off`, `False`, `Disabled` or a zero time; `Yes`, a
  /// number of seconds, or no directive at all (the default, one day) preserve the document.
  public static func preservesJobFiles(cupsdConf: String) -> Bool {
    var preserves = true
    for rawLine in cupsdConf.split(whereSeparator: \.isNewline) {
      let line = rawLine.prefix { $0 != "#" }
      let words = line.split(whereSeparator: \.isWhitespace)
      guard words.count >= 2, words[0].lowercased() == "preservejobfiles" else { continue }
      preserves = !turnsOff(words[1].lowercased())
    }
    return preserves
  }

  /// The path of `cupsd.conf`: `serverRoot/cupsd.conf` (pass `$CUPS_SERVERROOT`), else
  /// `/etc/cups/cupsd.conf`.
  public static func configPath(serverRoot: String?) -> String {
    guard let serverRoot, !serverRoot.isEmpty else { return "/etc/cups/cupsd.conf" }
    return serverRoot.hasSuffix("/") ? serverRoot + "cupsd.conf" : serverRoot + "/cupsd.conf"
  }

  /// Reads `cupsd.conf` and the default destination for `doctor`.
  ///
  /// - Parameters:
  ///   - serverRoot: `$CUPS_SERVERROOT`, or nil for `/etc/cups`.
  ///   - server: the scheduler to ask for the default destination (nil: libcups' own).
  public static func check(serverRoot: String?, server: String? = nil) -> CUPSDoctorReport {
    let path = configPath(serverRoot: serverRoot)
    let retention: CUPSDoctorReport.JobFileRetention
    switch readText(path) {
    case .success(let text):
      retention = preservesJobFiles(cupsdConf: text) ? .preserved : .removed
    case .failure(let problem):
      retention = .unknown(problem.reason)
    }
    return CUPSDoctorReport(
      configPath: path, jobFiles: retention,
      defaultDestination: CUPSPrinting.defaultDestination(server: server))
  }

  private static func turnsOff(_ value: String) -> Bool {
    if ["no", "off", "false", "disabled"].contains(value) { return true }
    let digits = value.prefix { $0.isASCII && $0.isNumber }
    let unit = value.dropFirst(digits.count)
    return !digits.isEmpty && digits.allSatisfy { $0 == "0" }
      && ["", "s", "m", "h", "d", "w"].contains(String(unit))
  }

  private struct ReadProblem: Error {
    let reason: String
  }

  private static func readText(_ path: String) -> Result<String, ReadProblem> {
    let limit = 4 * 1024 * 1024
    let bytes: [UInt8]
    do { bytes = try Files.read(path, limit: limit + 1) } catch {
      let reason =
        error.isPermission
        ? "\(path) is not readable by this user; run `rua-paper doctor` as root to check it"
        : "\(path) could not be read (\(error.reason))"
      return .failure(ReadProblem(reason: reason))
    }
    guard bytes.count <= limit else {
      return .failure(ReadProblem(reason: "\(path) is larger than 4 MiB; check it by hand"))
    }
    return .success(String(decoding: bytes, as: UTF8.self))
  }
}
