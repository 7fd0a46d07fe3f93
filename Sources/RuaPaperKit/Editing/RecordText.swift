// SPDX-License-Identifier: Apache-2.0
public import RuaCore

/// The text `edit` opens in the editor: a header of `//` comment lines (whose record it is,
/// that it holds health data, how to save or cancel, and after a refusal the problems), then
/// the patient as the care-circle format writes it (one patient object, as in an export).
///
/// Reading it back, every line whose first non-blank characters are `//` is a comment: JSON
/// has no token that starts with `/` and no string may hold a line break, so such a line can
/// never be part of a value. Comment lines inside the record are blanked, not removed, so a
/// syntax error's line number is the one the user sees.
public enum RecordText {
  /// The header; `problems` (one line each, already worded) go at its end.
  public static func header(_ patient: Patient, problems: [String]) -> [String] {
    var lines = [
      "// rua-paper edit: the record of \(patient.fullName) (\(patient.id)).",
      "// THIS FILE HOLDS HEALTH DATA. It lives in a private folder (mode 0700) that rua-paper",
      "// removes when the edit ends; do not save a copy elsewhere.",
      "//",
      "// Change the values below, then save and close the editor: the record is checked by",
      "// import's rules and written only when it passes; until then nothing changes. To cancel,",
      "// close without saving, or delete everything and save. \"null\" or removing a line",
      "// removes a field. Lines starting with // are ignored. The fields are described by",
      "// 'rua-paper help format'. The id cannot be changed here.",
    ]
    if !problems.isEmpty {
      lines.append("//")
      lines.append(
        "// REFUSED, nothing was written: fix \(problems.count == 1 ? "this" : "these"),"
          + " then save and close again:")
      lines += problems.map { "//   " + $0 }
    }
    return lines
  }

  /// The patient as pretty JSON, ending in a line break.
  public static func body(_ patient: Patient) -> String {
    JSONWriter.write(CareCircleEncoder.encode(patient), pretty: true) + "\n"
  }

  /// The whole file: header and body.
  public static func file(_ patient: Patient, body: String, problems: [String]) -> String {
    header(patient, problems: problems).joined(separator: "\n") + "\n" + body
  }

  /// `text` without its leading block of comment and blank lines (the header, which is
  /// written again), and with every later comment line blanked.
  public static func record(of text: String) -> String {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    while let first = lines.first, isComment(first) || isBlank(first) { lines.removeFirst() }
    return lines.map { isComment($0) ? "" : String($0) }.joined(separator: "\n")
  }

  public static func isBlank<S: StringProtocol>(_ line: S) -> Bool {
    line.allSatisfy { $0 == " " || $0 == "\t" || $0 == "\r" }
  }

  static func isComment<S: StringProtocol>(_ line: S) -> Bool {
    line.drop { $0 == " " || $0 == "\t" }.hasPrefix("//")
  }

  /// What the decoder says of the edited record, as the header shows it: the path inside the
  /// patient ("contacts[1].phone: …").
  public static func problem(_ error: CareCircleError) -> String {
    var path = error.path
    for prefix in ["patients[0].", "patients[0]"] where path.hasPrefix(prefix) {
      path = String(path.dropFirst(prefix.count))
      break
    }
    if path.isEmpty { path = "the record" }
    return "\(path): \(error.reason)"
  }

  /// A JSON syntax error in the record, with its line as counted in the reopened file.
  public static func problem(_ error: JSONSyntaxError, headerLines: Int) -> String {
    "line \(error.line + headerLines), column \(error.column): \(error.reason)"
  }
}
