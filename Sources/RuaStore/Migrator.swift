// SPDX-License-Identifier: Apache-2.0
import RuaFiles

/// Applies numbered migrations in one transaction, behind a verified byte-for-byte snapshot.
enum Migrator {
  /// `PRAGMA user_version`, refusing another application's database and a newer schema.
  static func schemaVersion(_ connection: Connection, latest: Int) throws(StoreError) -> Int {
    let version = Int(try connection.scalarInt("PRAGMA user_version") ?? 0)
    if version == 0, try connection.scalarInt("SELECT count(*) FROM sqlite_master") ?? 0 > 0 {
      throw StoreError(
        .notAStore,
        "\(connection.path) is an encrypted database, but not a rua-paper store (it has tables "
          + "and no rua-paper schema version)", advice: "pass --db with the rua-paper store")
    }
    if version > latest {
      throw StoreError(
        .newerSchema,
        "\(connection.path) has schema version \(version); this rua-paper knows up to \(latest)",
        advice: "install a newer rua-paper; the store was not changed")
    }
    return version
  }

  static func snapshotPath(_ database: String) -> String { database + ".pre-migration" }

  /// Brings the schema to the last migration. With `snapshot`, the file is copied first (0600,
  /// beside it, SHA-256 compared); if any step fails the transaction rolls back and the file is
  /// checked against the snapshot and restored from it when it differs.
  static func migrate(
    _ connection: Connection, migrations: [Migration], snapshot: Bool
  ) throws(StoreError) {
    let latest = migrations.last?.version ?? 0
    let current = try schemaVersion(connection, latest: latest)
    let pending = migrations.filter { $0.version > current }
    guard !pending.isEmpty else { return }
    let path = connection.path
    let snapshotFile = snapshotPath(path)
    var original: [UInt8] = []
    if snapshot, Files.exists(snapshotFile) {
      throw StoreError(
        .migrationFailed,
        "a snapshot from an earlier migration exists at \(snapshotFile); rua-paper will not "
          + "migrate over it",
        advice: "if the store opens with an older rua-paper, keep it and remove the snapshot; "
          + "otherwise replace the store with the snapshot")
    }
    do throws(StoreError) {
      try connection.transaction(immediate: true) { () throws(StoreError) in
        if snapshot {
          // The write lock is held: nobody else can change the file while it is copied.
          original = try storeIO { () throws(FileError) in
            try Files.read(path, limit: ReadLimit.store)
          }
          let copy = try storeIO { () throws(FileError) in
            try Files.createExclusive(snapshotFile, original)
            return try Files.read(snapshotFile, limit: ReadLimit.store)
          }
          guard SHA256.digest(copy) == SHA256.digest(original) else {
            throw StoreError(.io, "the migration snapshot \(snapshotFile) does not match the store")
          }
        }
        for migration in pending {
          try migration.apply(connection)
          try connection.execute("PRAGMA user_version = \(migration.version)")
        }
      }
    } catch {
      guard snapshot, !original.isEmpty else { throw error }
      throw restore(path, snapshotFile, original: original, after: error, target: latest)
    }
    if snapshot { Files.remove(snapshotFile) }
  }

  private static func restore(
    _ path: String, _ snapshotFile: String, original: [UInt8], after error: StoreError,
    target: Int
  ) -> StoreError {
    let failure = "migration to schema version \(target) failed"
    let now = (try? Files.read(path, limit: ReadLimit.store)) ?? []
    if SHA256.digest(now) != SHA256.digest(original) {
      do throws(StoreError) {
        try storeIO { () throws(FileError) in
          try AtomicFile.write(original, to: path, replacing: true)
        }
      } catch {
        return StoreError(
          .migrationFailed, failure + " and the store could not be restored",
          code: error.code, libraryMessage: error.libraryMessage,
          advice: "the verified snapshot is at \(snapshotFile); copy it over \(path)")
      }
    }
    Files.remove(snapshotFile)
    return StoreError(
      .migrationFailed, failure + "; the store was restored and is unchanged",
      code: error.code, libraryMessage: error.description,
      advice: "report this to the rua-paper maintainers; keep using the previous version")
  }
}
