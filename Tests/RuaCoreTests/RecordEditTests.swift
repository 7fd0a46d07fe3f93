// SPDX-License-Identifier: Apache-2.0
import RuaCore
import Testing

/// The record commands' pure half: lenient values, element picking, and the list and field
/// edits, each checked by the import decoder.
@Suite("record edits")
struct RecordEditTests {
  private func patient() throws -> Patient {
    try CareCircleFixture.decode(try CareCircleFixture.base()).patients[0]
  }

  private func apply(_ edit: PatientEdit, to patient: Patient? = nil) throws -> Patient {
    try edit.applied(to: try patient ?? self.patient(), index: 0, today: CareCircleFixture.today)
  }

  private func refusal(_ edit: PatientEdit, to patient: Patient? = nil) throws
    -> CareCircleError?
  {
    let base = try patient ?? self.patient()
    do {
      _ = try edit.applied(to: base, index: 0, today: CareCircleFixture.today)
      return nil
    } catch { return error }
  }

  private func read(_ text: String, _ form: RecordValueForm) -> JSON? {
    guard case .success(let value) = RecordValue.read(text, as: form) else { return nil }
    return value
  }

  private func refused(_ text: String, _ form: RecordValueForm) -> String? {
    guard case .failure(let refusal) = RecordValue.read(text, as: form) else { return nil }
    return refusal.reason
  }

