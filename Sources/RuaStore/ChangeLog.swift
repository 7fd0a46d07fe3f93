// SPDX-License-Identifier: Apache-2.0
public import RuaCore

/// One `change_log` row as `rua-paper changes` shows it.
public struct ChangeLogEntry: Sendable, Equatable {
  public var id: Int64
  /// When the row was written (its `epoch` column).
  public var time: Instant
  /// The patient's care-circle id and full name (nil for circle-wide rows).
  public var patientID: String?
  public var patientName: String?
  /// The table and the action on it.
  public var entity: String
  public var action: String
  /// Field, old, new, as text (nil = absent).
  public var fields: [PlannedChange.Field]
  /// The command, the operating-system user and the reason (nil in rows from schema 1).
  public var command: String?
  public var actor: String?
  public var reason: String?
}

extension Store {
  /// The change log in order, for one patient (care-circle id) or all.
  public func changeLog(patient externalID: String? = nil) throws(StoreError) -> [ChangeLogEntry] {
    let statement = try connection.prepare(
      """
      SELECT c.id, c.epoch, p.external_id, p.full_name, c.entity, c.action, c.diff, c.command,
        c.actor, c.reason
      FROM change_log c LEFT JOIN patients p ON p.id = c.patient_id
      \(externalID == nil ? "" : "WHERE p.external_id = ?") ORDER BY c.id
      """)
    try statement.bind(externalID.map { [.text($0)] } ?? [])
    var out: [ChangeLogEntry] = []
    while try statement.step() {
      out.append(
        ChangeLogEntry(
          id: statement.int(0), time: Instant(secondsSinceEpoch: statement.int(1)),
          patientID: try statement.text(2), patientName: try statement.text(3),
          entity: try statement.text(4) ?? "", action: try statement.text(5) ?? "",
          fields: Self.fields(ofDiff: try statement.text(6) ?? "{}"),
          command: try statement.text(7), actor: try statement.text(8),
          reason: try statement.text(9)))
    }
    return out
  }

  /// `{"field": {"old": …, "new": …}}` back into fields.
  static func fields(ofDiff text: String) -> [PlannedChange.Field] {
    guard case .object(let members)? = try? JSONParser.parse(text) else { return [] }
    return members.map { member in
      PlannedChange.Field(
        name: member.key, old: member.value["old"].flatMap(Self.text),
        new: member.value["new"].flatMap(Self.text))
    }
  }

  private static func text(_ value: JSON) -> String? {
    switch value {
    case .string(let text): return text
    case .number(let text): return text
    case .bool(let flag): return flag ? "true" : "false"
    default: return nil
    }
  }
}
