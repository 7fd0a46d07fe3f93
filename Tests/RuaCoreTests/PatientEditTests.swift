// SPDX-License-Identifier: Apache-2.0
import RuaCore
import Testing

/// Edits are validated by the import decoder: the same refusal, word for word and path for path.
@Suite("patient edits")
struct PatientEditTests {
  private func patient() throws -> Patient {
    let circle = try CareCircleFixture.decode(try CareCircleFixture.base())
    return circle.patients[0]
  }

  private func refusal(_ edit: PatientEdit) throws -> CareCircleError? {
    let patient = try patient()
    do {
      _ = try edit.applied(to: patient, index: 0, today: CareCircleFixture.today)
      return nil
    } catch {
      return error
    }
  }

  @Test(
    arguments: [
      ("2026-02-30", "30", nil),
      ("2026-11-02", "30", nil),
      ("2026-10-30", "0", nil),
      ("2026-10-30", "366", nil),
      ("2026-10-30", "ten", nil),
      ("2026-10-30", "30.0", nil),
      ("2026-10-30", "30", "-1"),
      ("2026-10-30", "30", "many"),
    ] as [(String, String, String?)])
  func aBadFillIsRefusedAsImportRefusesIt(date: String, days: String, quantity: String?) throws {
    var fill: [(key: String, value: JSON)] = [
      ("fillDate", .argument(date)), ("daySupply", .argument(days)),
    ]
    if let quantity { fill.append(("quantity", .argument(quantity))) }
    let edit = try refusal(.addFill(medicationID: "m1", fill: fill))
    let file = try CareCircleFixture.base().setting(
      "patients.0.medications.0.fills.1", to: .object(fill))
    let imported = CareCircleFixture.refusal { () throws(CareCircleError) in
      try CareCircleFixture.decode(file)
    }
    #expect(edit != nil)
    #expect(edit == imported)
    #expect(edit?.path.hasPrefix("patients[0].medications[0].fills[1].") == true)
  }

