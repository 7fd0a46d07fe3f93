// SPDX-License-Identifier: Apache-2.0
import RuaCore
import RuaDocuments
import Testing

@Suite struct ERSheetTests {
  let today = day(2026, 11, 29)

  func sheet(_ patient: Patient, language: String = "en") throws -> Document {
    let template = try Template.parse(
      TemplateTests.shipped("er-sheet.json"), file: "templates/er-sheet.json")
    let labels = try Labels.parse(
      TemplateTests.shipped("locales/\(language).json"), file: "\(language).json")
    let table = DrugClassTable(contentVersion: "1.0.0", sources: [], classes: [])
    return ERSheet.build(
      patient: patient, facts: ERFacts.derive(patient: patient, table: table, today: today),
      today: today, informationAsOf: nil, printedAt: "now", labels: labels, template: template,
      contentVersion: "1", pendingReview: false)
  }

  /// All text of the document, in block order.
  func texts(_ document: Document) -> [String] {
    func walk(_ block: Block) -> [String] {
      switch block {
      case .heading(_, let text), .paragraph(let text), .stamp(let text): return [text.plainText]
      case .keyValues(let rows): return rows.flatMap { [$0.label.plainText, $0.value.plainText] }
      case .list(let items): return items.map(\.text.plainText)
      case .table(let table):
        return table.columns.map(\.header.plainText) + table.rows.flatMap { $0.map(\.plainText) }
      case .alert(let alert): return [alert.label.plainText, alert.text.plainText]
      case .checklist(let items): return items.map(\.text.plainText)
      case .columns(let blocks): return blocks.flatMap(walk)
      }
    }
    // Dates are printed with no-break spaces; compare with plain ones.
    return document.blocks.flatMap(walk).map { String($0.map { $0 == "\u{00A0}" ? " " : $0 }) }
  }

  @Test func emptyRecordSaysSoInEverySection() throws {
    let patient = Patient(
      id: "p", fullName: "Ana Empty", dateOfBirth: day(1940, 1, 2))
    let all = try texts(sheet(patient))
    for expected in [
      "ALLERGIES NOT RECORDED", "No current medications recorded.", "No conditions recorded.",
      "No emergency contacts recorded.", "Usual baseline not recorded.",
      "No implanted devices recorded.",
      "No preferred hospital recorded.", "Insurance not recorded.", "None on file",
    ] {
      #expect(all.contains(expected), "missing \(expected)")
    }
    #expect(all.contains("Ana Empty\u{2003}Born Jan 2, 1940 · 86 years"))
  }

  @Test func noKnownAllergiesIsPrintedExplicitly() throws {
    var patient = Patient(
      id: "p", fullName: "Ana", dateOfBirth: day(1940, 1, 2))
    patient.noKnownAllergies = true
    #expect(try texts(sheet(patient)).contains("NO KNOWN ALLERGIES"))
  }

  @Test func continuationHeadersAndTheTitleNameThePatient() throws {
    var patient = Patient(
      id: "p", fullName: "Ana Núñez", dateOfBirth: day(1940, 1, 2))
    patient.allergies = [Allergy(substance: "Latex", reaction: "hives", severity: .severe)]
    let document = try sheet(patient, language: "es")
    // The PDF title names the document and the person, as the page does (screen readers and
    // viewers show it instead of the file name).
    #expect(document.title == "Hoja de información de emergencia: Ana Núñez")
    #expect(document.continuationHeader.plainText.contains("Ana Núñez"))
    #expect(document.continuationHeader.plainText.contains("2\u{A0}ene\u{A0}1940"))
    #expect(texts(document).contains("Latex — hives, GRAVE"))
    #expect(document.pageNumberText(page: 1, of: 2) == "Página 1 de 2")
  }

  @Test func asNeededMedicationIsMarkedInWords() throws {
    var patient = Patient(
      id: "p", fullName: "Ana", dateOfBirth: day(1940, 1, 2))
    patient.medications = [
      Medication(
        id: "m", name: "acetaminophen", strength: "500 mg", dose: "1 tablet", asNeeded: true,
        asNeededReason: "pain")
    ]
    #expect(try texts(sheet(patient)).contains("AS NEEDED for pain"))
  }
}

/// A calendar date for fixtures (the epoch if the parts are invalid, which fails the test).
func day(_ year: Int, _ month: Int, _ dayOfMonth: Int) -> CivilDate {
  CivilDate(year: year, month: month, day: dayOfMonth) ?? CivilDate(daysSinceEpoch: 0)
}
