// SPDX-License-Identifier: Apache-2.0
import RuaCore
import RuaPaperKit
import RuaStore
import Testing

/// `med stop|hold|resume` as the library decides it (`EditSession.statusChange`): a change
/// to what already is so is none, a held medicine held again changes only with a date or a
/// reason, and the reason is checked as the change log keeps it.
@Suite struct MedicationStatusTests {
  @Test func aStatusThatIsAlreadySoIsNoChange() throws {
    let fixture = try KitFixture()
    let session = try fixture.session().edit("p-agnes-01")
    let apixaban = try session.medication("apixaban")
    #expect(apixaban.status == .active)
    #expect(
      try session.statusChange(of: apixaban, to: .active, on: nil, until: nil, reason: nil) == nil)

    let hold = try #require(
      try session.statusChange(
        of: apixaban, to: .onHold, on: nil, until: nil, reason: "before surgery"))
    #expect(hold.reason == "before surgery")
    let held = try session.commit(
      hold.edit, command: "med hold", reason: hold.reason, dryRun: false,
      options: PatientEdit.statusOptions
    ).patient.medications.first { $0.id == apixaban.id }
    let again = try #require(held)
    #expect(again.status == .onHold)
    // The change log keeps the command and the reason, as `changes PATIENT` lists them.
    let logged = try fixture.session().changeLog("p-agnes-01")
    #expect(logged.contains { $0.command == "med hold" && $0.reason == "before surgery" })
    #expect(
      try session.statusChange(of: again, to: .onHold, on: nil, until: nil, reason: nil) == nil)
    #expect(
      try session.statusChange(of: again, to: .onHold, on: nil, until: nil, reason: "longer")
        != nil)
  }

  @Test func aReasonTooLongForTheChangeLogIsRefused() throws {
    let fixture = try KitFixture()
    let session = try fixture.session().edit("p-agnes-01")
    let apixaban = try session.medication("apixaban")
    let error = #expect(throws: PaperError.self) {
      try session.statusChange(
        of: apixaban, to: .stopped, on: nil, until: nil, reason: String(repeating: "x", count: 201))
    }
    #expect(error?.kind == .invalidData)
    #expect(error?.message.contains("--reason") == true)
  }
}
