// SPDX-License-Identifier: Apache-2.0
internal import CSQLCipher

/// Reads stored rows as `Record` trees, generically: fields are every non-structural column.
struct RecordReader {
  let connection: Connection
  /// Each child query is prepared once per read, not once per parent row: preparing was
  /// nearly half the cost of reading a circle.
  private let prepared = PreparedStatements()

  init(connection: Connection) { self.connection = connection }

  /// All patients in position order, or only the one with `externalID`.
  func patients(externalID: String? = nil) throws(StoreError) -> [Record] {
    var patients: [Record] = []
    try eachPatient(externalID: externalID) { (record) throws(StoreError) in
      patients.append(record)
    }
    return patients
  }

  /// Hands over one patient at a time, children loaded, so a caller that converts each record
  /// and lets it go never holds the whole circle as records.
  func eachPatient(
    externalID: String? = nil, _ body: (Record) throws(StoreError) -> Void
  ) throws(StoreError) {
    let sql =
      externalID == nil
      ? "SELECT * FROM patients ORDER BY position, external_id"
      : "SELECT * FROM patients WHERE external_id = ?"
    try rows("patients", sql, externalID.map { [.text($0)] } ?? []) {
      (record) throws(StoreError) in
      var record = record
      try loadChildren(&record)
      try body(record)
    }
  }

  private func loadChildren(_ record: inout Record) throws(StoreError) {
    guard let id = record.storeID else { return }
    for table in Tables.children(record.table) {
      guard let parent = Tables.parentColumn(table) else { continue }
      var children = try rows(
        table, "SELECT * FROM \(table) WHERE \(parent) = ? ORDER BY position", [.text(id)])
      for index in children.indices { try loadChildren(&children[index]) }
      record.children += children
    }
  }

  private func rows(_ table: String, _ sql: String, _ values: [SQLValue]) throws(StoreError)
    -> [Record]
  {
    var out: [Record] = []
    try rows(table, sql, values) { (record) throws(StoreError) in out.append(record) }
    return out
  }

  private func rows(
    _ table: String, _ sql: String, _ values: [SQLValue],
    _ body: (Record) throws(StoreError) -> Void
  ) throws(StoreError) {
    let statement: Statement
    if let idle = prepared.take(sql) {
      statement = idle
    } else {
      statement = try connection.prepare(sql)
    }
    defer { prepared.put(statement) }
    try statement.bind(values)
    let count = sqlite3_column_count(statement.handle)
    let names = (0..<count).map { String(cString: sqlite3_column_name(statement.handle, $0)) }
    while try statement.step() {
      var record = Record(table: table, fields: [])
      for column in 0..<count {
        let name = names[Int(column)]
        let value = try statement.value(column)
        switch name {
        case "id": record.storeID = value.textValue
        case "external_id": record.externalID = value.textValue
        case "position": record.position = value.intValue ?? 0
        case _ where Tables.structural.contains(name): break
        default: record.fields.append((name, value))
        }
      }
      try body(record)
    }
  }
}

/// Statements kept for reuse within one read. A statement is taken out while it runs, so a
/// query nested inside another with the same text gets its own.
private final class PreparedStatements {
  private var idle: [String: Statement] = [:]

  func take(_ sql: String) -> Statement? { idle.removeValue(forKey: sql) }

  func put(_ statement: Statement) {
    sqlite3_reset(statement.handle)
    idle[statement.sql] = statement
  }
}
