// SPDX-License-Identifier: Apache-2.0
import Foundation
import RuaCore
import RuaPaperKit
import RuaStore
import Testing

/// Issue 34: an import must not undo newer edits because its file claims a time in the future,
/// its dry run refuses what the import refuses, and edits refuse dates and texts that cannot be
/// true (a stop in the future, a fill before birth, a name that prints blank).
@Suite struct ImportAndEditBoundsTests {
  private func storeBytes(_ fixture: KitFixture) throws -> Data {
    try Data(contentsOf: URL(fileURLWithPath: fixture.location.database))
  }

  private func error(_ body: () throws(PaperError) -> Void) -> PaperError? {
    do {
      try body()
      return nil
    } catch {
      return error
    }
  }

  /// The circle as stored now, dated `exportedAt`: an export made before the edits that follow.
  private func oldExport(_ fixture: KitFixture, exportedAt: Instant) throws -> CareCircle {
    var circle = try fixture.session().store.loadCareCircle()
    circle.exportedAt = exportedAt.rfc3339
    return circle
  }

  private func refill(_ fixture: KitFixture) throws {
    let edit = try fixture.session().edit("Agnès")
    let change = try edit.refill(
      try edit.medication("apixaban"), on: nil, days: "30", quantity: nil)
    _ = try edit.commit(change, command: "fill", dryRun: false, options: [:])
  }

  private func fills(_ fixture: KitFixture) throws -> Int {
    let agnes = try #require(try fixture.session().store.loadPatient(externalID: "p-agnes-01"))
    return agnes.medications.first { $0.id == "med-apixaban" }?.fills.count ?? -1
  }

