// SPDX-License-Identifier: Apache-2.0
import RuaCore
import RuaPaperKit
import RuaStore

/// `log`'s row filters: `--since`, `--until`, `--action`, `--run`.
enum LogFilter {
  static let specs: [OptionSpec] = [
    .since,
    .until,
    .logAction,
    .run,
  ]

  /// The filters as asked, about `patient` (as typed); RuaPaperKit reads them.
  static func request(_ arguments: ParsedArguments, patient: String?) -> AccessLogRequest {
    var request = AccessLogRequest()
    request.patient = patient
    arguments.copy(
      into: &request,
      [(.since, \.since), (.until, \.until), (.logAction, \.action), (.run, \.run)])
    return request
  }
}

extension OptionSpec {
  fileprivate static let since = OptionSpec(
    "since", .value, value: "DATE|TIME",
    help: "rows written at or after this (YYYY-MM-DD = that UTC day, or RFC 3339)")
  fileprivate static let until = OptionSpec(
    "until", .value, value: "DATE|TIME",
    help: "rows written up to this (a date includes its whole UTC day)")
  fileprivate static let logAction = OptionSpec(
    "action", .value, value: "ACTION",
    help: "only this action: " + AccessAction.written.map(\.rawValue).joined(separator: ", "))
  fileprivate static let run = OptionSpec(
    "run", .value, value: "ID", help: "only the rows of one run (one command)")
}
