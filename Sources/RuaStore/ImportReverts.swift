// SPDX-License-Identifier: Apache-2.0
internal import RuaCore

/// A change made in the store that an import would undo: a newer fill it would remove, a status
/// it would set back. Import refuses these unless told to (`--force`).
public struct RevertedChange: Sendable, Equatable {
  /// The patient's full name.
  public var patient: String
  /// What the row is, e.g. "medication apixaban", "fill of apixaban on 2026-11-18".
  public var record: String
  /// "update" (fields set back) or "delete" (the row would go).
  public var action: String
  /// For an update, the fields set back: `old` is the store's value, `new` the file's.
  public var fields: [PlannedChange.Field]
  /// The newest change the import would undo: time, command and user.
  public var lastChange: String
}

/// Finds the planned updates and deletes that undo a newer change recorded in `change_log`.
///
/// Only changes made by an edit command (`fill`, `med`, `allergy`) count — an import replacing
/// what an earlier import wrote is what import is for. Newer means at or after the file's
/// `exportedAt` (a change in the same second counts); a file without `exportedAt` (written by
/// hand) has no such time, so every such change counts. An update counts only when it sets back
/// a field those changes set.
enum ImportReverts {
  /// `afterChange`: only change_log rows after this id count (`edit`: the changes made since
  /// it read the record, whatever second they fall in), instead of a time.
  static func find(
    _ operations: [Operation], _ connection: Connection, since cutoff: Int64?,
    afterChange: Int64? = nil
  ) throws(StoreError) -> [RevertedChange] {
    var newer =
      "command IS NOT NULL AND command <> 'import'" + (cutoff == nil ? "" : " AND epoch >= ?")
    if afterChange != nil { newer += " AND id > ?" }
    let history = try connection.prepare(
      """
      SELECT time, command, actor, diff FROM change_log
      WHERE entity = ? AND entity_id = ? AND \(newer) ORDER BY id
      """)
    var out: [RevertedChange] = []
    for operation in operations {
      let record: Record
      let patientID: String
      switch operation {
      case .update(let new, _, let patient): (record, patientID) = (new, patient)
      case .delete(let old, let patient): (record, patientID) = (old, patient)
      case .insert, .circle: continue
      }
      var values: [SQLValue] = [.text(record.table), .text(record.storeID ?? "")]
      if let cutoff { values.append(.integer(cutoff)) }
      if let afterChange { values.append(.integer(afterChange)) }
      try history.bind(values)
      var touched: Set<String> = []
      var last: String?
      while try history.step() {
        touched.formUnion(Store.fields(ofDiff: try history.text(3) ?? "{}").map(\.name))
        last = try [history.text(0), history.text(1), history.text(2).map { "by " + $0 }]
          .compactMap { $0 }.joined(separator: " ")
      }
      guard let last else { continue }
      var fields: [PlannedChange.Field] = []
      if case .update = operation {
        fields = PlannedChange(operation).fields.filter { touched.contains($0.name) }
        if fields.isEmpty { continue }
      }
      out.append(
        RevertedChange(
          patient: try fullName(patientID, connection),
          record: try label(record, connection), action: operation.action, fields: fields,
          lastChange: last))
    }
    return out
  }

  private static func fullName(_ patientID: String, _ connection: Connection) throws(StoreError)
    -> String
  {
    let statement = try connection.prepare("SELECT full_name FROM patients WHERE id = ?")
    try statement.bind([.text(patientID)])
    return try statement.step() ? try statement.text(0) ?? "" : ""
  }

  /// A short name for a row, from the row itself (and, for a fill, its medication).
  private static func label(_ record: Record, _ connection: Connection) throws(StoreError)
    -> String
  {
    let text = { (name: String) in record.field(name).textValue ?? "" }
    switch record.table {
    case "patients": return "patient record"
    case "medications": return "medication " + text("name")
    case "fills":
      let statement = try connection.prepare(
        "SELECT m.name FROM fills f JOIN medications m ON m.id = f.medication_id WHERE f.id = ?")
      try statement.bind([.text(record.storeID ?? "")])
      let medication = try statement.step() ? try statement.text(0) ?? "" : ""
      return "fill of \(medication) on \(text("fill_date"))"
    case "allergies": return "allergy " + text("substance")
    case "facts": return "fact " + text("key")
    default: return String(record.table.dropLast()) + " " + text("name")
    }
  }
}
