import Foundation
import RuaCore
import RuaRender
import Testing

/// A line that starts with a right-to-left name keeps its fields in reading order: the
/// paragraph direction is left to right, whatever letter comes first.
@Suite struct BidiOrderTests {
  @Test func aContactWhoseNameIsArabicKeepsTheFieldsInOrder() throws {
    let birth = try #require(CivilDate(iso: "1945-07-07"))
    var patient = Patient(id: "p-bidi", fullName: "Mei-Ling Chen", dateOfBirth: birth)
    patient.noKnownAllergies = true
    patient.contacts = [
      Contact(
        name: "ليلى حداد (Layla Haddad)", relation: "neighbor", phone: "(503) 555-0192",
        roles: [.caregiver])
    ]
    let pdf = try RenderFixture.render(patient)
    let boxes = try RenderFixture.poppler("pdftotext", ["-bbox"], pdf: pdf.bytes)
    func left(_ word: String) throws -> Double {
      let line = try #require(
        boxes.split(separator: "\n").first { $0.contains(">\(word)</word>") }, "\(word)")
      let value = try #require(line.split(separator: "\"").dropFirst().first)
      return try #require(Double(value))
    }
    // Left to right on the page: the name, then the relation, then the phone.
    #expect(try left("(neighbor)") > left("(Layla"))
    #expect(try left("555-0192") > left("(neighbor)"))
  }
}
