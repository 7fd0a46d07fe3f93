// SPDX-License-Identifier: Apache-2.0
import RuaFiles

/// An open, keyed, checked and migrated rua-paper store. Not Sendable (it owns a connection).
public final class Store {
  let connection: Connection
  public let location: StoreLocation
  /// Stamped on every access_log row this store writes: the OS user, host and this run's id,
  /// as the caller who opened it says (the store never asks the system who is running).
  public var actor: AccessActor
  /// What opening did that the user should hear about (a leftover snapshot settled).
  public internal(set) var notices: [String] = []
  /// Called once in each change write (import, the record commands, `edit`), after its first
  /// row is written and before it commits: the kill tests' seam. Nil in normal use.
  public var pauseInWrite: (() -> Void)? {
    get { connection.pauseInWrite }
    set { connection.pauseInWrite = newValue }
  }

  /// Set when the store was opened for writing: the stamp that lets the next start skip the
  /// full quick_check, and the file's fingerprint as this process last knew it good.
  private var stamp: CheckedStamp?
  private var knownGood: [UInt8]?
  /// Every intent row up to this id is closed, as the stamp vouches (0: check the whole log).
  let intentWatermark: Int64

  init(
    connection: Connection, location: StoreLocation, actor: AccessActor,
    stamp: CheckedStamp? = nil, intentWatermark: Int64 = 0
  ) {
    self.connection = connection
    self.location = location
    self.actor = actor
    self.stamp = stamp
    self.intentWatermark = intentWatermark
    guard let stamp else { return }
    knownGood = stamp.fingerprint()
    connection.onCommit = { [unowned self] in self.knownGood = self.stamp?.fingerprint() }
  }

  deinit {
    if let stamp, let knownGood {
      stamp.record(knownGood) { try? self.intentsClosedThrough() }
    }
  }

  /// `init`: a new key file (32 random bytes, 0600) and a new store (0600) with the current
  /// schema. Refuses when either file exists; on failure removes what it created. `actor` is
  /// stamped on the rows it writes.
  public static func create(
    _ location: StoreLocation, actor: AccessActor, migrations: [Migration] = Schema.migrations
  ) throws(StoreError) -> Store {
    try LibraryCheck.verify()
    for path in [location.database, location.keyFile] where Files.exists(path) {
      throw StoreError(
        .alreadyExists, "\(path) already exists; rua-paper init never overwrites a store or a key",
        advice: "use the existing store, or pass --db and --key-file with new paths")
    }
    try storeIO { () throws(FileError) in try Files.makeDirectories(Files.parent(location.database))
    }
    let key = try KeyFile.create(location.keyFile)
    var createdDatabase = false
    do throws(StoreError) {
      try storeIO { () throws(FileError) in try Files.createExclusive(location.database, []) }
      createdDatabase = true
      let connection = try Opening.connect(location.database, key: key, mode: .create)
      try Migrator.migrate(connection, migrations: migrations, snapshot: false)
      try AnchorFile.write(location.anchorFile, .empty)
      return Store(connection: connection, location: location, actor: actor)
    } catch {
      if createdDatabase {
        Files.remove(location.database)
        Files.remove(location.database + "-journal")
      }
      Files.remove(location.keyFile)
      Files.remove(location.anchorFile)
      throw error
    }
  }

  /// Opens an existing store for reading and writing: checks the files and the key, reads page
  /// 1, runs `quick_check`, and applies pending migrations behind a verified snapshot.
  /// A refusal changes no byte of the file. `actor` is stamped on the rows it writes.
  public static func open(
    _ location: StoreLocation, actor: AccessActor, migrations: [Migration] = Schema.migrations
  ) throws(StoreError) -> Store {
    try Opening.checkFiles(location)
    let settled = try LeftoverSnapshot.settle(location)
    let (connection, stamp, watermark) = try checkedConnectionAndStamp(
      location, mode: .readWrite)
    AnchorIntent.sweepTemporaries(location.anchorFile)
    let version = try Migrator.schemaVersion(connection, latest: migrations.last?.version ?? 0)
    if version < (migrations.last?.version ?? 0) {
      if version < 3, !Files.exists(location.anchorFile) {
        // Schema 1 had no anchor file: the first one names the head the migration will find.
        // Written before the migration (which changes no access_log row), so a process killed
        // between the migration's COMMIT and this write cannot leave a store without anchor.
        try AnchorFile.write(location.anchorFile, try AccessLogGuard.head(connection))
      }
      try Migrator.migrate(connection, migrations: migrations, snapshot: true)
    }
    let store = Store(
      connection: connection, location: location, actor: actor, stamp: stamp,
      intentWatermark: watermark ?? 0)
    store.notices = settled.map { [$0] } ?? []
    return store
  }

  /// Files, key, first read and quick_check; the connection is ready for use.
  static func checkedConnection(
    _ location: StoreLocation, mode: Connection.Mode
  ) throws(StoreError) -> Connection {
    try checkedConnectionAndStamp(location, mode: mode).connection
  }

  /// The same; for reading and writing, the full quick_check is skipped when the store's
  /// `CheckedStamp` vouches for the file as it is and no rollback journal is waiting, and the
  /// intent watermark it vouches for is returned (nil when it does not vouch).
  static func checkedConnectionAndStamp(
    _ location: StoreLocation, mode: Connection.Mode
  ) throws(StoreError) -> (connection: Connection, stamp: CheckedStamp, watermark: Int64?) {
    try Opening.checkFiles(location)
    try LibraryCheck.verify()
    let key = try KeyFile.load(location.keyFile)
    let stamp = CheckedStamp(database: location.database, storeKey: key.bytes)
    let watermark =
      mode == .readWrite && !Files.exists(location.database + "-journal")
      ? stamp.vouched() : nil
    let connection: Connection
    do throws(StoreError) {
      connection = try Opening.connect(location.database, key: key, mode: mode)
    } catch {
      switch error.kind {
      case .wrongKeyOrNotEncrypted:
        throw Opening.explainNotADatabase(location.database, key: key, original: error)
      case .corrupt: throw Opening.corrupt(location.database, error)
      case .permission where mode == .readOnly && error.code == Opening.readOnlyRollback:
        throw StoreError(
          .interruptedWrite,
          "\(location.database) has an unfinished write from a process that stopped "
            + "(\(location.database)-journal)",
          advice: "the next command that opens the store normally (e.g. 'rua-paper patients') "
            + "rolls it back; doctor only reads and left it as it is")
      default: throw error
      }
    }
    if watermark == nil { try Opening.quickCheck(connection) }
    return (connection, stamp, watermark)
  }
}

@available(*, unavailable)
extension Store: Sendable {}
