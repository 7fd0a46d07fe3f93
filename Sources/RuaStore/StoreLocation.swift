// SPDX-License-Identifier: Apache-2.0
import RuaFiles

/// Where a store and its key file are.
public struct StoreLocation: Sendable, Equatable {
  public var database: String
  public var keyFile: String

  public init(database: String, keyFile: String) {
    self.database = database
    self.keyFile = keyFile
  }
}

extension StoreLocation {
  /// Whether writing `path` would write over one of the store's own files: the database and
  /// the names SQLite and rua-paper keep beside it (`-journal`, `-wal`, `-shm`, `-checked`, a
  /// migration snapshot), the key file and its anchor and intents. A hot `-journal` written by
  /// someone else would be rolled back into the store; a PDF over the key loses every record.
  /// Any name that begins with the database's or the key's own name in their folder counts.
  public func holds(_ path: String) -> Bool {
    if Files.sameFile(path, database) || Files.sameFile(path, keyFile) { return true }
    guard let target = Files.canonical(path) else { return false }
    for own in [database, keyFile] {
      guard let canonical = Files.canonical(own) else { continue }
      if target.hasPrefix(canonical + "-") || target.hasPrefix(canonical + ".") { return true }
    }
    for companion in [database + "-journal", database + "-wal", keyFile + ".anchor"]
    where Files.sameFile(path, companion) {
      return true
    }
    return false
  }
}
