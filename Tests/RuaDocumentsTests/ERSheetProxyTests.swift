// SPDX-License-Identifier: Apache-2.0
import RuaCore
import RuaDocuments
import Testing

/// The health-care proxy is marked in words on the contact who holds the role, and only there:
/// a power of attorney may be financial only and is never shown as the one who decides on care.
@Suite struct ERSheetProxyTests {
  let builder = ERSheetTests()

  func contactLines(_ contacts: [Contact], language: String = "en") throws -> [String] {
    var patient = Patient(id: "p", fullName: "Ana", dateOfBirth: day(1940, 1, 2))
    patient.contacts = contacts
    return try builder.texts(builder.sheet(patient, language: language))
  }

  @Test func theProxyIsNamedAndThePowerOfAttorneyIsNot() throws {
    let lines = try contactLines([
      Contact(name: "Luis Example", phone: "(555) 555-0101", roles: [.emergency, .poa]),
      Contact(name: "Rosa Example", phone: "(555) 555-0102", roles: [.healthCareProxy]),
    ])
    let luis = try #require(lines.first { $0.contains("Luis Example") })
    let rosa = try #require(lines.first { $0.contains("Rosa Example") })
    #expect(rosa.contains("DECISION MAKER (health-care proxy)"))
    #expect(!luis.contains("DECISION MAKER") && luis.contains("power of attorney"))
    #expect(!lines.contains("No health-care proxy (decision maker) recorded."))
  }

  @Test func withoutAProxyTheSheetSaysSoInEachLanguage() throws {
    let poaOnly = [Contact(name: "Luis Example", roles: [.poa])]
    #expect(
      try contactLines(poaOnly).contains(
        "No health-care proxy (decision maker) recorded; whether the power of attorney covers "
          + "health care is not recorded."))
    let spanish = try contactLines(
      [Contact(name: "Rosa Example", roles: [.healthCareProxy])], language: "es")
    #expect(spanish.contains { $0.contains("Rosa Example") && $0.contains("QUIEN DECIDE") })
  }
}
