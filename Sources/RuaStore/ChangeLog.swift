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

/// One change to one of a patient's medicines, for a MAR's "changes since the last sheet".
public struct MedicationChange: Sendable, Equatable {
  /// The medicine's care-circle id and name as stored now (nil once it was removed).
  public var medicationID: String?
  public var name: String?
  /// insert, update or delete.
  public var action: String
  public var fields: [PlannedChange.Field]
}

extension Store {
  /// The last completed delivery (file, standard output, share or print) of `document` for
  /// the patient (care-circle id): the access log's own row, so it does not depend on a clock.
  public func lastDelivery(of document: String, patient externalID: String) throws(StoreError)
    -> Instant?
  {
    let statement = try connection.prepare(
      """
      SELECT epoch FROM access_log
      WHERE patient_id = ? AND document = ? AND outcome = 'completed'
        AND action IN ('export', 'share', 'print')
      ORDER BY id DESC LIMIT 1
      """)
    try statement.bind([.text(externalID), .text(document)])
    return try statement.step() ? Instant(secondsSinceEpoch: statement.int(0)) : nil
  }

  /// The change-log rows of the patient's medicines written at or after `since`, in order.
  public func medicationChanges(patient externalID: String, since: Instant) throws(StoreError)
    -> [MedicationChange]
  {
    let statement = try connection.prepare(
      """
      SELECT m.external_id, m.name, c.action, c.diff
      FROM change_log c JOIN patients p ON p.id = c.patient_id
        LEFT JOIN medications m ON m.id = c.entity_id
      WHERE p.external_id = ? AND c.entity = 'medications' AND c.epoch >= ? ORDER BY c.id
      """)
    try statement.bind([.text(externalID), .integer(since.secondsSinceEpoch)])
    var out: [MedicationChange] = []
    while try statement.step() {
      out.append(
        MedicationChange(
          medicationID: try statement.text(0), name: try statement.text(1),
          action: try statement.text(2) ?? "",
          fields: Self.fields(ofDiff: try statement.text(3) ?? "{}")))
    }
    return out
  }
}
