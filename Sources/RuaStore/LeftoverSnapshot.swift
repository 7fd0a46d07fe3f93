// SPDX-License-Identifier: Apache-2.0
import RuaFiles

/// A migration killed part-way leaves its verified snapshot beside the store. At the next open
/// the snapshot is settled instead of blocking every command: removed when the store is
/// byte-identical to it or healthy on its own, restored over the store when the store is
/// damaged. The returned sentence tells the user which happened.
enum LeftoverSnapshot {
  static func settle(_ location: StoreLocation) throws(StoreError) -> String? {
    let snapshot = Migrator.snapshotPath(location.database)
    guard Files.exists(snapshot) else { return nil }
    let stored = try storeIO { () throws(FileError) in
      try Files.read(location.database, limit: ReadLimit.store)
    }
    let copy = try storeIO { () throws(FileError) in
      try Files.read(snapshot, limit: ReadLimit.store)
    }
    if SHA256.digest(stored) == SHA256.digest(copy) {
      Files.remove(snapshot)
      return "an interrupted migration had left \(snapshot); it matched the store byte for "
        + "byte and was removed"
    }
    do throws(StoreError) {
      // A read-write open rolls back a hot journal; quick_check then tells whether the store
      // stands on its own.
      _ = try Store.checkedConnection(location, mode: .readWrite)
      Files.remove(snapshot)
      return "an interrupted migration had left \(snapshot); the store is whole without it "
        + "(quick_check ok), so the snapshot was removed"
    } catch {
      switch error.kind {
      case .corrupt, .wrongKeyOrNotEncrypted, .notAStore, .interruptedWrite: break
      default: throw error  // a key, permission or library problem: the snapshot is kept
      }
    }
    try storeIO { () throws(FileError) in
      try AtomicFile.write(copy, to: location.database, replacing: true)
    }
    Files.remove(location.database + "-journal")
    Files.remove(snapshot)
    return "the store was damaged by an interrupted migration and was restored from the "
      + "verified snapshot taken before it (\(snapshot))"
  }
}
