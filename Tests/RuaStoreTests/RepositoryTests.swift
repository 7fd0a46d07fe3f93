// SPDX-License-Identifier: Apache-2.0
import Foundation
import RuaCore
import RuaTestSupport
import Testing

@testable import RuaStore

@Suite("Repository: the one write path")
struct RepositoryTests {
  func changeLogCount(_ store: Store) throws -> Int64 {
    try store.connection.scalarInt("SELECT count(*) FROM change_log") ?? -1
  }

  @Test func roundTripKeepsEverythingAndOrder() throws {
    let folder = TemporaryFolder()
    let store = try Store.create(folder.location, actor: .tester)
    let circle = Fixture.circle()
    let summary = try store.save(circle, now: Fixture.now)
    #expect(summary.description == "2 patients: 2 added")
    #expect(summary.changes > 0)
    #expect(try store.loadCareCircle() == circle)
    let reopened = try Store.open(folder.location, actor: .tester)
    #expect(try reopened.loadCareCircle() == circle)
    #expect(try reopened.loadPatient(externalID: "p-maria") == circle.patients[1])
    #expect(try reopened.loadPatient(externalID: "nobody") == nil)
    #expect(try reopened.latestChange(forPatient: "p-robert") == Fixture.now)
    #expect(try reopened.latestChange(forPatient: "nobody") == nil)
  }

  @Test func identicalImportWritesNothing() throws {
    let folder = TemporaryFolder()
    let store = try Store.create(folder.location, actor: .tester)
    _ = try store.save(Fixture.circle(), now: Fixture.now)
    let logged = try changeLogCount(store)
    let before = Fixture.fileHash(folder.location.database)
    let summary = try store.save(Fixture.circle(), now: Fixture.now + 60)
    #expect(summary.description == "2 patients: 2 unchanged")
    #expect(summary.changes == 0)
    #expect(try changeLogCount(store) == logged)
    #expect(Fixture.fileHash(folder.location.database) == before)
  }

