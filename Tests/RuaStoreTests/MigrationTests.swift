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

@Suite("Schema 5: dated holds and the least time between doses")
struct HoldColumnsMigrationTests {
  @Test func aSchemaOneStoreMigratesAndKeepsItsUndatedHold() throws {
    let folder = try SchemaOneFixture.copy()
    let location = folder.location
    let store = try Store.open(location, actor: .tester)
    #expect(try store.connection.scalarInt("PRAGMA user_version") == Int64(Schema.latestVersion))
    for column in ["hold_since", "hold_until", "hold_reason", "min_interval_minutes"] {
      #expect(
        try store.connection.scalarInt(
          "SELECT count(*) FROM pragma_table_info('medications') WHERE name = '\(column)'") == 1,
        "\(column)")
    }
    // The sample's held aspirin, stored before holds had dates: held, "since: not recorded".
    let circle = try store.loadCareCircle()
    let held = circle.patients.flatMap(\.medications).filter { $0.status == .onHold }
    #expect(!held.isEmpty)
    #expect(held.allSatisfy { $0.hold == nil })

    // A dated hold and an interval go in and come back as written, with change-log rows.
    var edited = circle
    let p = try #require(
      edited.patients.firstIndex { $0.medications.contains { $0.status == .onHold } })
    let m = try #require(edited.patients[p].medications.firstIndex { $0.status == .onHold })
    edited.patients[p].medications[m].hold = MedicationHold(
      since: CivilDate(iso: "2026-10-29"), until: CivilDate(iso: "2026-11-05"),
      reason: "dental extraction")
    edited.patients[p].medications[m].minIntervalMinutes = 360
    _ = try store.save(edited, now: Fixture.now)
    let reopened = try Store.open(location, actor: .tester)
    #expect(
      try reopened.loadCareCircle().patients[p].medications[m]
        == edited.patients[p].medications[m])
    let rows = try reopened.changeLog(patient: edited.patients[p].id)
    let fields = rows.last?.fields.map(\.name) ?? []
    #expect(fields.contains("hold_since") && fields.contains("hold_until"), "\(fields)")
    #expect(fields.contains("hold_reason") && fields.contains("min_interval_minutes"))
  }
}

@Suite("Schema 6: source dates, codes, blood type, weight date")
struct SourceDateColumnsMigrationTests {
  @Test func aSchemaOneStoreMigratesAndItsRecordsAreDatedByTheirChanges() throws {
    let folder = try SchemaOneFixture.copy()
    let store = try Store.open(folder.location, actor: .tester)
    #expect(try store.connection.scalarInt("PRAGMA user_version") == 6)
    let columns = [
      ("patients", "source_date"), ("patients", "weight_measured_on"), ("patients", "blood_type"),
      ("medications", "codes"), ("allergies", "codes"), ("conditions", "codes"),
    ]
    for (table, column) in columns {
      #expect(
        try store.connection.scalarInt(
          "SELECT count(*) FROM pragma_table_info('\(table)') WHERE name = '\(column)'") == 1,
        "\(table).\(column)")
    }
    // Rows written before have no source date: their documents are dated by their changes.
    let circle = try store.loadCareCircle()
    #expect(circle.patients.allSatisfy { $0.sourceDate == nil })
    #expect(circle.patients.allSatisfy { $0.allergies.allSatisfy(\.codes.isEmpty) })
  }
}

@Suite("A MAR's changes since the last sheet, from the logs")
struct SheetChangesTests {
  @Test func theLastDeliveredSheetAndTheMedicineRowsSinceIt() throws {
    let folder = TemporaryFolder()
    let store = try Store.create(folder.location, actor: .tester)
    let circle = Fixture.circle()
    let start = Instant(secondsSinceEpoch: 1_795_000_000)
    _ = try store.save(circle, now: start)
    let patient = try #require(circle.patients.first)
    #expect(try store.lastDelivery(of: "administration-record", patient: patient.id) == nil)
    func sheet(
      _ outcome: AccessOutcome, at seconds: Int64, document: String = "administration-record"
    ) throws {
      try store.appendAccess(
        AccessEntry(
          patientID: patient.id, document: document, action: "export", toolVersion: "0",
          outcome: outcome), now: Instant(secondsSinceEpoch: 1_795_000_000 + seconds))
    }
    try sheet(.completed, at: 100)
    try sheet(.failed("disk full"), at: 200)
    try sheet(.completed, at: 300, document: "er-sheet")
    let last = try #require(
      try store.lastDelivery(of: "administration-record", patient: patient.id))
    #expect(last.secondsSinceEpoch == 1_795_000_100)
    // A dose changed after the sheet; nothing before it counts.
    var edited = circle
    edited.patients[0].medications[0].dose = "2 tablets"
    _ = try store.save(edited, now: Instant(secondsSinceEpoch: 1_795_000_150))
    let changes = try store.medicationChanges(patient: patient.id, since: last)
    #expect(changes.count == 1, "\(changes)")
    #expect(changes.first?.action == "update")
    #expect(changes.first?.name == edited.patients[0].medications[0].name)
    #expect(changes.first?.fields.map(\.name) == ["dose"])
    #expect(
      try store.medicationChanges(
        patient: patient.id, since: Instant(secondsSinceEpoch: 1_795_000_151)
      ).isEmpty)
  }
}
