// SPDX-License-Identifier: Apache-2.0
import Foundation
import RuaCore
import RuaTestSupport
import Testing

@testable import RuaStore

@Suite("Migrations")
struct MigrationTests {
  @Test func failedMigrationRestoresTheStore() throws {
    let folder = TemporaryFolder()
    let location = folder.location
    do {
      let store = try Store.create(location, actor: .tester)
      _ = try store.save(Fixture.circle(), now: Fixture.now)
    }
    let before = Fixture.fileHash(location.database)
    let failing =
      Schema.migrations + [
        Migration(
          version: Schema.latestVersion + 1,
          sql: """
            CREATE TABLE extra (x);
            INSERT INTO extra VALUES (1);
            DELETE FROM fills;
            SELECT no_such_function();
            """)
      ]
    var caught: StoreError?
    do { _ = try Store.open(location, actor: .tester, migrations: failing) } catch {
      caught = error
    }
    #expect(caught?.kind == .migrationFailed, "\(String(describing: caught))")
    #expect(caught?.description.contains("restored") == true)
    #expect(Fixture.fileHash(location.database) == before)
    #expect(!FileManager.default.fileExists(atPath: location.database + ".pre-migration"))
    let store = try Store.open(location, actor: .tester)
    #expect(
      try store.connection.scalarInt("PRAGMA user_version") == Int64(Schema.latestVersion))
    #expect(try store.connection.scalarInt("SELECT count(*) FROM fills") == 2)
    #expect(try store.loadCareCircle() == Fixture.circle())
  }

  @Test func successfulMigrationAppliesAndRemovesSnapshot() throws {
    let folder = TemporaryFolder()
    let location = folder.location
    _ = try Store.create(location, actor: .tester)
    let latest = Schema.latestVersion
    let next =
      Schema.migrations + [Migration(version: latest + 1, sql: "CREATE TABLE extra (x);")]
    if case .needsMigration(let from, let to) = Store.inspect(location, latestVersion: latest + 1)
      .state
    {
      #expect(from == latest && to == latest + 1)
    } else {
      Issue.record("expected needsMigration")
    }
    let store = try Store.open(location, actor: .tester, migrations: next)
    #expect(try store.connection.scalarInt("PRAGMA user_version") == Int64(latest + 1))
    #expect(!FileManager.default.fileExists(atPath: location.database + ".pre-migration"))
    // And this rua-paper (one schema behind) refuses the newer store without touching it.
    let before = Fixture.fileHash(location.database)
    #expect(throws: StoreError.self) { _ = try Store.open(location, actor: .tester) }
    #expect(Fixture.fileHash(location.database) == before)
  }
}

@Suite("Interrupted writes")
struct InterruptedWriteTests {
  @Test func hotJournalIsReportedReadOnlyThenRolledBack() throws {
    let folder = TemporaryFolder()
    let location = folder.location
    do {
      let store = try Store.create(location, actor: .tester)
      _ = try store.save(Fixture.circle(), now: Fixture.now)
    }
    let key = Fixture.keyHex(location)
    // The shell starts a big write and is killed before it commits: a hot journal stays.
    _ = try Fixture.sqlcipherShell(
      location.database,
      """
      PRAGMA key = "x'\(key)'";
      PRAGMA cache_size = 1;
      BEGIN;
      DELETE FROM fills;
      CREATE TABLE junk(x);
      INSERT INTO junk SELECT randomblob(3000) FROM (WITH RECURSIVE c(i) AS
        (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < 100) SELECT i FROM c);
      .shell kill -9 $PPID

      """)
    let journal = location.database + "-journal"
    #expect(FileManager.default.fileExists(atPath: journal))
    let before = Fixture.fileHash(location.database)
    let journalBefore = Fixture.fileHash(journal)
    guard case .refused(let error) = Store.inspect(location).state else {
      Issue.record("inspect should refuse")
      return
    }
    #expect(error.kind == .interruptedWrite, "\(error)")
    #expect(Fixture.fileHash(location.database) == before)
    #expect(Fixture.fileHash(journal) == journalBefore)
    let store = try Store.open(location, actor: .tester)
    #expect(try store.loadCareCircle() == Fixture.circle())
    #expect(!FileManager.default.fileExists(atPath: journal))
    #expect(Store.inspect(location).isReady)
  }
}

@Suite("Schema 2 migration of the access log")
struct AccessLogMigrationTests {
  @Test func migratingAStoreFromSchemaOneKeepsEveryRowAndItsChain() throws {
    let folder = try SchemaOneFixture.copy()
    let location = folder.location
    if case .needsMigration(let from, let to) = Store.inspect(location).state {
      #expect(from == 1 && to == Schema.latestVersion)
    } else {
      Issue.record("expected the fixture to need a migration")
    }
    #expect(!FileManager.default.fileExists(atPath: location.anchorFile))
    let store = try Store.open(location, actor: .tester)
    #expect(try store.connection.scalarInt("PRAGMA user_version") == Int64(Schema.latestVersion))
    let rows = try store.accessLog()
    #expect(rows.count == SchemaOneFixture.rows)
    #expect(rows.map(\.id) == Array(1...Int64(SchemaOneFixture.rows)))
    #expect(rows.allSatisfy { $0.chainFormat == 1 && $0.actor == nil })
    #expect(Hex.encode(rows.last?.rowHash ?? []) == SchemaOneFixture.lastRowHash)
    #expect(try store.verifyAccessLog() == nil)
    #expect(try store.loadCareCircle().patients.count == 3)
    // The first anchor names the head the migration found, and the log is sound.
    let head = LogPosition(
      sequence: Int64(SchemaOneFixture.rows), hash: rows.last?.rowHash ?? [])
    #expect(AnchorFile.read(location.anchorFile) == .position(head))
    #expect(try store.reviewAccessLog().isSound)
    // New rows chain onto the old ones in format 2.
    let next = try store.appendAccess(
      AccessEntry(
        patientID: "p-agnes-01", document: "er-sheet", action: "print", toolVersion: "0.2.0",
        outcome: AccessOutcome.completed))
    #expect(next.id == head.sequence + 1 && next.previousHash == head.hash)
    #expect(next.chainFormat == 2 && next.actor != nil)
    #expect(try store.verifyAccessLog() == nil)
    #expect(Store.inspect(location).isReady)
  }
}