  @Test func fieldUpdateLogsDiff() throws {
    let folder = TemporaryFolder()
    let store = try Store.create(folder.location, actor: .tester)
    var circle = Fixture.circle()
    _ = try store.save(circle, now: Fixture.now)
    circle.patients[0].medications[0].dose = "2 tablets"
    circle.patients[0].medications[0].fills.removeFirst()
    circle.patients[0].allergies = []
    let summary = try store.save(circle, now: Fixture.now + 100)
    #expect(summary.description == "2 patients: 1 updated, 1 unchanged")
    #expect(try store.loadCareCircle() == circle)
    let statement = try store.connection.prepare(
      "SELECT entity, action, diff FROM change_log WHERE epoch = ? ORDER BY id")
    try statement.bind([.integer(Fixture.now.secondsSinceEpoch + 100)])
    var rows: [String] = []
    while try statement.step() {
      rows.append(
        try [statement.text(0), statement.text(1), statement.text(2)].map { $0 ?? "" }.joined(
          separator: " "))
    }
    #expect(
      rows.contains("medications update {\"dose\":{\"old\":\"1 tablet\",\"new\":\"2 tablets\"}}"))
    #expect(rows.contains { $0.hasPrefix("allergies delete ") })
    // The first fill was removed: the second moved to position 0 (update) and one row went.
    #expect(rows.contains { $0.hasPrefix("fills update ") })
    #expect(rows.contains { $0.hasPrefix("fills delete ") })
    #expect(try store.latestChange(forPatient: "p-robert") == Fixture.now + 100)
    #expect(try store.latestChange(forPatient: "p-maria") == Fixture.now)
  }

  /// A delete records every value that went, so the change log alone can say what was lost.
  @Test func aDeleteLogsEveryDeletedValueExactly() throws {
    let folder = TemporaryFolder()
    let store = try Store.create(folder.location, actor: .tester)
    var circle = Fixture.circle()
    _ = try store.save(circle, now: Fixture.now)
    circle.patients[0].allergies = []
    circle.patients[0].medications[0].fills.removeLast()
    _ = try store.save(circle, now: Fixture.now + 100)
    let statement = try store.connection.prepare(
      "SELECT entity, diff FROM change_log WHERE epoch = ? AND action = 'delete' ORDER BY id")
    try statement.bind([.integer(Fixture.now.secondsSinceEpoch + 100)])
    var rows: [String] = []
    while try statement.step() {
      rows.append((try statement.text(0) ?? "") + " " + (try statement.text(1) ?? ""))
    }
    #expect(
      rows.sorted() == [
        "allergies {\"substance\":{\"old\":\"MARKERALLERGYQX penicillin\"},"
          + "\"reaction\":{\"old\":\"hives\"},\"severity\":{\"old\":\"severe\"}}",
        "fills {\"fill_date\":{\"old\":\"2026-11-01\"},\"day_supply\":{\"old\":30},"
          + "\"pharmacy\":{\"old\":\"Corner Pharmacy\"}}",
      ], "\(rows)")
  }

  @Test func dryRunChangesNothing() throws {
    let folder = TemporaryFolder()
    let store = try Store.create(folder.location, actor: .tester)
    let before = Fixture.fileHash(folder.location.database)
    let summary = try store.save(Fixture.circle(), now: Fixture.now, dryRun: true)
    #expect(summary.description == "2 patients: 2 added")
    #expect(summary.changes == 0)
    #expect(Fixture.fileHash(folder.location.database) == before)
    #expect(try store.listPatients().isEmpty)
  }

  @Test func patientsMissingFromFileAreKept() throws {
    let folder = TemporaryFolder()
    let store = try Store.create(folder.location, actor: .tester)
    var circle = Fixture.circle()
    _ = try store.save(circle, now: Fixture.now)
    circle.patients.removeFirst()
    let summary = try store.save(circle, now: Fixture.now + 1)
    #expect(summary.notInFile == 1)
    #expect(summary.description.contains("1 stored patient not in the file, kept"))
    #expect(try store.listPatients().count == 2)
  }

  @Test func noPlaintextAtRest() throws {
    let folder = TemporaryFolder()
    let store = try Store.create(folder.location, actor: .tester)
    _ = try store.save(Fixture.circle(), now: Fixture.now)
    var circle = Fixture.circle()
    circle.patients[0].notes = "MARKERNOTESQX changed"
    _ = try store.save(circle, now: Fixture.now + 1)
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path + "/data")
    #expect(files.contains("store.db"))
    for name in files {
      let bytes = try #require(FileManager.default.contents(atPath: folder.path + "/data/" + name))
      for marker in ["MARKERNAMEQX", "MARKERNOTESQX", "MARKERALLERGYQX", "MARKERMEDQX", "warfarin"]
      {
        #expect(bytes.range(of: Data(marker.utf8)) == nil, "\(marker) in \(name)")
      }
    }
    // The marker is really stored: the check above is not vacuous.
    #expect(try store.loadCareCircle().patients[0].notes == "MARKERNOTESQX changed")
  }

  @Test func exportReimportIntoFreshStoreIsIdentical() throws {
    let first = TemporaryFolder()
    let second = TemporaryFolder()
    let a = try Store.create(first.location, actor: .tester)
    _ = try a.save(Fixture.circle(), now: Fixture.now)
    let exported = try a.loadCareCircle()
    let b = try Store.create(second.location, actor: .tester)
    _ = try b.save(exported, now: Fixture.now)
    #expect(try b.loadCareCircle() == Fixture.circle())
  }

  @Test func noPlaintextInTheJournalDuringAWrite() throws {
    let folder = TemporaryFolder()
    let store = try Store.create(folder.location, actor: .tester)
    _ = try store.save(Fixture.circle(), now: Fixture.now)
    let c = store.connection
    // A tiny cache forces modified pages to the file mid-transaction, so the journal is written.
    try c.execute("PRAGMA cache_size = 1")
    try c.execute("BEGIN IMMEDIATE")
    let update = try c.prepare("UPDATE patients SET notes = ? WHERE external_id = ?")
    for round in 0..<50 {
      try update.run([
        .text("MARKERJOURNALQX \(round) " + String(repeating: "x", count: 3000)), .text("p-robert"),
      ])
    }
    let journal = folder.location.database + "-journal"
    let journalBytes = try #require(FileManager.default.contents(atPath: journal))
    let databaseBytes = try #require(FileManager.default.contents(atPath: folder.location.database))
    try c.execute("COMMIT")
    #expect(!journalBytes.isEmpty)
    for bytes in [journalBytes, databaseBytes] {
      #expect(bytes.range(of: Data("MARKERJOURNALQX".utf8)) == nil)
      #expect(bytes.range(of: Data("MARKERNAMEQX".utf8)) == nil)
    }
    #expect(
      try store.loadPatient(externalID: "p-robert")?.notes?.hasPrefix("MARKERJOURNALQX 49") == true)
  }

  @Test func reorderAndExtensionsAreLogged() throws {
    let folder = TemporaryFolder()
    let store = try Store.create(folder.location, actor: .tester)
    var circle = Fixture.circle()
    _ = try store.save(circle, now: Fixture.now)
    circle.patients.reverse()
    circle.extensions = nil
    let summary = try store.save(circle, now: Fixture.now + 5)
    #expect(summary.description == "2 patients: 2 updated")
    #expect(try store.listPatients().map(\.id) == ["p-maria", "p-robert"])
    #expect(try store.loadCareCircle() == circle)
    let rows = try store.connection.column(
      "SELECT entity || ' ' || action || ' ' || diff FROM change_log WHERE epoch = \(Fixture.now.secondsSinceEpoch + 5)"
    )
    #expect(
      rows.contains("circle delete {\"extensions\":{\"old\":\"{\\\"app\\\":\\\"test\\\"}\"}}"))
    #expect(rows.filter { $0.hasPrefix("patients update {\"position\"") }.count == 2)
  }
}