  @Test func anExportDatedInTheFutureIsRefusedAndTheNewerFillKept() throws {
    let fixture = try KitFixture()
    // Exported on a clock two hours ahead; the fill is made after, on the right clock.
    let ahead = Instant(secondsSinceEpoch: fixture.now.secondsSinceEpoch + 7200)
    let circle = try oldExport(fixture, exportedAt: ahead)
    try refill(fixture)
    let filled = try fills(fixture)
    let before = try storeBytes(fixture)
    for (dryRun, force) in [(false, false), (true, false), (false, true)] {
      let refused = try #require(
        error { () throws(PaperError) in
          _ = try fixture.session().importCircle(
            circle, from: "old.json", dryRun: dryRun, force: force)
        })
      #expect(refused.kind == .invalidData)
      #expect(refused.message.contains("old.json: exportedAt \(ahead.rfc3339) is later"))
      #expect(refused.message.contains("by more than 5 minutes"), "\(refused.message)")
      #expect(refused.message.contains("nothing was written"))
    }
    #expect(try fills(fixture) == filled)
    #expect(try storeBytes(fixture) == before)
  }

  /// A session whose clock reads `offset` seconds from the fixture's.
  private func session(_ fixture: KitFixture, offset: Int64) throws -> Session {
    var host = fixture.host
    host.now = Instant(secondsSinceEpoch: fixture.now.secondsSinceEpoch + offset)
    return try Session.open(
      fixture.location, host: host, ledger: fixture.ledger, closingAbandoned: true)
  }

  @Test func anOwnExportMadeOnAClockAheadStillProtectsTheEditsMadeAfterIt() throws {
    let fixture = try KitFixture()
    // Exported on a clock two hours ahead; the clock is put right and a fill is made.
    let file = fixture.folder + "/ahead.json"
    try session(fixture, offset: 7200).export(to: .file(path: file, replace: false))
    try refill(fixture)
    let filled = try fills(fixture)
    // Three hours on, the file's exportedAt is in the past and says the fill is older.
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: file)))
    let circle = try CareCircleDecoder.decode(bytes, today: fixture.now.utcDate)
    let later = try session(fixture, offset: 3 * 3600)
    let refused = try #require(
      error { () throws(PaperError) in
        _ = try later.importCircle(
          circle, from: "ahead.json", dryRun: false, force: false, bytes: bytes)
      })
    #expect(refused.message.contains("ahead.json would undo 1 newer change"), "\(refused)")
    #expect(try fills(fixture) == filled)
    // The same content from elsewhere (other bytes) is judged by its exportedAt, as before.
    let summary = try later.importCircle(
      circle, from: "ahead.json", dryRun: true, force: false, bytes: bytes + [0x0A])
    #expect(summary.reverts.isEmpty)
  }

  @Test func anExportWithinTheClockSkewIsStillChecked() throws {
    let fixture = try KitFixture()
    let skewed = Instant(secondsSinceEpoch: fixture.now.secondsSinceEpoch + 240)
    let circle = try oldExport(fixture, exportedAt: skewed)
    // Same content: accepted (four minutes is two clocks that differ a little).
    let summary = try fixture.session().importCircle(
      circle, from: "same.json", dryRun: false, force: false)
    #expect(summary.changes == 0)
  }

  @Test func aDryRunRefusesWhatTheImportRefuses() throws {
    let fixture = try KitFixture()
    let earlier = Instant(secondsSinceEpoch: fixture.now.secondsSinceEpoch - 60)
    let circle = try oldExport(fixture, exportedAt: earlier)
    try refill(fixture)
    let before = try storeBytes(fixture)
    var messages: [String] = []
    for dryRun in [true, false] {
      let refused = try #require(
        error { () throws(PaperError) in
          _ = try fixture.session().importCircle(
            circle, from: "old.json", dryRun: dryRun, force: false)
        })
      #expect(refused.kind == .invalidData)
      #expect(refused.message.contains("old.json would undo 1 newer change"))
      messages.append(refused.message)
    }
    #expect(messages[0].contains("dry run: the import would be refused"))
    #expect(try storeBytes(fixture) == before)
    // With --force the dry run plans it and writes nothing.
    let planned = try fixture.session().importCircle(
      circle, from: "old.json", dryRun: true, force: true)
    #expect(planned.reverts.count == 1 && planned.changes == 0)
    #expect(try storeBytes(fixture) == before)
  }

  @Test func aStopDateInTheFutureIsRefusedAndTheMedicineStaysCurrent() throws {
    let fixture = try KitFixture()
    let before = try storeBytes(fixture)
    let edit = try fixture.session().edit("Agnès")
    let tomorrow = fixture.now.utcDate.adding(days: 1).iso
    let refused = try #require(
      error { () throws(PaperError) in
        _ = try edit.commit(
          .setStatus(medicationID: "med-apixaban", .stopped, stoppedDate: .string(tomorrow)),
          command: "med stop", dryRun: false, options: ["stoppedDate": "--on"])
      })
    #expect(refused.kind == .invalidData)
    #expect(refused.message.contains("stoppedDate: must not be after today"))
    #expect(refused.message.contains("(--on); nothing was changed"))
    #expect(refused.message.contains("stop it on the day"), "\(refused.message)")
    #expect(try storeBytes(fixture) == before)
    // On the day itself it is stopped.
    _ = try edit.commit(
      .setStatus(
        medicationID: "med-apixaban", .stopped, stoppedDate: .string(fixture.now.utcDate.iso)),
      command: "med stop", dryRun: false, options: ["stoppedDate": "--on"])
  }

  @Test func aFillOrStopBeforeBirthIsRefused() throws {
    let fixture = try KitFixture()
    let before = try storeBytes(fixture)
    let edit = try fixture.session().edit("Agnès")  // born 1941-03-14
    let fill = try edit.refill(
      try edit.medication("apixaban"), on: "1941-03-13", days: "30", quantity: nil)
    let changes: [(PatientEdit, [String: String], String)] = [
      (
        fill, ["fillDate": "--on"],
        "fillDate: must not be before the date of birth (1941-03-14) (--on)"
      ),
      (
        .setStatus(medicationID: "med-apixaban", .stopped, stoppedDate: .string("1900-01-01")),
        ["stoppedDate": "--on"],
        "stoppedDate: must not be before the date of birth (1941-03-14) (--on)"
      ),
    ]
    for (change, options, reason) in changes {
      let refused = try #require(
        error { () throws(PaperError) in
          _ = try edit.commit(change, command: "fill", dryRun: false, options: options)
        })
      #expect(refused.kind == .invalidData)
      #expect(refused.message.contains(reason), "\(refused.message)")
    }
    #expect(try storeBytes(fixture) == before)
  }

  @Test(arguments: ["\u{2800}", "\u{FFFC}", "\u{0600}"])
  func aMedicineNameThatPrintsBlankIsRefused(_ name: String) throws {
    let fixture = try KitFixture()
    let before = try storeBytes(fixture)
    let edit = try fixture.session().edit("Agnès")
    let refused = try #require(
      error { () throws(PaperError) in
        _ = try edit.commit(
          .addMedication([("id", .string("m-blank")), ("name", .string(name))]),
          command: "med add", dryRun: false, options: ["name": "--name"])
      })
    #expect(refused.kind == .invalidData)
    #expect(refused.message.contains("name: has no visible character"))
    #expect(refused.message.contains("(--name); nothing was changed"))
    #expect(try storeBytes(fixture) == before)
  }

  @Test func aQuantityNoPharmacyDispensesIsRefused() throws {
    let fixture = try KitFixture()
    let edit = try fixture.session().edit("Agnès")
    let fill = try edit.refill(
      try edit.medication("apixaban"), on: nil, days: "30", quantity: "1e308")
    let refused = try #require(
      error { () throws(PaperError) in
        _ = try edit.commit(
          fill, command: "fill", dryRun: false, options: ["quantity": "--quantity"])
      })
    #expect(refused.message.contains("quantity: must be a number greater than 0"))
    #expect(refused.message.contains("(--quantity)"))
    #expect(refused.message.contains("less than 100000"))
  }

  @Test func anExactDuplicateMedicineOrAllergyIsAWarningNotARefusal() throws {
    let fixture = try KitFixture()
    let edit = try fixture.session().edit("Agnès")
    let apixaban = try edit.medication("apixaban")
    var copy: [(key: String, value: JSON)] = [("id", .string("m-copy"))]
    copy.append(("name", .string(apixaban.name.uppercased())))
    for (key, value) in [
      ("brand", apixaban.brand), ("strength", apixaban.strength), ("form", apixaban.form),
      ("route", apixaban.route), ("dose", apixaban.dose), ("schedule", apixaban.schedule),
    ] {
      if let value { copy.append((key, .string(value))) }
    }
    let added = try edit.commit(
      .addMedication(copy), command: "med add", dryRun: true, options: [:])
    let warnings = edit.duplicateWarnings(added.patient)
    #expect(warnings.count == 1)
    #expect(warnings.first?.contains("2 identical entries for apixaban") == true, "\(warnings)")
    let substance = try #require(edit.patient.allergies.first?.substance)
    let allergy = try edit.commit(
      .addAllergy([
        ("substance", .string(substance.lowercased())), ("reaction", .string("wheezing, test")),
      ]),
      command: "allergy add", dryRun: true, options: [:])
    #expect(edit.duplicateWarnings(allergy.patient).first?.contains("2 allergy entries") == true)
    // A different strength is not a duplicate.
    let other = try edit.commit(
      .addMedication([("id", .string("m-other")), ("name", .string("apixaban"))]),
      command: "med add", dryRun: true, options: [:])
    #expect(edit.duplicateWarnings(other.patient).isEmpty)
  }
}
