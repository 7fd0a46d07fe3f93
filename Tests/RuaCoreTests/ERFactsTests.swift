// SPDX-License-Identifier: Apache-2.0
import RuaCore
import Testing

@Suite struct ERFactsTests {
  let table: DrugClassTable
  let today = day("2026-11-29")

  init() throws { table = try shippedDrugClassTable() }

  private func patient() -> Patient {
    Patient(id: "p1", fullName: "Rosa Example", dateOfBirth: day("1945-02-14"))
  }

  @Test func allergiesAreListedOrExplicitlyNoneOrNotRecorded() {
    var person = patient()
    #expect(ERFacts.derive(patient: person, table: table, today: today).allergies == .notRecorded)
    person.noKnownAllergies = true
    #expect(
      ERFacts.derive(patient: person, table: table, today: today).allergies == .noKnownAllergies)
    person.noKnownAllergies = false
    let penicillin = Allergy(substance: "penicillin", reaction: "hives", severity: .severe)
    person.allergies = [penicillin, Allergy(substance: "latex")]
    #expect(
      ERFacts.derive(patient: person, table: table, today: today).allergies
        == .listed([penicillin, Allergy(substance: "latex")]))
  }

  @Test func bloodThinnersAntiplateletsHighAlertAndFallRiskAreNamed() {
    var person = patient()
    person.medications = [
      medication("w", "warfarin sodium", fills: [("2026-11-01", 30)]),
      medication("a", "aspirin", fills: [("2026-11-01", 90)]),
      medication("i", "insulin glargine", fills: [("2026-11-20", 30)]),
      medication("o", "oxycodone HCl", asNeeded: true),
      medication("z", "zolpidem", asNeeded: true),
      medication("l", "lisinopril", fills: [("2026-11-01", 90)]),
      medication("x", "apixaban", fills: [("2026-01-01", 30)], status: .stopped),
      medication("h", "enoxaparin", status: .onHold),
    ]
    let facts = ERFacts.derive(patient: person, table: table, today: today)
    #expect(facts.isOnBloodThinner)
    #expect(facts.bloodThinners.map(\.name) == ["warfarin sodium", "enoxaparin"])
    #expect(facts.bloodThinners.first?.classes.map(\.id) == ["anticoagulants"])
    #expect(facts.antiplatelets.map(\.name) == ["aspirin"])
    #expect(facts.otherHighAlert.map(\.name) == ["insulin glargine", "oxycodone HCl"])
    #expect(facts.otherHighAlert.last?.classes.map(\.id) == ["opioids-high-alert"])
    #expect(facts.fallRisk.map(\.name) == ["insulin glargine", "oxycodone HCl", "zolpidem"])
    #expect(facts.fallRisk[1].classes.map { $0.label(locale: "en") } == ["opioid"])
    #expect(!facts.currentMedications.contains { $0.id == "x" })
    #expect(facts.currentMedications.map(\.id) == ["w", "i", "a", "l", "o", "z", "h"])
  }

  @Test func aStoppedBloodThinnerIsNotABloodThinner() {
    var person = patient()
    person.medications = [
      medication("x", "apixaban", fills: [("2026-11-01", 30)], status: .stopped)
    ]
    let facts = ERFacts.derive(patient: person, table: table, today: today)
    #expect(!facts.isOnBloodThinner)
    #expect(facts.currentMedications.isEmpty)
  }

  @Test func aMedicationMarkedHighAlertByTheRecordIsListedWithoutAClass() {
    var person = patient()
    person.medications = [
      medication("d", "digoxin", fills: [("2026-11-01", 30)], highAlert: true),
      medication("w", "warfarin", fills: [("2026-11-01", 30)], highAlert: true),
      medication("g", "glipizide", fills: [("2026-11-01", 30)], highAlert: false),
    ]
    let facts = ERFacts.derive(patient: person, table: table, today: today)
    #expect(facts.otherHighAlert.map(\.name) == ["digoxin"])
    #expect(facts.otherHighAlert.first?.classes.isEmpty == true)
    #expect(facts.bloodThinners.map(\.name) == ["warfarin"])
  }

  @Test func codeStatusIsOnFileOrExplicitlyNone() {
    var person = patient()
    #expect(ERFacts.derive(patient: person, table: table, today: today).codeStatus == .noneOnFile)
    person.codeStatus = "DNR — POLST on file"
    person.advanceDirective = AdvanceDirective(location: "pink form on the fridge")
    #expect(
      ERFacts.derive(patient: person, table: table, today: today).codeStatus
        == .onFile(
          status: "DNR — POLST on file", directiveSummary: nil,
          directiveLocation: "pink form on the fridge"))
    person.codeStatus = nil
    person.advanceDirective = AdvanceDirective(summary: "living will")
    #expect(
      ERFacts.derive(patient: person, table: table, today: today).codeStatus
        == .onFile(status: nil, directiveSummary: "living will", directiveLocation: nil))
  }

  @Test func healthCareProxiesInCallOrder() {
    var person = patient()
    person.contacts = [
      Contact(name: "Ana", roles: [.emergency]),
      Contact(name: "Luis", roles: [.emergency, .healthCareProxy]),
      Contact(name: "Marta", roles: [.poa]),
      Contact(name: "Pedro", roles: [.healthCareProxy]),
    ]
    let facts = ERFacts.derive(patient: person, table: table, today: today)
    #expect(facts.healthCareProxies.map(\.name) == ["Luis", "Pedro"])
  }
}
