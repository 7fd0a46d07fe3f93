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

  static func query(_ arguments: ParsedArguments, patient: String?) throws(PaperError)
    -> AccessQuery
  {
    var query = AccessQuery(patient: patient)
    if let since = arguments.value(.since) {
      query.since = try moment(since, option: "since", endOfDay: false)
    }
    if let until = arguments.value(.until) {
      query.until = try moment(until, option: "until", endOfDay: true)
    }
    if let since = query.since, let until = query.until, until <= since {
      throw .invalidRequest("--until must come after --since")
    }
    if let action = arguments.value(.logAction) {
      guard !action.isEmpty else {
        throw .invalidRequest("--action needs a value, such as --action print")
      }
      let known = AccessAction.written.map(\.rawValue)
      guard known.contains(action) else {
        throw .invalidRequest(
          "--action takes one of \(known.joined(separator: ", ")), not '\(action)'")
      }
      query.action = AccessAction(rawValue: action)
    }
    if let run = arguments.value(.run) {
      guard !run.isEmpty else { throw .invalidRequest("--run needs a run id from 'rua-paper log'") }
      query.runID = run
    }
    return query
  }

  /// `--since DATE` starts at that UTC day's midnight; `--until` is
  /// exclusive internally, so a date ends at the next midnight and a time includes its second.
  static func moment(_ text: String, option: String, endOfDay: Bool) throws(PaperError) -> Instant {
    if let date = CivilDate(iso: text) {
      return Instant(secondsSinceEpoch: Int64(date.daysSinceEpoch + (endOfDay ? 1 : 0)) * 86_400)
    }
    if let instant = Instant(rfc3339: text) {
      return Instant(secondsSinceEpoch: instant.secondsSinceEpoch + (endOfDay ? 1 : 0))
    }
    throw .invalidRequest(
      "--\(option) '\(text)' is neither a date (YYYY-MM-DD) nor an RFC 3339 time "
        + "(such as 2026-11-16T08:00:00Z or 2026-11-16T09:00:00+01:00)")
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
    help: "only this action: export, print, share, repair, remove")
  fileprivate static let run = OptionSpec(
    "run", .value, value: "ID", help: "only the rows of one run (one command)")
}
