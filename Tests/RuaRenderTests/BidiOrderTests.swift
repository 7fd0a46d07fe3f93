// SPDX-License-Identifier: Apache-2.0
import Foundation
import RuaCore
import RuaDocuments
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

  /// The words of page 1 in `pdftotext -bbox`: text, left edge and top, in the order poppler
  /// lists them (page 1 only: a word of a later page at the same height is not on the line).
  static func words(_ pdf: [UInt8]) throws -> [(text: String, x: Double, y: Double)] {
    let boxes = try RenderFixture.poppler("pdftotext", ["-bbox", "-l", "1"], pdf: pdf)
    let pattern = /<word xMin="([0-9.]+)" yMin="([0-9.]+)"[^>]*>(.*)<\/word>/
    return boxes.split(separator: "\n").compactMap { line in
      guard let match = try? pattern.firstMatch(in: String(line)),
        let x = Double(match.1), let y = Double(match.2)
      else { return nil }
      return (String(match.3), x, y)
    }
  }

  /// Issue 30: on an Arabic page, an English line with an Arabic name in it ("Who to call if
  /// محمد falls") is laid out left to right, its words in reading order, the name isolated: it
  /// was drawn "falls محمد Who to call if" (each Latin stretch isolated on its own in a
  /// right-to-left paragraph). A hostile name mixes scripts, brackets and digits.
  @Test(arguments: ["محمد حداد", "محمد (Mo) 2 حداد)"])
  func anEnglishLineWithAnArabicNameReadsLeftToRightOnAnArabicPage(name: String) throws {
    let birth = try #require(CivilDate(iso: "1945-07-07"))
    var patient = Patient(id: "p-bidi", fullName: name, dateOfBirth: birth)
    patient.noKnownAllergies = true
    patient.contacts = [
      Contact(
        name: "Lucía Ramírez", relation: "daughter", phone: "(503) 555-0121", roles: [.emergency])
    ]
    var (document, template) = try DocumentFixture.fallGuide(patient, language: "ar")
    let labels = try RenderFixture.labels("ar").bilingual(RenderFixture.labels("en"))
    let table = try DocumentFixture.drugClasses
    let content = try DocumentFixture.content("ar")
    document = FallGuide.build(
      patient: patient,
      facts: ERFacts.derive(patient: patient, table: table, today: DocumentFixture.today),
      content: content, today: DocumentFixture.today, printedAt: "2026-11-29 12:00",
      labels: labels, template: template, contentVersion: "falls · drug classes",
      pendingReview: true, secondContent: try DocumentFixture.content("en"))
    let pdf = try DocumentFixture.render((document, template))
    let words = try Self.words(pdf.bytes)
    // Every English line holding "Who to call if": its words left to right in reading order,
    // the Arabic name between "if" and "falls".
    let lines = words.filter { $0.text == "Who" }.map(\.y)
    #expect(!lines.isEmpty, "no English heading 'Who to call if … falls'")
    for y in lines {
      // The heading's own column: the guide is set in columns, and the other column's line at
      // the same height (a source, "NHS …") is not part of it.
      let row = words.filter { abs($0.y - y) < 4 }
      let who = try #require(row.first { $0.text == "Who" }).x
      let falls = try #require(row.first { $0.text == "falls" && $0.x > who }).x
      let line = row.filter { $0.x > who - 60 && $0.x < falls + 60 }
      func x(_ word: String) throws -> Double { try #require(line.first { $0.text == word }).x }
      #expect(try x("Who") < x("to") && x("to") < x("call") && x("call") < x("if"), "\(line)")
      #expect(try x("if") < x("falls"), "English order on the line: \(line.map(\.text))")
      let arabic = line.filter {
        $0.text.unicodeScalars.contains {
          (0x0600...0x06FF).contains($0.value) || (0xFB50...0xFEFF).contains($0.value)
        }
      }
      let (start, end) = (try x("if"), try x("falls"))
      #expect(
        !arabic.isEmpty && arabic.allSatisfy { $0.x > start && $0.x < end },
        "the name sits between 'if' and 'falls': \(line.map(\.text))")
    }
  }

  /// On an English page the same line starts at the left margin with "Who".
  @Test func anEnglishLineWithAnArabicNameStartsAtTheLeftMargin() throws {
    let birth = try #require(CivilDate(iso: "1945-07-07"))
    var patient = Patient(id: "p-bidi", fullName: "محمد حداد", dateOfBirth: birth)
    patient.noKnownAllergies = true
    let pdf = try DocumentFixture.render(DocumentFixture.fallGuide(patient))
    let words = try Self.words(pdf.bytes)
    let who = try #require(words.first { $0.text == "Who" })
    let line = words.filter { abs($0.y - who.y) < 1 }
    let leftmost = try #require(line.min { $0.x < $1.x })
    #expect(leftmost.text == "Who", "\(line.map(\.text))")
    let falls = try #require(line.first { $0.text == "falls" })
    #expect(falls.x > who.x)
  }
}
