// SPDX-License-Identifier: Apache-2.0
internal import CSQLCipher
import RuaFiles

/// One SQLCipher connection. Owns its `sqlite3*`; closing happens in deinit. Not Sendable: a
/// connection is used by one thread at a time.
public final class Connection {
  let handle: OpaquePointer
  /// The file, for messages.
  public let path: String
  /// Called after each outermost COMMIT (the store notes the file as it left it).
  var onCommit: (() -> Void)?
  /// Called once in each change write, after its first row and before its COMMIT: the seam
  /// the kill tests stop a record command at (`RUA_TEST_PAUSE=write`); nil otherwise.
  var pauseInWrite: (() -> Void)?
  /// Statements prepared once and kept (`kept`), by their SQL, and whether one is lent out.
  private var keptStatements: [String: (handle: OpaquePointer, lent: Bool)] = [:]

  /// How to open the file.
  public enum Mode: Sendable {
    /// Read and write an existing file.
    case readWrite
    /// Create the file if missing (`init` only).
    case create
    /// Diagnosis: nothing can change a byte.
    case readOnly
  }

  /// Opens `path` without keying it. Nothing is read yet.
  init(path: String, mode: Mode) throws(StoreError) {
    var flags: Int32
    switch mode {
    case .readWrite: flags = SQLITE_OPEN_READWRITE
    case .create: flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
    case .readOnly: flags = SQLITE_OPEN_READONLY
    }
    flags |= SQLITE_OPEN_NOMUTEX
    var db: OpaquePointer?
    let rc = sqlite3_open_v2(path, &db, flags, nil)
    guard rc == SQLITE_OK, let db else {
      let message = db.map { String(cString: sqlite3_errmsg($0)) }
      // > Whether or not an error occurs when it is opened, resources associated with the
      // > database connection handle should be released by passing it to sqlite3_close().
      if let db { sqlite3_close_v2(db) }
      throw StoreError(
        rc == SQLITE_PERM ? .permission : .io, "cannot open \(path)", code: rc,
        libraryMessage: message)
    }
    handle = db
    self.path = path
    sqlite3_extended_result_codes(db, 1)
  }

  deinit {
    for statement in keptStatements.values { sqlite3_finalize(statement.handle) }
    sqlite3_close_v2(handle)
  }

  /// Keys the connection with the raw 32-byte key, through `sqlite3_key_v2` (never SQL text).
  /// The raw-key form `x'<64 hex>'` skips PBKDF2. The temporary buffer is zeroed after use.
  func key(raw key: [UInt8]) throws(StoreError) {
    var text = Array("x'".utf8) + Hex.encodedBytes(key) + Array("'".utf8)
    defer { for index in text.indices { text[index] = 0 } }
    let rc = text.withUnsafeBytes {
      sqlite3_key_v2(handle, "main", $0.baseAddress, Int32($0.count))
    }
    guard rc == SQLITE_OK else { throw error(rc, "keying \(path)") }
  }

  /// The library's message for the last failure on this connection.
  var lastMessage: String { String(cString: sqlite3_errmsg(handle)) }

  func error(_ rc: Int32, _ context: String) -> StoreError {
    let primary = rc & 0xff
    let kind: StoreError.Kind
    switch primary {
    case SQLITE_NOTADB: kind = .wrongKeyOrNotEncrypted
    case SQLITE_CORRUPT: kind = .corrupt
    case SQLITE_BUSY, SQLITE_LOCKED: kind = .busy
    case SQLITE_PERM, SQLITE_READONLY, SQLITE_AUTH: kind = .permission
    case SQLITE_IOERR, SQLITE_FULL, SQLITE_CANTOPEN: kind = .io
    default: kind = .database
    }
    switch primary {
    case SQLITE_BUSY, SQLITE_LOCKED:
      return StoreError(
        .busy, "\(path) is locked by another process (waited 5 s) while \(context)", code: rc,
        libraryMessage: lastMessage,
        advice: "another rua-paper or the sqlcipher shell is writing to it; try again when it is "
          + "done; nothing was changed")
    case SQLITE_FULL:
      return StoreError(
        .io, "the disk holding \(path) is full while \(context)", code: rc,
        libraryMessage: lastMessage, advice: "free some space and try again")
    default:
      return StoreError(kind, context, code: rc, libraryMessage: lastMessage)
    }
  }

  /// Runs SQL without results (several statements allowed, no bound values).
  public func execute(_ sql: String) throws(StoreError) {
    let rc = sqlite3_exec(handle, sql, nil, nil, nil)
    guard rc == SQLITE_OK else { throw error(rc, "running \(Connection.summary(sql))") }
  }

  public func prepare(_ sql: String) throws(StoreError) -> Statement {
    try Statement(connection: self, sql: sql)
  }

  /// `prepare` for a statement run again and again on this connection (the access log's
  /// insert and head, once or twice a document): SQLite parses and plans it once (about
  /// 110,000 instructions each time). It is reset when the returned object goes, as a
  /// finalized one would be; while it is in use, the same SQL gets a statement of its own.
  public func kept(_ sql: String) throws(StoreError) -> Statement {
    if let statement = keptStatements[sql] {
      guard !statement.lent else { return try prepare(sql) }
      keptStatements[sql] = (statement.handle, true)
      return Statement(borrowing: statement.handle, connection: self, sql: sql)
    }
    let handle = try Statement.prepared(sql, on: self)
    keptStatements[sql] = (handle, true)
    return Statement(borrowing: handle, connection: self, sql: sql)
  }