  @Test func aGoodFillIsAppended() throws {
    let edited = try PatientEdit.addFill(
      medicationID: "m1", fill: [("fillDate", .argument("2026-10-31")), ("daySupply", .int(30))]
    ).applied(to: try patient(), index: 0, today: CareCircleFixture.today)
    #expect(edited.medications[0].fills.last == Fill(fillDate: day("2026-10-31"), daySupply: 30))
    #expect(
      Runway.evaluate(edited.medications[0], today: CareCircleFixture.today).runOutDate
        == day("2026-11-30"))
  }

  @Test func statusChangesKeepTheStopDateOnlyWhenStopped() throws {
    let today = CareCircleFixture.today
    let stopped = try PatientEdit.setStatus(
      medicationID: "m1", .stopped, stoppedDate: .argument("2026-10-15")
    ).applied(to: try patient(), index: 0, today: today)
    #expect(stopped.medications[0].status == .stopped)
    #expect(stopped.medications[0].stoppedDate == day("2026-10-15"))
    #expect(Runway.documentOrder(stopped.medications, today: today).isEmpty)
    let held = try PatientEdit.setStatus(medicationID: "m1", .onHold, stoppedDate: nil)
      .applied(to: stopped, index: 0, today: today)
    #expect(held.medications[0].status == .onHold && held.medications[0].stoppedDate == nil)
    let bad = try refusal(
      .setStatus(medicationID: "m1", .stopped, stoppedDate: .argument("2026-13-01")))
    #expect(bad?.path == "patients[0].medications[0].stoppedDate")
  }

  @Test func anAllergyEndsNoKnownAllergies() throws {
    var none = try patient()
    none.allergies = []
    none.noKnownAllergies = true
    let edited = try PatientEdit.addAllergy([("substance", .string("sulfa"))])
      .applied(to: none, index: 3, today: CareCircleFixture.today)
    #expect(edited.allergies == [Allergy(substance: "sulfa")])
    #expect(!edited.noKnownAllergies)
    var refused: CareCircleError?
    do {
      _ = try PatientEdit.addAllergy([("substance", .string(" "))])
        .applied(to: none, index: 3, today: CareCircleFixture.today)
    } catch { refused = error }
    #expect(
      refused?.description
        == "patients[3].allergies[0].substance: is required and must not be empty")
  }

  @Test func aNewMedicineNeedsAUniqueIdAndAName() throws {
    let duplicate = try refusal(.addMedication([("id", .string("m1")), ("name", .string("x"))]))
    #expect(duplicate?.path == "patients[0].medications[1].id")
    let nameless = try refusal(.addMedication([("id", .string("m2")), ("name", .string(""))]))
    #expect(nameless?.path == "patients[0].medications[1].name")
    #expect(MedicationID.make("Metoprolol succinate ER", taken: []) == "m-metoprolol-succinate-er")
    #expect(MedicationID.make("apixaban", taken: ["m-apixaban", "m-apixaban-2"]) == "m-apixaban-3")
    #expect(MedicationID.make("阿司匹林", taken: []) == "m-medicine")
  }

  @Test func theMedCommandsEditsAreBuiltFromWhatWasGiven() throws {
    let today = CareCircleFixture.today
    let held = try PatientEdit.status(
      of: "m1", .onHold, on: nil, until: "2026-11-20", reason: "dentist", today: today
    ).applied(to: try patient(), index: 0, today: today)
    let hold = try #require(held.medications[0].hold)
    #expect(held.medications[0].status == .onHold)
    #expect(hold.since == today && hold.until == day("2026-11-20") && hold.reason == "dentist")
    let stopped = try PatientEdit.status(
      of: "m1", .stopped, on: "2026-10-15", until: nil, reason: nil, today: today
    ).applied(to: held, index: 0, today: today)
    #expect(stopped.medications[0].stoppedDate == day("2026-10-15"))
    #expect(stopped.medications[0].hold == nil)
    let badDate = try refusal(
      .status(of: "m1", .onHold, on: "2026-02-30", until: nil, reason: nil, today: today))
    #expect(badDate?.path == "patients[0].medications[0].hold.since")
    #expect(PatientEdit.statusOptions["since"] == "--on")

    let (id, add) = PatientEdit.newMedication(
      id: nil, texts: ["name": "Apixaban", "strength": "5 mg"], times: "morning,evening",
      asNeeded: false, taken: ["m-apixaban"])
    #expect(id == "m-apixaban-2")
    let added = try add.applied(to: try patient(), index: 0, today: today)
    let medicine = try #require(added.medications.last)
    #expect(medicine.id == "m-apixaban-2" && medicine.strength == "5 mg")
    #expect(medicine.times.count == 2)
    #expect(PatientEdit.newMedicationOptions["times"] == "--times")
    #expect(PatientEdit.newMedicationOptions["purpose"] == "--purpose")
  }

  @Test func aReasonFollowsTheTextRule() throws {
    #expect(try PatientEdit.note("  dentist  ", name: "--reason", max: 200) == "dentist")
    #expect(try PatientEdit.note("", name: "--reason", max: 200) == nil)
    #expect(throws: CareCircleError.self) {
      try PatientEdit.note("a\u{0007}b", name: "--reason", max: 200)
    }
  }
}

@Suite("medicine picker")
struct MedicationSelectorTests {
  static let medications = [
    Medication(id: "m-apix", name: "apixaban", brand: "Eliquis"),
    Medication(id: "m-meto-er", name: "metoprolol succinate ER"),
    Medication(id: "m-meto", name: "metoprolol tartrate", status: .stopped),
    Medication(id: "m-met", name: "metformin HCl ER", brand: "Glucophage XR"),
    Medication(id: "m-warf", name: "warfarin sodium"),
    Medication(id: "m-warf-2", name: "warfarin"),
  ]

  private func pick(_ query: String) -> String {
    switch MedicationSelector.select(query, from: Self.medications) {
    case .found(let medication): return medication.id
    case .ambiguous(let matches): return "ambiguous: " + matches.map(\.id).joined(separator: ",")
    case .notFound: return "none"
    }
  }

  @Test func byIdGenericBrandAndSalt() {
    #expect(pick("m-meto") == "m-meto")
    #expect(pick("Apixaban") == "m-apix")
    #expect(pick("eliquis") == "m-apix")
    #expect(pick("metformin") == "m-met")
    #expect(pick("Glucophage") == "m-met")
    #expect(pick("metoprolol succinate") == "m-meto-er")
    #expect(pick("metoprolol tartrate") == "m-meto")
  }

  @Test func ambiguityListsTheCandidatesAndAnExactNameWins() {
    #expect(pick("metoprolol") == "ambiguous: m-meto-er,m-meto")
    // "warfarin" is every word of one name and part of another: the exact one is meant.
    #expect(pick("warfarin") == "m-warf-2")
  }

  @Test func onlyWholeWordsMatch() {
    #expect(pick("apix") == "none")
    #expect(pick("HCl") == "none")
    #expect(pick("") == "none")
    #expect(pick("aspirin") == "none")
  }
}
