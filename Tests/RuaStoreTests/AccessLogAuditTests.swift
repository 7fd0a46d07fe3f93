// SPDX-License-Identifier: Apache-2.0
import Foundation
import RuaCore
import RuaFiles
import RuaTestSupport
import Testing

@testable import RuaStore

/// Issue 16: who wrote each row, binder contents, the anchor, the triggers, schema 3.
@Suite("Access log: who, anchor, triggers")
struct AccessLogAuditTests {
  func entry(_ outcome: AccessOutcome = "completed", patient: String? = "p-robert") -> AccessEntry {
    AccessEntry(
      patientID: patient, document: "er-sheet", action: "export", destination: "er.pdf",
      sha256: SHA256.hex(Array(outcome.rawValue.utf8)), pages: 1, toolVersion: "0.1.0",
      outcome: outcome)
  }

  func store(rows: Int) throws -> (TemporaryFolder, Store) {
    let folder = TemporaryFolder()
    let store = try Store.create(folder.location, actor: .tester)
    for index in 0..<rows { try store.appendAccess(entry(.other("row \(index)"))) }
    return (folder, store)
  }

  // Expected hashes computed outside Swift (Python hashlib) from the canonical form in
  // docs/store.md: each field as a 4-byte big-endian length and its UTF-8, absent = FFFFFFFF.
  @Test func rowHashKnownAnswers() throws {
    var record = AccessRecord(
      id: 1, uuid: "01890000-0000-7000-8000-000000000000", time: "2026-11-18T11:06:40Z",
      epoch: 1_795_000_000,
      entry: AccessEntry(
        patientID: "p-robert", document: "er-sheet", action: "print", destination: "lab",
        pages: 2, toolVersion: "rua-paper 0.1.0", outcome: "completed", jobID: "42"),
      actor: nil, chainFormat: 1, previousHash: AccessChain.genesis, rowHash: [])
    #expect(
      AccessChain.hash(record).map(Hex.encode)
        == "3a876ba633541c41056618a8daa9c2a70c5abb665713e6e08a09de43f82ab5ca")
    record.chainFormat = 2
    record.actor = AccessActor(userID: 1000, userName: "alice", host: "care-desk", runID: "run-1")
    record.entry.patients = ["p-robert", "p-maria"]
    #expect(
      AccessChain.hash(record).map(Hex.encode)
        == "76e82647ec38ba0167d7711c701eda2a68a90db41cf2267792de7c7420053886")
    // A format-1 row carrying a field format 1 does not hash cannot be canonical.
    record.chainFormat = 1
    #expect(AccessChain.hash(record) == nil)
  }

  @Test func everyRowNamesItsWriterAndTheTimeItWasWritten() throws {
    let (folder, store) = try store(rows: 0)
    defer { withExtendedLifetime(folder) {} }
    let before = Instant(secondsSinceEpoch: Int64(time(nil)))
    let first = try store.appendAccess(entry())
    store.actor = AccessActor(userID: 1001, userName: "bea", host: "desk-2", runID: "run-b")
    let second = try store.appendAccess(entry())
    let after = Instant(secondsSinceEpoch: Int64(time(nil)))
    // The writer is the one the store was opened with, never read from the system inside it.
    #expect(first.actor == .tester)
    #expect((before...after).contains(first.time) && (before...after).contains(second.time))
    #expect(first.storedTime == first.time.rfc3339)
    let rows = try store.accessLog()
    #expect(rows.map(\.actor?.userName) == [first.actor?.userName, "bea"])
    #expect(rows.map(\.chainFormat) == [2, 2])
    #expect(try store.accessLog(AccessQuery(runID: "run-b")).map(\.id) == [second.id])
    #expect(try store.verifyAccessLog() == nil)
  }

  @Test func aBinderRowListsEveryPatientItHeld() throws {
    let (folder, store) = try store(rows: 0)
    defer { withExtendedLifetime(folder) {} }
    var binder = entry(patient: nil)
    binder.document = "binder"
    binder.patients = ["p-robert", "p-maria"]
    try store.appendAccess(binder)
    try store.appendAccess(entry(patient: "p-mar"))
    #expect(try store.accessLog(patient: "p-maria").map(\.entry.document) == ["binder"])
    #expect(try store.accessLog(patient: "p-robert").first?.entry.patients == binder.patients)
    // Whole ids only: "p-mar" is not a prefix match of "p-maria".
    #expect(try store.accessLog(patient: "p-mar").map(\.id) == [2])
    #expect(try store.verifyAccessLog() == nil)
  }

  @Test func filtersByTimeAndAction() throws {
    let (folder, store) = try store(rows: 0)
    defer { withExtendedLifetime(folder) {} }
    try store.appendAccess(entry(), now: Fixture.now)
    var printed = entry()
    printed.action = "print"
    try store.appendAccess(printed, now: Fixture.now + 86_400)
    #expect(try store.accessLog(AccessQuery(since: Fixture.now + 1)).map(\.id) == [2])
    #expect(try store.accessLog(AccessQuery(until: Fixture.now + 1)).map(\.id) == [1])
    #expect(try store.accessLog(AccessQuery(action: "print")).map(\.id) == [2])
    // The bounds to the second: since is inclusive, until exclusive.
    #expect(try store.accessLog(AccessQuery(since: Fixture.now)).map(\.id) == [1, 2])
    #expect(try store.accessLog(AccessQuery(since: Fixture.now + 86_400)).map(\.id) == [2])
    #expect(try store.accessLog(AccessQuery(since: Fixture.now + 86_401)).isEmpty)
    #expect(try store.accessLog(AccessQuery(until: Fixture.now + 86_400)).map(\.id) == [1])
    #expect(try store.accessLog(AccessQuery(until: Fixture.now)).isEmpty)
  }

  @Test(arguments: [1, 2, 5])
  func aCutTailIsCaughtByTheAnchorFileAndByAKeptAnchor(cut: Int) throws {
    let (folder, store) = try store(rows: 5)
    let kept = try store.accessHead()
    #expect(AnchorFile.read(folder.location.anchorFile) == .position(kept))
    try store.connection.execute(
      """
      DROP TRIGGER access_log_no_delete;
      DELETE FROM access_log WHERE id > \(5 - cut);
      \(AccessLogGuard.triggers[1].sql);
      """)
    #expect(try store.verifyAccessLog() == nil, "a cut chain is still internally consistent")
    let review = try store.reviewAccessLog()
    #expect(review.triggerProblems.isEmpty)
    #expect(review.anchor == .notContained(anchor: kept, file: folder.location.anchorFile))
    #expect(!review.isSound)
    #expect(try store.accessPosition(sequence: kept.sequence) == nil)
    #expect(LogAnchorClaim(kept.text)?.matches(kept) == true)
    // The next write refuses instead of extending the cut chain.
    let refused = #expect(throws: StoreError.self) { try store.appendAccess(entry()) }
    #expect(refused?.kind == .accessLogTampered)
    #expect(try store.accessHead().sequence == Int64(5 - cut))
  }

  @Test func aMissingAnchorFileIsReportedAndRefused() throws {
    let (folder, store) = try store(rows: 2)
    Files.remove(folder.location.anchorFile)
    #expect(try store.reviewAccessLog().anchor == .missing(file: folder.location.anchorFile))
    #expect(throws: StoreError.self) { try store.appendAccess(entry()) }
    let repaired = try store.repairAccessLog(toolVersion: "0.1.0")
    #expect(repaired.count == 1 && repaired[0].hasPrefix("re-anchored at 2:"))
    let review = try store.reviewAccessLog()
    #expect(review.isSound && review.head.sequence == 3)
    #expect(try store.accessLog().last?.entry.action == "repair")
  }

  @Test func aDroppedOrAlteredTriggerIsReportedRefusedAndRepaired() throws {
    let (folder, store) = try store(rows: 2)
    #expect(try store.reviewAccessLog().isSound)
    try store.connection.execute(
      """
      DROP TRIGGER access_log_no_update;
      DROP TRIGGER access_log_monotonic;
      CREATE TRIGGER access_log_monotonic BEFORE INSERT ON access_log WHEN 0
        BEGIN SELECT RAISE(ABORT, 'access_log ids must increase'); END;
      """)
    let review = try store.reviewAccessLog()
    #expect(
      review.triggerProblems == [
        "the trigger access_log_no_update is missing",
        "the trigger access_log_monotonic was altered",
      ])
    let refused = #expect(throws: StoreError.self) { try store.appendAccess(entry()) }
    #expect(refused?.kind == .accessLogTampered)
    #expect(refused?.description.contains("doctor --repair") == true)
    // Every writing command refuses, import too.
    #expect(throws: StoreError.self) { _ = try store.save(Fixture.circle(), now: Fixture.now) }
    #expect(try store.listPatients().isEmpty)
    // A second connection (another process) refuses as well.
    #expect(throws: StoreError.self) {
      try Store.open(folder.location, actor: .tester).appendAccess(entry())
    }

    let repaired = try store.repairAccessLog(toolVersion: "0.1.0")
    #expect(repaired.count == 1 && repaired[0].contains("access_log_no_update is missing"))
    let after = try store.reviewAccessLog()
    #expect(after.isSound && after.rows == 3)
    let row = try #require(try store.accessLog().last)
    #expect(row.entry.action == "repair" && row.entry.outcome.rawValue.contains("restored"))
    #expect(try store.repairAccessLog(toolVersion: "0.1.0").isEmpty)
    try store.appendAccess(entry())
  }

  /// Changes one value of the last row and expects `verifyAccessLog` to name it; every column
  /// of access_log is tried, one at a time, each rolled back.
  func expectEveryColumnIsCovered(_ store: Store) throws {
    let last = try store.accessHead().sequence
    try store.connection.execute("DROP TRIGGER access_log_no_update")
    let columns = try store.connection.column("SELECT name FROM pragma_table_info('access_log')")
    #expect(columns.count == 24)
    for column in columns {
      let changed = """
        CASE WHEN \(column) IS NULL THEN '1' WHEN typeof(\(column)) = 'integer' THEN \(column) + 1
        WHEN typeof(\(column)) = 'blob' THEN randomblob(32) ELSE \(column) || 'x' END
        """
      try store.connection.execute("BEGIN")
      try store.connection.execute(
        "UPDATE access_log SET \(column) = \(changed) WHERE id = \(last)")
      let bad = try store.verifyAccessLog()
      try store.connection.execute("ROLLBACK")
      #expect((bad ?? 0) >= last, "a change to \(column) was not caught")
    }
    #expect(try store.verifyAccessLog() == nil)
  }

  @Test func tamperingWithAnyColumnOfAFormat2RowIsCaught() throws {
    let (folder, store) = try store(rows: 3)
    defer { withExtendedLifetime(folder) {} }
    try expectEveryColumnIsCovered(store)
  }

  @Test func tamperingWithAnyColumnOfAMigratedFormat1RowIsCaught() throws {
    let folder = try SchemaOneFixture.copy()
    let store = try Store.open(folder.location, actor: .tester)
    defer { withExtendedLifetime(folder) {} }
    try expectEveryColumnIsCovered(store)
  }
}
