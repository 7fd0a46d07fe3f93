// SPDX-License-Identifier: Apache-2.0
/// A store refusal or failure: what kind, the library's code and message, and what we were doing.
///
/// Never carries bound values, keys or record text: `context` names files, tables and steps only.
public struct StoreError: Error, Sendable, CustomStringConvertible {
  /// What went wrong, in terms the command line maps to an exit code and advice.
  public enum Kind: String, Sendable {
    /// Neither the store nor its key file exists.
    case noDatabase = "no database"
    /// The store exists, its key file does not.
    case databaseWithoutKey = "database without key"
    /// The key file exists, the store does not.
    case keyWithoutDatabase = "key without database"
    /// The key file is a symlink, not a regular file, not ours, readable by others, or malformed.
    case keyFileRefused = "key file refused"
    /// The file cannot be read or written for lack of permission.
    case permission
    /// SQLITE_NOTADB on the first read: wrong key, or not an encrypted database.
    case wrongKeyOrNotEncrypted = "wrong key or not an encrypted database"
    /// A plain, unencrypted SQLite file.
    case plainSQLite = "plain SQLite file"
    /// A SQLCipher 3 file, readable only with `cipher_compatibility = 3`.
    case sqlcipher3 = "SQLCipher 3 file"
    /// Not a file rua-paper can use (empty, a directory, another application's database).
    case notAStore = "not a rua-paper store"
    /// The library is plain SQLite or SQLCipher 3.
    case wrongLibrary = "wrong SQLite library"
    /// The store's schema is newer than this rua-paper.
    case newerSchema = "written by a newer rua-paper"
    /// A migration failed; the store was restored from its snapshot.
    case migrationFailed = "migration failed"
    /// `quick_check`/`integrity_check` or a page HMAC failed, or a read hit SQLITE_CORRUPT.
    case corrupt
    /// A process stopped mid-write and left a hot journal; a read-only diagnosis cannot roll it
    /// back (the next normal open does).
    case interruptedWrite = "interrupted write"
    /// `init` found a file where it would create one.
    case alreadyExists = "already exists"
    /// Another process holds the write lock past the busy timeout.
    case busy
    /// A system call failed (open, read, write, fsync, rename).
    case io = "I/O error"
    /// A statement failed for another reason (a constraint, a trigger).
    case database
    /// The access log lost its append-only triggers, or no longer holds the anchored head.
    case accessLogTampered = "access log tampered"
  }

  public var kind: Kind
  /// The SQLite result code, or errno for system calls, or 0.
  public var code: Int32
  /// `sqlite3_errmsg` or `strerror`; never contains bound values.
  public var libraryMessage: String?
  /// What was being done, naming the file or table.
  public var context: String
  /// What the user can do about it.
  public var advice: String?

  public init(
    _ kind: Kind, _ context: String, code: Int32 = 0, libraryMessage: String? = nil,
    advice: String? = nil
  ) {
    self.kind = kind
    self.context = context
    self.code = code
    self.libraryMessage = libraryMessage
    self.advice = advice
  }

  public var description: String {
    var text = context
    if let libraryMessage, !libraryMessage.isEmpty { text += " (\(libraryMessage))" }
    if let advice { text += "; " + advice }
    return text
  }
}
