// SPDX-License-Identifier: Apache-2.0
import RuaFiles

/// The open sequence of reference §1.9, shared by `Store.open`, `Store.create` and diagnosis.
enum Opening {
  /// SQLITE_READONLY_ROLLBACK: a hot journal that a read-only connection cannot roll back.
  static let readOnlyRollback: Int32 = 8 | (3 << 8)

  /// "SQLite format 3\0": the header of every plain SQLite file.
  static let plainHeader: [UInt8] = Array("SQLite format 3".utf8) + [0]

  /// Refuses missing, empty or non-file paths before SQLite sees them, so a mistyped path
  /// never creates a file and an empty file is never turned into a store.
  static func checkFiles(_ location: StoreLocation) throws(StoreError) {
    let database = Files.entry(location.database, followingLinks: true)
    let keyExists = Files.exists(location.keyFile)
    switch (database, keyExists) {
    case (.missing, false):
      throw StoreError(
        .noDatabase,
        "no store at \(location.database) and no key file at \(location.keyFile)",
        advice: "run 'rua-paper init' to create them, or pass --db and --key-file")
    case (.missing, true):
      throw StoreError(
        .keyWithoutDatabase,
        "the key file \(location.keyFile) exists but the store \(location.database) does not",
        advice: "restore the store from a backup or point --db at it; to start a new store, "
          + "move the old key file away first and run 'rua-paper init'")
    case (_, false):
      throw StoreError(
        .databaseWithoutKey,
        "the store \(location.database) exists but its key file \(location.keyFile) does not",
        advice: "point --key-file (or RUA_KEY_FILE) at the key written by 'rua-paper init' for "
          + "this store; without it the store cannot be read")
    case (.directory, _):
      throw StoreError(
        .notAStore, "\(location.database) is a folder, not a store file",
        advice: "pass --db with the store file itself")
    case (.regular(let size), _) where size == 0:
      throw StoreError(
        .notAStore, "\(location.database) is empty (0 bytes), not a rua-paper store",
        advice: "restore the store from a backup, or remove the empty file and run "
          + "'rua-paper init'")
    case (.regular, _): return
    default:
      throw StoreError(
        .notAStore, "\(location.database) is not a regular file",
        advice: "pass --db with the store file itself")
    }
  }

  /// Opens and keys `path`, checks the library, and reads page 1.
  static func connect(
    _ path: String, key: StoreKey, mode: Connection.Mode, compatibility3: Bool = false
  ) throws(StoreError) -> Connection {
    let connection = try Connection(path: path, mode: mode)
    // Before the first read: a writer committing at that moment must be waited for, not
    // reported as "locked" at once.
    connection.setBusyTimeout(milliseconds: 5000)
    try connection.key(raw: key.bytes)
    let version = (try? connection.scalarText("PRAGMA cipher_version")) ?? nil
    guard let version, version.hasPrefix("4.") else {
      throw StoreError(
        .wrongLibrary,
        "this rua-paper was built against plain SQLite or SQLCipher 3"
          + (version.map { " (cipher_version \($0))" } ?? ""),
        advice: "install SQLCipher 4 (scripts/setup) and rebuild")
    }
    // 4.6.1 logs HMAC failures to stderr at WARN; the setting sticks only after keying.
    try connection.execute("PRAGMA cipher_log_level = NONE")
    if compatibility3 { try connection.execute("PRAGMA cipher_compatibility = 3") }
    _ = try connection.scalarInt("SELECT count(*) FROM sqlite_master")
    try connection.execute(
      """
      PRAGMA temp_store = MEMORY; PRAGMA foreign_keys = ON; PRAGMA recursive_triggers = ON;
      PRAGMA secure_delete = ON;
      """)
    if mode != .readOnly {
      try connection.execute("PRAGMA journal_mode = DELETE; PRAGMA synchronous = FULL")
    }
    return connection
  }

  /// Turns SQLITE_NOTADB on the first read into the most precise refusal we can give without
  /// changing a byte: a plain SQLite header, a SQLCipher 3 file, or "wrong key or not encrypted".
  static func explainNotADatabase(_ path: String, key: StoreKey, original: StoreError) -> StoreError
  {
    let head = (try? Files.head(path, count: 16)) ?? []
    if head == plainHeader {
      return StoreError(
        .plainSQLite, "\(path) is a plain, unencrypted SQLite file, not an encrypted store",
        advice: "encrypt it first (sqlcipher_export into a keyed database) or pass --db with "
          + "the rua-paper store")
    }
    if (try? connect(path, key: key, mode: .readOnly, compatibility3: true)) != nil {
      return StoreError(
        .sqlcipher3, "\(path) is an old SQLCipher 3 file; this rua-paper reads SQLCipher 4",
        advice: "back it up, then upgrade it with the sqlcipher shell ('PRAGMA cipher_migrate') "
          + "and open it again")
    }
    return StoreError(
      .wrongKeyOrNotEncrypted,
      "\(path) could not be read with the key in the key file: either the key is wrong or the "
        + "file is not a SQLCipher 4 database (or its first page is damaged)",
      code: original.code, libraryMessage: original.libraryMessage,
      advice: "check that --key-file belongs to this store; the file was not changed")
  }

  /// `PRAGMA quick_check`: anything but one row "ok" is corruption.
  static func quickCheck(_ connection: Connection) throws(StoreError) {
    let rows: [String]
    do throws(StoreError) {
      rows = try connection.column("PRAGMA quick_check")
    } catch {
      throw corrupt(connection.path, error)
    }
    guard rows == ["ok"] else {
      throw StoreError(
        .corrupt, "\(connection.path) failed its integrity check",
        libraryMessage: rows.prefix(3).joined(separator: "; "), advice: corruptAdvice)
    }
  }

  static let corruptAdvice =
    "restore the store from a backup; run 'rua-paper doctor' for details; the file was not changed"

  static func corrupt(_ path: String, _ error: StoreError) -> StoreError {
    StoreError(
      .corrupt, "\(path) is damaged", code: error.code, libraryMessage: error.libraryMessage,
      advice: corruptAdvice)
  }
}
