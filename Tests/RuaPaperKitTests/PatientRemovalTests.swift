// SPDX-License-Identifier: Apache-2.0
import RuaCore
import RuaPaperKit
import RuaStore
import Testing

/// `patient remove` as the library plans it: every row of the patient, counted per table in
/// the order the tables come, and nothing written by a dry run.
@Suite struct PatientRemovalTests {
  @Test func aRemovalIsCountedPerTable() throws {
    let fixture = try KitFixture()
    let session = try fixture.session().edit("p-agnes-01")
    let changes = try session.removePatient(dryRun: true)
    let perTable = changes.rowsPerTable
    #expect(perTable.map(\.rows).reduce(0, +) == changes.count)
    #expect(Set(perTable.map(\.table)).count == perTable.count, "a table counted twice")
    #expect(perTable.contains { $0.table == "patients" && $0.rows == 1 }, "\(perTable)")
    #expect(perTable.contains { $0.table == "medications" && $0.rows > 1 }, "\(perTable)")
    // The dry run wrote nothing: the patient is still there to remove.
    #expect(try fixture.session().edit("p-agnes-01").patient.id == "p-agnes-01")
  }
}
