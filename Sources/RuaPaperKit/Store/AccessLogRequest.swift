// SPDX-License-Identifier: Apache-2.0
import RuaCore
public import RuaStore

/// `log [PATIENT]` as asked: each filter as given (nil when absent), read by
/// `Session.accessLog(_:)`. Every refusal is `.invalidRequest`, naming the filter's option.
public struct AccessLogRequest: Sendable {
  /// An id or a name start; a removed patient's exact id still finds their rows.
  public var patient: String?
  /// `--since` and `--until`: a date (that whole UTC day) or an RFC 3339 time.
  public var since: String?
  public var until: String?
  public var action: String?
  public var run: String?

  public init() {}

  /// The store's query for these filters, about `patient` (an id).
  public func query(patient: String?) throws(PaperError) -> AccessQuery {
    var query = AccessQuery(patient: patient)
    if let since { query.since = try Self.moment(since, option: "since", endOfDay: false) }
    if let until { query.until = try Self.moment(until, option: "until", endOfDay: true) }
    if let since = query.since, let until = query.until, until <= since {
      throw .invalidRequest("--until must come after --since")
    }
    if let action {
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
    if let run {
      guard !run.isEmpty else { throw .invalidRequest("--run needs a run id from 'rua-paper log'") }
      query.runID = run
    }
    return query
  }

  /// A date is its UTC day (`--until` includes all of it); a time is that second.
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

extension Session {
  /// The access-log rows `request` asks for, with the query they answer (an empty query is
  /// the whole log).
  public func accessLog(_ request: AccessLogRequest) throws(PaperError)
    -> (query: AccessQuery, rows: [AccessRecord])
  {
    let store = self.store
    let patient = try request.patient.map { (query) throws(PaperError) in
      do throws(PaperError) { return try PatientPicker.name(query, in: store).id } catch {
        // A removed patient ('patient remove') keeps its rows here: its exact id finds them.
        let rows = try StoreAccess.perform { () throws(StoreError) in
          try store.accessLog(AccessQuery(patient: query))
        }
        if rows.isEmpty { throw error }
        return query
      }
    }
    let query = try request.query(patient: patient)
    let rows = try StoreAccess.perform { () throws(StoreError) in try store.accessLog(query) }
    return (query, rows)
  }
}

extension Session {
  /// The change log, of one patient (an id or a name start) or, with nil, of all.
  public func changeLog(_ query: String?) throws(PaperError) -> [ChangeLogEntry] {
    let store = self.store
    let patient = try query.map { (query) throws(PaperError) in
      try PatientPicker.name(query, in: store).id
    }
    return try StoreAccess.perform { () throws(StoreError) in
      try store.changeLog(patient: patient)
    }
  }
}
