// SPDX-License-Identifier: Apache-2.0
import Foundation
import RuaCore
import RuaTestSupport
import Testing

@testable import RuaStore

@Suite("Schema 2: who made each change")
struct ChangeOriginMigrationTests {
  /// A store made by the schema-1 rua-paper keeps every row; its old change_log rows have no
  /// command or user, and new rows have both.
  @Test func aSchemaOneStoreMigratesAndKeepsItsRows() throws {
    let folder = TemporaryFolder()
    let location = folder.location
    do {
      // What the schema-1 write path left: a patient and its change_log row.
      let old = try Store.create(
        location, actor: .tester, migrations: Array(Schema.migrations.prefix(1)))
      try old.connection.execute(
        """
        INSERT INTO patients (id, external_id, position, full_name, date_of_birth,
          no_known_allergies) VALUES ('s-1', 'p-old', 0, 'Old Patient', '1940-01-01', 0);
        INSERT INTO change_log (time, epoch, entity, entity_id, patient_id, action, diff)
          VALUES ('2026-11-01T00:00:00Z', 1793491200, 'patients', 's-1', 's-1', 'insert',
          '{"full_name":{"new":"Old Patient"}}');
        """)
    }
    let store = try Store.open(location, actor: .tester)
    #expect(
      try store.connection.scalarInt("PRAGMA user_version") == Int64(Schema.latestVersion))
    var circle = try store.loadCareCircle()
    #expect(circle.patients.map(\.fullName) == ["Old Patient"])
    let before = try store.changeLog()
    #expect(before.count == 1 && before[0].command == nil && before[0].actor == nil)
    #expect(before[0].fields == [.init(name: "full_name", old: nil, new: "Old Patient")])
    circle.patients[0].notes = "changed"
    let origin = ChangeOrigin(command: "import", actor: "ana (uid 1000)")
    _ = try store.save(circle, now: Fixture.now + 1, origin: origin)
    let after = try store.changeLog()
    #expect(after.count == before.count + 1)
    #expect(after.last?.command == "import" && after.last?.actor == "ana (uid 1000)")
    #expect(Array(after.dropLast()) == before)
  }
}

@Suite("Patient edits through the write path")
struct PatientEditStoreTests {
  private func stored() throws -> (TemporaryFolder, Store) {
    let folder = TemporaryFolder()
    let store = try Store.create(folder.location, actor: .tester)
    _ = try store.save(Fixture.circle(), now: Fixture.now)
    return (folder, store)
  }

  @Test func anEditWritesOnlyItsRowsWithTheirOrigin() throws {
    let (folder, store) = try stored()
    let old = try #require(try store.loadPatient(externalID: "p-robert"))
    var new = old
    new.medications[0].status = .onHold
    let origin = ChangeOrigin(command: "med hold", actor: "ana (uid 1000)", reason: "dentist")
    let dry = try store.replacePatient(
      new, expecting: old, origin: origin, now: Fixture.now + 5, dryRun: true)
    let bytes = Fixture.fileHash(folder.location.database)
    #expect(dry.count == 1)
    #expect(Fixture.fileHash(folder.location.database) == bytes)
    let written = try store.replacePatient(
      new, expecting: old, origin: origin, now: Fixture.now + 5, dryRun: false)
    #expect(written == dry)
    #expect(written[0].table == "medications" && written[0].action == "update")
    #expect(written[0].fields == [.init(name: "status", old: "active", new: "on-hold")])
    let last = try #require(try store.changeLog().last)
    #expect(last.command == "med hold" && last.reason == "dentist" && last.patientID == "p-robert")
    #expect(try store.loadPatient(externalID: "p-robert") == new)
    // The other patient and the patient's place in the circle are untouched.
    #expect(try store.loadCareCircle().patients.map(\.id) == ["p-robert", "p-maria"])
  }

  @Test func anEditBasedOnAStaleReadWritesNothing() throws {
    let (folder, store) = try stored()
    let old = try #require(try store.loadPatient(externalID: "p-robert"))
    var other = old
    other.notes = "written by another command in between"
    _ = try store.replacePatient(
      other, expecting: old, origin: ChangeOrigin(command: "fill"), now: Fixture.now + 1,
      dryRun: false)
    let bytes = Fixture.fileHash(folder.location.database)
    var mine = old
    mine.medications[0].status = .stopped
    var caught: StoreError?
    do {
      _ = try store.replacePatient(
        mine, expecting: old, origin: ChangeOrigin(command: "med stop"), now: Fixture.now + 2,
        dryRun: false)
    } catch { caught = error }
    #expect(caught?.kind == .busy)
    #expect(Fixture.fileHash(folder.location.database) == bytes)
  }

  /// A hand-written file (no exportedAt) that sets back an edit-command change is refused; one
  /// that sets back only what an import wrote is not.
  @Test func importListsWhatItWouldSetBack() throws {
    let (folder, store) = try stored()
    let original = Fixture.circle()
    var edited = original.patients[0]
    edited.medications[0].status = .onHold
    _ = try store.replacePatient(
      edited, expecting: original.patients[0], origin: ChangeOrigin(command: "med hold"),
      now: Fixture.now + 10, dryRun: false)
    let bytes = Fixture.fileHash(folder.location.database)

    let summary = try store.save(original, now: Fixture.now + 20)
    #expect(summary.changes == 0)
    #expect(summary.reverts.count == 1)
    #expect(summary.reverts.first?.record.hasPrefix("medication ") == true)
    #expect(summary.reverts.first?.fields == [.init(name: "status", old: "on-hold", new: "active")])
    #expect(Fixture.fileHash(folder.location.database) == bytes)

    // A file exported after the hold does not count it; an import-only field is free to change.
    var later = original
    later.exportedAt = "2035-01-01T00:00:00Z"
    later.patients[0] = edited
    later.patients[0].notes = "new notes"
    let newer = try store.save(later, now: Fixture.now + 30)
    #expect(newer.reverts.isEmpty && newer.changes > 0)

    let forced = try store.save(original, now: Fixture.now + 40, allowReverts: true)
    #expect(forced.reverts.count == 1 && forced.changes > 0)
    #expect(try store.loadCareCircle() == original)
  }
}
