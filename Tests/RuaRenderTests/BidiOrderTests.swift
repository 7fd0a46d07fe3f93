// SPDX-License-Identifier: Apache-2.0
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

  /// A dose range next to an Arabic drug name keeps its digits in stored order: without the
  /// left-to-right isolate around numbers the ER sheet's high-alert band drew "(10 - 5 mg)".
  @Test func aDoseNextToArabicTextPrintsItsDigitsInStoredOrder() throws {
    let birth = try #require(CivilDate(iso: "1945-07-07"))
    var patient = Patient(id: "p-bidi", fullName: "ليلى حداد", dateOfBirth: birth)
    patient.noKnownAllergies = true
    var medication = Medication(id: "m1", name: "وارفارين")
    medication.strength = "5 - 10 mg"
    medication.dose = "1 - 2 tablets"
    medication.highAlert = true
    patient.medications = [medication]
    patient.phone = "(503) 555-0192"
    let pdf = try RenderFixture.render(patient)
    let text = try RenderFixture.poppler("pdftotext", ["-layout"], pdf: pdf.bytes)
    // pdftotext moves the "(" next to the Arabic word in its logical order; the digits are what
    // matter, and the boxes below check the drawn order.
    #expect(text.contains("5 - 10 mg"))
    #expect(!text.contains("10 - 5"))
    #expect(!text.contains("2 - 1"))
    #expect(text.contains("(503) 555-0192"))
    // The page itself, not only the extracted text: "5" is drawn left of "10" on every line
    // that holds both.
    let boxes = try RenderFixture.poppler("pdftotext", ["-bbox"], pdf: pdf.bytes)
    func lefts(_ word: String) -> [Double] {
      boxes.split(separator: "\n").filter { $0.hasSuffix(">\(word)</word>") }.compactMap {
        $0.split(separator: "\"").dropFirst().first.flatMap { Double($0) }
      }
    }
    let fives = lefts("(5").sorted() + lefts("5").sorted()
    let tens = lefts("10").sorted()
    #expect(!tens.isEmpty)
    for ten in tens {
      #expect(fives.contains { $0 < ten && ten - $0 < 40 }, "a 5 drawn right before 10 at \(ten)")
    }
  }
}
