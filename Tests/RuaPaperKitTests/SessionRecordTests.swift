// SPDX-License-Identifier: Apache-2.0
import Foundation
import RuaCore
import RuaPaperKit
import RuaStore
import Testing

/// The record commands' path through `Session`, without argv: lenient values, elements by
/// number or name, one transaction with its change-log rows, and refusals that change nothing.
@Suite struct SessionRecordTests {
  private func stored(_ fixture: KitFixture, _ id: String = "p-agnes-01") throws -> Patient? {
    try fixture.session().store.loadPatient(externalID: id)
  }

  private func storeBytes(_ fixture: KitFixture) throws -> Data {
    try Data(contentsOf: URL(fileURLWithPath: fixture.location.database))
  }

  @Test func aWholeRecordIsKeptWithoutJSON() throws {
    let fixture = try KitFixture()
    let edits: [RecordEdit] = [
      RecordEdit(
        .patient, .set,
        values: [
          ("weight", "61 kg"), ("language", "Spanish"), ("sex", "Female"),
          ("code-status", "DNR/DNI"), ("directive", "POLST: comfort care"),
          ("directive-location", "on the fridge"), ("interpreter", "yes"),
        ]),
      RecordEdit(
        .contact, .add,
        values: [("name", "Rosa Ramírez"), ("phone", "555-0111"), ("roles", "POA, emergency")]),
      RecordEdit(.contact, .move(to: 1), element: "rosa"),
      RecordEdit(.careTeam, .add, values: [("name", "Dr. Okafor"), ("role", "cardiology")]),
      RecordEdit(.pharmacy, .set, values: [("phone", "555-0142")]),
      RecordEdit(.condition, .add, values: [("name", "heart failure"), ("since", "2021")]),
      RecordEdit(.baseline, .set, values: [("mobility", "walker")]),
      RecordEdit(.allergy, .set, element: "codeine", values: [("severity", "Severe")]),
      RecordEdit(.medication, .set, element: "apixaban", values: [("dose", "2 tablets")]),
    ]
    for edit in edits {
      _ = try fixture.session().edit("Agnès").commit(edit, dryRun: false)
    }
    let agnes = try #require(try stored(fixture))
    #expect(agnes.weightKg == 61 && agnes.language == "es" && agnes.sex == .female)
    #expect(agnes.interpreterNeeded == true && agnes.codeStatus == "DNR/DNI")
    #expect(agnes.advanceDirective?.location == "on the fridge")
    #expect(agnes.contacts.first?.name == "Rosa Ramírez")
    #expect(agnes.contacts.first?.roles == [.poa, .emergency])
    #expect(agnes.careTeam.last?.role == "cardiology")
    #expect(agnes.pharmacy?.name == "Sunrise Pharmacy" && agnes.pharmacy?.phone == "555-0142")
    #expect(agnes.conditions.last == Condition(name: "heart failure", since: "2021"))
    #expect(agnes.baseline?.mobility == "walker")
    #expect(agnes.allergies.first { $0.substance == "Codeine" }?.severity == .severe)
    #expect(agnes.medications.first { $0.id == "med-apixaban" }?.dose == "2 tablets")

    let rows = try fixture.session().store.changeLog(patient: "p-agnes-01")
      .filter { $0.command != "import" }
    #expect(
      Set(rows.map(\.command)).isSuperset(of: [
        "patient set", "contact add", "contact move", "team add", "pharmacy set",
        "condition add", "baseline set", "allergy set", "med set",
      ]))
    let weight = rows.first { $0.command == "patient set" }
    #expect(weight?.fields.contains { $0.name == "weight_kg" && $0.new == "61" } == true)
  }

  @Test func refusalsNameTheOptionAndTheFieldAndChangeNothing() throws {
    let fixture = try KitFixture()
    let before = try storeBytes(fixture)
    let refusals: [(RecordEdit, PaperError.Kind, String)] = [
      (
        RecordEdit(.patient, .set, values: [("weight", "sixty")]), .invalidData,
        "patients[0].weightKg (--weight): \"sixty\" is not a weight; accepted: 61, 61 kg"
      ),
      (
        RecordEdit(.patient, .set, values: [("no-known-allergies", "yes")]), .invalidData,
        "noKnownAllergies: cannot be true when allergies are listed"
      ),
      (
        RecordEdit(.contact, .add, values: [("phone", "555")]), .invalidData,
        "contacts[2].name: is required and must not be empty (--name)"
      ),
      (
        RecordEdit(.contact, .set, element: "Nobody", values: [("phone", "1")]), .invalidRequest,
        "has no contact numbered or named \"Nobody\""
      ),
      (
        RecordEdit(.contact, .set, element: "9", values: [("phone", "1")]), .invalidRequest,
        "1. Lucía Ramírez"
      ),
      (
        RecordEdit(.contact, .set, element: "1"), .invalidRequest,
        "contact set needs at least one field to change"
      ),
      (
        RecordEdit(.contact, .remove, element: "1", values: [("phone", "1")]), .invalidRequest,
        "--phone is for 'contact add' and 'contact set', not 'contact remove'"
      ),
      (RecordEdit(.contact, .move(to: 7), element: "1"), .invalidRequest, "--to must be a place"),
      (
        RecordEdit(
          .allergy, .add,
          values: [
            ("substance", "penicillin"),
            ("reaction", "anaphylaxis: throat swelling and low blood pressure"),
            ("severity", "Severe"), ("kind", "allergy"),
          ]), .invalidData,
        "repeats allergies[0] exactly"
      ),
      (
        RecordEdit(.allergy, .add, values: [("substance", "x"), ("severity", "awful")]),
        .invalidData, "severity: must be one of: mild, moderate, severe, unknown (--severity)"
      ),
      (
        RecordEdit(.medication, .set, element: "aspirin", values: [("dose", "2")]),
        .invalidRequest, "has no medicine with the id or name 'aspirin'"
      ),
      (
        RecordEdit(.medication, .set, element: "apixaban", values: [("times", "lunch")]),
        .invalidData, "medications[0].times[0]: must be one of"
      ),
      (
        RecordEdit(.condition, .add, values: [("name", "x"), ("since", "lately")]),
        .invalidData, "since: must be a year (2019), a month (2019-04) or a date (2019-04-17)"
      ),
    ]
    for (edit, kind, message) in refusals {
      let error = refusal { () throws(PaperError) in
        _ = try fixture.session().edit("p-agnes-01").commit(edit, dryRun: false)
      }
      #expect(error?.kind == kind, "\(message): \(error?.message ?? "accepted")")
      #expect(error?.message.contains(message) == true, "\(error?.message ?? "accepted")")
    }
    #expect(try storeBytes(fixture) == before)
  }

  private func refusal(_ body: () throws(PaperError) -> Void) -> PaperError? {
    do {
      try body()
      return nil
    } catch { return error }
  }

  @Test func aDryRunPlansAndWritesNothing() throws {
    let fixture = try KitFixture()
    let before = try storeBytes(fixture)
    let result = try fixture.session().edit("p-agnes-01").commit(
      RecordEdit(.pharmacy, .remove), dryRun: true)
    #expect(result.patient.pharmacy == nil)
    #expect(result.changes.map(\.action) == ["delete"])
    #expect(try storeBytes(fixture) == before)
    #expect(try stored(fixture)?.pharmacy?.name == "Sunrise Pharmacy")
  }

  @Test func aMedicineEnteredByMistakeIsRemovedWithItsFills() throws {
    let fixture = try KitFixture()
    let result = try fixture.session().edit("p-agnes-01").commit(
      RecordEdit(.medication, .remove, element: "med-glipizide"), dryRun: false)
    #expect(!result.patient.medications.contains { $0.id == "med-glipizide" })
    #expect(result.changes.contains { $0.table == "medications" && $0.action == "delete" })
    #expect(try stored(fixture)?.medications.contains { $0.id == "med-glipizide" } == false)
  }
}
