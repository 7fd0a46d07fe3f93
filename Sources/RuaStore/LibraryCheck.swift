// SPDX-License-Identifier: Apache-2.0
internal import CSQLCipher

/// Makes sure the SQLite library in this process is SQLCipher 4 before any key is handed to it
/// or any file is created. A plain SQLite forced in (LD_PRELOAD, a wrong package) would take the
/// key for a file name or crash inside `sqlite3_key_v2`.
enum LibraryCheck {
  static func verify() throws(StoreError) {
    guard sqlite3_compileoption_used("SQLITE_HAS_CODEC") == 1 else {
      throw refusal("the SQLite library in use is plain SQLite, not SQLCipher")
    }
    // cipher_version on an in-memory database: no file, no key.
    var handle: OpaquePointer?
    defer { sqlite3_close(handle) }
    guard sqlite3_open_v2(":memory:", &handle, SQLITE_OPEN_READWRITE, nil) == SQLITE_OK else {
      throw refusal("the SQLite library in use cannot open a database")
    }
    var statement: OpaquePointer?
    defer { sqlite3_finalize(statement) }
    var version = ""
    if sqlite3_prepare_v2(handle, "PRAGMA cipher_version", -1, &statement, nil) == SQLITE_OK,
      sqlite3_step(statement) == SQLITE_ROW, let text = sqlite3_column_text(statement, 0)
    {
      version = String(cString: text)
    }
    guard version.hasPrefix("4.") else {
      throw refusal(
        "the SQLite library in use is not SQLCipher 4"
          + (version.isEmpty ? "" : " (cipher_version \(version))"))
    }
  }

  private static func refusal(_ context: String) -> StoreError {
    StoreError(
      .wrongLibrary, context + "; no key was given to it and nothing was created",
      advice: "unset LD_PRELOAD or LD_LIBRARY_PATH if they name another libsqlite3, and "
        + "install SQLCipher 4 (scripts/setup)")
  }
}
