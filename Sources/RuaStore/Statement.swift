// SPDX-License-Identifier: Apache-2.0
internal import CSQLCipher

/// A value bound to or read from a statement.
public enum SQLValue: Equatable, Sendable {
  case null
  case integer(Int64)
  case real(Double)
  case text(String)
  case blob([UInt8])
}

/// One prepared statement; finalized in deinit, or, when it is one the connection keeps
/// (`Connection.kept`), reset and handed back.
public final class Statement {
  let handle: OpaquePointer
  let connection: Connection
  let sql: String
  /// Whether the connection keeps the handle (this object only borrows it).
  private let borrowed: Bool

  init(connection: Connection, sql: String) throws(StoreError) {
    handle = try Self.prepared(sql, on: connection)
    self.connection = connection
    self.sql = sql
    borrowed = false
  }

  /// A statement the connection keeps, lent to one user at a time.
  init(borrowing handle: OpaquePointer, connection: Connection, sql: String) {
    self.handle = handle
    self.connection = connection
    self.sql = sql
    borrowed = true
  }

  static func prepared(_ sql: String, on connection: Connection) throws(StoreError)
    -> OpaquePointer
  {
    var statement: OpaquePointer?
    let rc = sqlite3_prepare_v2(connection.handle, sql, -1, &statement, nil)
    guard rc == SQLITE_OK, let statement else {
      throw connection.error(rc, "preparing \(Connection.summary(sql))")
    }
    return statement
  }

  deinit {
    guard borrowed else {
      sqlite3_finalize(handle)
      return
    }
    // Reset at once, as finalizing did: a statement left on a row would hold its read
    // transaction (and the file's lock) open.
    sqlite3_reset(handle)
    sqlite3_clear_bindings(handle)
    connection.giveBack(sql)
  }

  /// Binds `values` to parameters 1…n, clearing earlier bindings and resetting the statement.
  @discardableResult
  public func bind(_ values: [SQLValue]) throws(StoreError) -> Statement {
    sqlite3_reset(handle)
    sqlite3_clear_bindings(handle)
    for (offset, value) in values.enumerated() {
      let index = Int32(offset + 1)
      let rc: Int32
      switch value {
      case .null: rc = sqlite3_bind_null(handle, index)
      case .integer(let v): rc = sqlite3_bind_int64(handle, index, v)
      case .real(let v): rc = sqlite3_bind_double(handle, index, v)
      case .text(let v): rc = sqlite3_bind_text(handle, index, v, -1, rua_sqlite_transient())
      case .blob(let v):
        rc = v.withUnsafeBytes {
          sqlite3_bind_blob(handle, index, $0.baseAddress, Int32($0.count), rua_sqlite_transient())
        }
      }
      guard rc == SQLITE_OK else {
        throw connection.error(rc, "binding parameter \(index) of \(Connection.summary(sql))")
      }
    }
    return self
  }

  /// Steps once: true when a row is available, false when done.
  public func step() throws(StoreError) -> Bool {
    let rc = sqlite3_step(handle)
    switch rc {
    case SQLITE_ROW: return true
    case SQLITE_DONE: return false
    default:
      let failure = connection.error(rc, "running \(Connection.summary(sql))")
      sqlite3_reset(handle)
      throw failure
    }
  }

  /// Binds and runs a statement that returns no rows.
  public func run(_ values: [SQLValue] = []) throws(StoreError) {
    try bind(values)
    while try step() {}
  }

  public func isNull(_ column: Int32) -> Bool { sqlite3_column_type(handle, column) == SQLITE_NULL }
  public func int(_ column: Int32) -> Int64 { sqlite3_column_int64(handle, column) }
  public func double(_ column: Int32) -> Double { sqlite3_column_double(handle, column) }

  /// Text as stored; invalid UTF-8 is a data error, never silently repaired (reference §3.5).
  public func text(_ column: Int32) throws(StoreError) -> String? {
    guard !isNull(column) else { return nil }
    let bytes = blob(column)
    guard let text = String(validating: bytes, as: UTF8.self) else {
      throw StoreError(
        .corrupt,
        "column \(column) of \(Connection.summary(sql)) in \(connection.path) "
          + "holds invalid UTF-8")
    }
    return text
  }

  public func blob(_ column: Int32) -> [UInt8] {
    // > call sqlite3_column_blob() first, then sqlite3_column_bytes() to find the size
    let pointer = sqlite3_column_blob(handle, column)
    let count = Int(sqlite3_column_bytes(handle, column))
    guard count > 0, let pointer else { return [] }
    return Array(UnsafeRawBufferPointer(start: pointer, count: count))
  }

  public func value(_ column: Int32) throws(StoreError) -> SQLValue {
    switch sqlite3_column_type(handle, column) {
    case SQLITE_NULL: return .null
    case SQLITE_INTEGER: return .integer(int(column))
    case SQLITE_FLOAT: return .real(double(column))
    case SQLITE_BLOB: return .blob(blob(column))
    default: return .text(try text(column) ?? "")
    }
  }
}

@available(*, unavailable)
extension Statement: Sendable {}
