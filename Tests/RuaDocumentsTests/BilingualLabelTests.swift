// SPDX-License-Identifier: Apache-2.0
import RuaCore
import RuaDocuments
import Testing

/// On a bilingual ER sheet every label a clinician reads has its English half: the family's
/// words first, then English in a second-language run.
@Suite("bilingual ER-sheet labels")
struct BilingualLabelTests {
  let patient = BuiltDocument.patient()

  func sheet(_ language: String) throws -> Document {
    let labels = try BuiltDocument.labels(language).bilingual(BuiltDocument.labels("en"))
    let table = DrugClassTable(contentVersion: "1.0.0", sources: [], classes: [])
    return ERSheet.build(
      patient: patient,
      facts: ERFacts.derive(patient: patient, table: table, today: BuiltDocument.today),
      today: BuiltDocument.today, informationAsOf: nil, printedAt: "now", labels: labels,
      template: try BuiltDocument.template("er-sheet.json"), contentVersion: "1",
      pendingReview: false)
  }

  /// The labels of every key–value row and every band.
  func labels(_ document: Document) -> [StyledText] {
    BuiltDocument.blocks(document).flatMap { block -> [StyledText] in
      switch block {
      case .keyValues(let rows): return rows.map(\.label)
      case .alert(let alert): return [alert.label]
      default: return []
      }
    }
  }

  /// The values a label introduces that are fixed words, and the date of birth beside the
  /// name, read in English too.
  @Test(arguments: ["es", "zh-Hans", "ar"])
  func fixedWordValuesAndTheBirthLineHaveTheirEnglish(language: String) throws {
    // Dates are kept on one line with no-break spaces; compare with plain ones.
    let text = String(
      BuiltDocument.allText(try sheet(language)).map { $0 == "\u{00A0}" ? " " : $0 })
    for english in ["/ Not recorded", "Born Jan 2, 1940 · 86 years", "/ None on file"] {
      #expect(text.contains(english), "\(language): no '\(english)' in \(text)")
    }
    let alone = BuiltDocument.allText(try BuiltDocument.erSheet(patient, language: language))
    #expect(!alone.contains("Not recorded") && !alone.contains("Born "), "\(language)")
  }

  func everyStyledText(_ document: Document) -> [StyledText] {
    BuiltDocument.blocks(document).flatMap { block -> [StyledText] in
      switch block {
      case .heading(_, let text), .paragraph(let text), .stamp(let text): return [text]
      case .keyValues(let rows): return rows.flatMap { [$0.label, $0.value] }
      case .alert(let alert): return [alert.label, alert.text]
      case .table(let table): return table.columns.map(\.header) + table.rows.flatMap { $0 }
      case .list(let items): return items.map(\.text)
      case .checklist(let items): return items.map(\.text)
      case .columns: return []
      }
    }
  }

  @Test(arguments: ["es", "zh-Hans", "ar", "vi"])
  func everyRowAndBandLabelHasItsEnglishHalf(language: String) throws {
    let english = try BuiltDocument.labels("en")
    let found = labels(try sheet(language))
    #expect(found.count >= 6, "\(found.map(\.plainText))")
    for label in found {
      let second = label.runs.filter(\.secondLanguage).map(\.text).joined()
      #expect(!second.isEmpty, "\(language): '\(label.plainText)' has no English half")
      #expect(label.runs.first?.secondLanguage == false, "\(language): English came first")
    }
    // The identity line's labels are runs of one paragraph: look at every English run.
    let halves = everyStyledText(try sheet(language)).flatMap { text in
      text.runs.filter(\.secondLanguage).map(\.text)
    }
    for key in [LabelKey.sex, .weight, .language, .interpreter, .allergiesNotRecorded, .codeStatus]
    {
      #expect(
        halves.contains { $0.contains(english[key].trimmingSpaces) },
        "\(language): no English '\(english[key])' in \(halves)")
    }
  }
}

extension String {
  fileprivate var trimmingSpaces: String {
    String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
  }
}
