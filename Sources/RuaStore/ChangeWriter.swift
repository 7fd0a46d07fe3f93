// SPDX-License-Identifier: Apache-2.0
internal import RuaCore

/// Applies planned operations and appends their `change_log` rows (inside the caller's
/// transaction). Statements are cached by SQL text.
struct ChangeWriter {
  let connection: Connection
  let now: Int64
  let origin: ChangeOrigin
  private var statements: [String: Statement] = [:]
  private var applied = 0

  init(connection: Connection, now: Int64, origin: ChangeOrigin) {
    self.connection = connection
    self.now = now
    self.origin = origin
  }

  mutating func apply(_ operation: Operation) throws(StoreError) {
    defer {
      applied += 1
      if applied == 1 { connection.pauseInWrite?() }
    }
    switch operation {
    case .insert(let record, let parent, let patientID):
      var columns = ["id", "position"]
      var values: [SQLValue] = [.text(record.storeID ?? ""), .integer(Int64(record.position))]
      if let external = record.externalID {
        columns.append("external_id")
        values.append(.text(external))
      }
      if let parent {
        columns.append(parent.column)
        values.append(.text(parent.id))
      }
      columns += record.fields.map(\.name)
      values += record.fields.map(\.value)
      let marks = Array(repeating: "?", count: columns.count).joined(separator: ", ")
      try run(
        "INSERT INTO \(record.table) (\(columns.joined(separator: ", "))) VALUES (\(marks))",
        values)
      try log(record, "insert", patientID, operation.fieldDiff)
    case .update(let record, _, let patientID):
      let diff = operation.fieldDiff
      let sets = diff.map { "\($0.0) = ?" }.joined(separator: ", ")
      try run(
        "UPDATE \(record.table) SET \(sets) WHERE id = ?",
        diff.map(\.2) + [.text(record.storeID ?? "")])
      try log(record, "update", patientID, diff)
    case .delete(let record, let patientID):
      try run("DELETE FROM \(record.table) WHERE id = ?", [.text(record.storeID ?? "")])
      try log(record, "delete", patientID, operation.fieldDiff)
    case .circle(let key, _, let new):
      if let new {
        try run(
          "INSERT OR REPLACE INTO circle (key, value) VALUES (?, ?)", [.text(key), .text(new)])
      } else {
        try run("DELETE FROM circle WHERE key = ?", [.text(key)])
      }
      try appendLog(
        entity: "circle", entityID: key, patientID: nil, action: operation.action,
        diff: Self.diffJSON(operation.fieldDiff))
    }
  }

  private mutating func log(
    _ record: Record, _ action: String, _ patientID: String,
    _ diff: [(String, SQLValue, SQLValue)]
  ) throws(StoreError) {
    try appendLog(
      entity: record.table, entityID: record.storeID ?? "", patientID: patientID, action: action,
      diff: Self.diffJSON(diff))
  }

  private mutating func appendLog(
    entity: String, entityID: String, patientID: String?, action: String, diff: String
  ) throws(StoreError) {
    try run(
      """
      INSERT INTO change_log (time, epoch, entity, entity_id, patient_id, action, diff,
        command, actor, reason)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
      """,
      [
        .text(Instant(secondsSinceEpoch: now).rfc3339), .integer(now), .text(entity),
        .text(entityID), SQLValue(patientID), .text(action), .text(diff), .text(origin.command),
        SQLValue(origin.actor), SQLValue(origin.reason),
      ])
  }

  /// `{"field": {"old": …, "new": …}}`, absent sides left out.
  static func diffJSON(_ diff: [(String, SQLValue, SQLValue)]) -> String {
    let members = diff.map { name, old, new -> (key: String, value: JSON) in
      var sides: [(key: String, value: JSON)] = []
      if old != .null { sides.append(("old", json(old))) }
      if new != .null { sides.append(("new", json(new))) }
      return (name, .object(sides))
    }
    return JSONWriter.write(.object(members), pretty: false)
  }

  static func json(_ value: SQLValue) -> JSON {
    switch value {
    case .null: return .null
    case .integer(let number): return .int(Int(number))
    case .real(let number): return .double(number)
    case .text(let text): return .string(text)
    case .blob(let bytes): return .string(Hex.encode(bytes))
    }
  }

  private mutating func run(_ sql: String, _ values: [SQLValue]) throws(StoreError) {
    let statement: Statement
    if let cached = statements[sql] {
      statement = cached
    } else {
      statement = try connection.prepare(sql)
      statements[sql] = statement
    }
    try statement.run(values)
  }
}