  @Test func valuesAreReadLenientlyWhereNothingIsLost() {
    #expect(read("Female", .sex) == .string("female"))
    #expect(read("F", .sex) == .string("female"))
    #expect(read("Severe", .severity) == .string("severe"))
    #expect(read("Intolerance", .allergyKind) == .string("intolerance"))
    #expect(read("61 kg", .weight) == .number("61"))
    #expect(read("61", .weight) == .number("61"))
    #expect(read("61.5kg", .weight) == .number("61.5"))
    #expect(read("134 lb", .weight) == .number("60.8"))
    #expect(read("1.6 m", .height) == .number("160.0"))
    #expect(read("63 in", .height) == .number("160.0"))
    #expect(read("Spanish", .language) == .string("es"))
    #expect(read("español", .language) == .string("es"))
    #expect(read("zh-Hant", .language) == .string("zh-Hant"))
    #expect(read("Yes", .yesNo) == .bool(true))
    #expect(read("no", .yesNo) == .bool(false))
    #expect(
      read("POA, Emergency, health care proxy", .roles)
        == .array([.string("poa"), .string("emergency"), .string("health-care-proxy")]))
    #expect(read("Morning,bedtime", .times) == .array([.string("morning"), .string("bedtime")]))
    // "" removes the field.
    #expect(RecordValue.read("  ", as: .weight) == .success(nil))
  }

  @Test func valuesAreRefusedWhereMeaningWouldBeLost() throws {
    #expect(refused("sixty", .weight) == "is not a weight; accepted: 61, 61 kg, 61.5 kg or 134 lb")
    #expect(refused("61 stone", .weight) != nil)
    #expect(refused("tall", .height) != nil)
    #expect(refused("Klingon", .language)?.hasPrefix("is not a language name") == true)
    #expect(refused("maybe", .yesNo) == "is not yes or no; accepted: yes, no (or true, false)")
    // A choice that is none of its values goes on as typed, and import's rule refuses it.
    #expect(read("bad", .severity) == .string("bad"))
    let bad = try refusal(
      .set(.element(list: "allergies", index: 0), [("severity", read("bad", .severity))]))
    #expect(bad?.path == "patients[0].allergies[0].severity")
    #expect(bad?.reason.hasPrefix("must be one of: mild, moderate, severe, unknown") == true)
    let role = try refusal(
      .set(.element(list: "contacts", index: 0), [("roles", read("poa,boss", .roles))]))
    #expect(role?.path == "patients[0].contacts[0].roles[1]")
  }

  @Test func elementsArePickedByNumberOrByName() {
    let names = ["José Herrera-Müller", "Maria Lopez", "Mark Lopez"]
    #expect(RecordElementSelection.select("2", names: names) == .found(1))
    #expect(RecordElementSelection.select("jose", names: names) == .found(0))
    #expect(RecordElementSelection.select("maria lopez", names: names) == .found(1))
    #expect(RecordElementSelection.select("Mar", names: names) == .ambiguous([1, 2]))
    #expect(RecordElementSelection.select("Lopez", names: names) == .ambiguous([1, 2]))
    #expect(RecordElementSelection.select("4", names: names) == .notFound)
    #expect(RecordElementSelection.select("Zed", names: names) == .notFound)
    #expect(RecordElementSelection.select(" ", names: names) == .notFound)
  }

  @Test func patientFieldsAndObjectsAreSetAndRemoved() throws {
    let edited = try apply(
      .set(
        .patient,
        [
          ("weightKg", .number("61")), ("language", .string("es")), ("sex", .string("female")),
          ("codeStatus", .string("DNR")), ("advanceDirective.location", .string("kitchen")),
          ("pharmacy.phone", .string("555-0100")), ("baseline.cognition", nil),
        ]))
    #expect(edited.weightKg == 61 && edited.language == "es" && edited.sex == .female)
    #expect(edited.codeStatus == "DNR")
    #expect(
      edited.advanceDirective == AdvanceDirective(summary: "Full treatment", location: "kitchen"))
    #expect(edited.pharmacy == Pharmacy(name: "Corner Pharmacy", phone: "555-0100"))
    #expect(edited.baseline == nil)
    let gone = try apply(.set(.patient, [("pharmacy", nil)]))
    #expect(gone.pharmacy == nil)
    let nameless = try refusal(
      .set(.patient, [("pharmacy", nil), ("pharmacy.phone", .string("1"))]))
    #expect(nameless?.path == "patients[0].pharmacy.name")
    let heavy = try refusal(.set(.patient, [("weightKg", .number("600"))]))
    #expect(heavy?.path == "patients[0].weightKg")
    let both = try refusal(.set(.patient, [("noKnownAllergies", .bool(true))]))
    #expect(both?.path == "patients[0].noKnownAllergies")
  }

  @Test func listsTakeAddRemoveSetAndMove() throws {
    let added = try apply(
      .append(list: "contacts", [("name", .string("Son")), ("phone", .string("555-0199"))]))
    #expect(added.contacts.map(\.name) == ["Daughter", "Son"])
    let moved = try apply(.move(list: "contacts", from: 1, to: 0), to: added)
    #expect(moved.contacts.map(\.name) == ["Son", "Daughter"])
    let changed = try apply(
      .set(.element(list: "contacts", index: 1), [("phone", .string("555-0101"))]), to: moved)
    #expect(changed.contacts[1].phone == "555-0101" && changed.contacts[1].roles == [.emergency])
    let removed = try apply(.removeElement(list: "contacts", index: 0), to: changed)
    #expect(removed.contacts.map(\.name) == ["Daughter"])
    let condition = try apply(.append(list: "conditions", [("name", .string("AFib"))]))
    #expect(condition.conditions.map(\.name) == ["Hypertension", "AFib"])
    let since = try refusal(
      .append(list: "conditions", [("name", .string("AFib")), ("since", .string("lately"))]))
    #expect(since?.path == "patients[0].conditions[1].since")
    let device = try apply(.removeElement(list: "devices", index: 0))
    #expect(device.devices.isEmpty)
    let nameless = try refusal(.append(list: "careTeam", [("name", .string(""))]))
    #expect(nameless?.path == "patients[0].careTeam[1].name")
  }

  @Test func anExactDuplicateAllergyIsRefusedAndOneCanBeRemoved() throws {
    let again = [
      ("substance", JSON.string("penicillin")), ("severity", .string("mild")),
      ("kind", .string("allergy")),
    ]
    let duplicate = try refusal(.addAllergy(again))
    #expect(duplicate?.path == "patients[0].allergies[1].substance")
    #expect(duplicate?.reason.hasPrefix("repeats allergies[0] exactly") == true)
    #expect(try refusal(.append(list: "allergies", again)) == duplicate)
    // Another reaction is another allergy.
    let other = try apply(.addAllergy(again + [("reaction", .string("hives"))]))
    #expect(other.allergies.count == 2)
    // Changing one into a copy of the other is refused too.
    let copy = try refusal(
      .set(.element(list: "allergies", index: 1), [("reaction", nil)]), to: other)
    #expect(copy?.path == "patients[0].allergies[1].substance")
    // A duplicate that came in with a file can be removed.
    var imported = try patient()
    imported.allergies.append(imported.allergies[0])
    let removed = try apply(.removeElement(list: "allergies", index: 1), to: imported)
    #expect(removed.allergies.count == 1)
    let none = try apply(.removeElement(list: "allergies", index: 0))
    #expect(none.allergies.isEmpty && !none.noKnownAllergies)
  }

  @Test func aMedicineIsChangedOrRemovedByID() throws {
    let changed = try apply(
      .set(
        .medication(id: "m1"),
        [
          ("dose", .string("2 tablets")),
          ("times", .array([.string("morning"), .string("evening")])),
          ("instructions", .string("with food")), ("prescriber", .string("Dr. Example")),
        ]))
    #expect(changed.medications[0].dose == "2 tablets")
    #expect(changed.medications[0].times == [.morning, .evening])
    #expect(changed.medications[0].instructions == "with food")
    #expect(changed.medications[0].fills.count == 1)
    let slot = try refusal(.set(.medication(id: "m1"), [("times", .array([.string("lunch")]))]))
    #expect(slot?.path == "patients[0].medications[0].times[0]")
    let removed = try apply(.removeMedication(id: "m1"))
    #expect(removed.medications.isEmpty)
  }
}