  /// A kept statement's user is done with it.
  func giveBack(_ sql: String) { keptStatements[sql]?.lent = false }

  /// The first column of the first row, as text, or nil.
  public func scalarText(_ sql: String) throws(StoreError) -> String? {
    let statement = try prepare(sql)
    guard try statement.step() else { return nil }
    return try statement.text(0)
  }

  public func scalarInt(_ sql: String) throws(StoreError) -> Int64? {
    let statement = try prepare(sql)
    guard try statement.step() else { return nil }
    return statement.isNull(0) ? nil : statement.int(0)
  }

  /// All rows of the first column, as text.
  public func column(_ sql: String) throws(StoreError) -> [String] {
    let statement = try prepare(sql)
    var out: [String] = []
    while try statement.step() { out.append(try statement.text(0) ?? "") }
    return out
  }

  /// Runs `body` in one transaction; commits when it returns, rolls back when it throws.
  /// `immediate` takes the write lock up front (every write goes this way). Inside another
  /// transaction it becomes a savepoint, so several writes can share one commit.
  public func transaction<T>(
    immediate: Bool, _ body: () throws(StoreError) -> T
  ) throws(StoreError) -> T {
    if sqlite3_get_autocommit(handle) == 0 { return try savepoint(body) }
    try execute(immediate ? "BEGIN IMMEDIATE" : "BEGIN DEFERRED")
    let value: T
    do { value = try body() } catch { throw rollBack(after: error, committing: false) }
    do { try execute("COMMIT") } catch { throw rollBack(after: error, committing: true) }
    onCommit?()
    return value
  }

  /// Rolls back what is still open and, after a disk failure, says truthfully what the store
  /// holds now and what to do: a failure says "rolled back" only when nothing was written.
  private func rollBack(after error: StoreError, committing: Bool) -> StoreError {
    let open = sqlite3_get_autocommit(handle) == 0
    if open { _ = sqlite3_exec(handle, "ROLLBACK", nil, nil, nil) }
    guard error.kind == .io else { return error }
    var failure = error
    let journal: FileStatus?
    do { journal = try Files.status(path + "-journal") } catch { journal = nil }
    failure.advice = Self.writeOutcome(
      code: error.code, committing: committing, stillOpen: open,
      journal: journal.map { _ in path + "-journal" })
    return failure
  }

  /// What a failed write left, from where it failed and what is on disk. In rollback-journal
  /// mode the store file is changed only while its journal exists, and deleting the journal is
  /// the commit: a journal left behind is undone by the next open; none left before COMMIT
  /// means the file is as it was.
  static func writeOutcome(code: Int32, committing: Bool, stillOpen: Bool, journal: String?)
    -> String
  {
    let fix =
      code & 0xff == SQLITE_FULL
      ? "free some space" : "check the disk (dmesg, the drive's health)"
    if let journal {
      return "the change was not completed: \(journal) holds what undoes it, and the next"
        + " command that opens the store rolls it back, so none of it will remain; do not"
        + " delete that file. \(fix), then run 'rua-paper doctor' to check the store"
    }
    if !committing || (code & 0xff == SQLITE_FULL && !stillOpen) {
      return "nothing was written (the change was rolled back); \(fix) and try again"
    }
    // SQLITE_IOERR_DIR_FSYNC (SQLITE_IOERR | 5 << 8): the journal is gone, the commit made.
    if code == SQLITE_IOERR | (5 << 8) {
      return "the change was written, but its folder could not be synced, so it may not"
        + " survive a crash; \(fix), then run 'rua-paper doctor' and 'rua-paper changes'"
        + " to see that it is there"
    }
    return "the disk failed while the change was being committed, so it may or may not have"
      + " been written; \(fix), then run 'rua-paper doctor' to check the store and"
      + " 'rua-paper changes' to see whether the change is there before making it again"
  }

  private func savepoint<T>(_ body: () throws(StoreError) -> T) throws(StoreError) -> T {
    try execute("SAVEPOINT nested")
    do {
      let value = try body()
      try execute("RELEASE nested")
      return value
    } catch {
      _ = sqlite3_exec(handle, "ROLLBACK TO nested; RELEASE nested", nil, nil, nil)
      throw error
    }
  }

  func setBusyTimeout(milliseconds: Int32) { sqlite3_busy_timeout(handle, milliseconds) }

  /// The SQLite library version (`sqlite3_libversion`).
  public static var sqliteVersion: String { String(cString: sqlite3_libversion()) }

  /// The first words of a statement, for messages (never values: they are bound, not inlined).
  static func summary(_ sql: String) -> String {
    let words = sql.split(whereSeparator: { $0 == " " || $0 == "\n" }).prefix(4)
    return words.joined(separator: " ")
  }
}

@available(*, unavailable)
extension Connection: Sendable {}