/// People are found the way people type them: no case, no accents, any part of the name.
@Suite("finding people")
struct PatientFindingTests {
  static let people = [
    PatientName(id: "p-jose", fullName: "José Herrera-Müller"),
    PatientName(id: "p-ana", fullName: "Ana Lee", preferredName: "Nana"),
    PatientName(id: "p-anabel", fullName: "Anabel Herrera"),
  ]

  private func pick(_ query: String) -> String {
    switch PatientSelector.select(query, from: Self.people) {
    case .found(let patient): return patient.id
    case .ambiguous(let matches): return "ambiguous: " + matches.map(\.id).joined(separator: ",")
    case .notFound: return "none"
    }
  }

  @Test func anyPartWithoutCaseOrAccents() {
    #expect(pick("jose") == "p-jose")
    #expect(pick("JOSÉ herrera") == "p-jose")
    #expect(pick("Muller") == "p-jose")
    #expect(pick("müll") == "p-jose")
    #expect(pick("Herrera") == "ambiguous: p-jose,p-anabel")
    #expect(pick("Ana") == "ambiguous: p-ana,p-anabel")
    #expect(pick("ana lee") == "p-ana")
    #expect(pick("nana") == "p-ana")
    #expect(pick("p-jo") == "p-jose")
    #expect(pick("p-an") == "ambiguous: p-ana,p-anabel")
    #expect(pick("Smith") == "none")
  }

  @Test func searchFindsTextAnywhere() {
    let found = Self.people.filter { PatientSelector.matches("RRER", $0) }.map(\.id)
    #expect(found == ["p-jose", "p-anabel"])
    #expect(Self.people.filter { PatientSelector.matches("muller", $0) }.map(\.id) == ["p-jose"])
    #expect(Self.people.filter { PatientSelector.matches("zzz", $0) }.isEmpty)
  }
}
