// SPDX-License-Identifier: Apache-2.0
import Foundation
import RuaCore
import RuaDocuments
import RuaRender
import Testing

/// Every English element of a bilingual document — labels and values, table cells, bands —
/// carries `/Lang en-US` in the structure tree, and the family's elements carry the document's
/// language (the catalog's, inherited), read back with qpdf and poppler (issue 30): every kind,
/// every bilingual pair, every sample person.
@Suite struct StructureLanguageTests {
  @Test(arguments: LayoutMeasurementTests.languages.filter { $0.contains("+") })
  func everyEnglishElementSaysItsLanguage(language: String) throws {
    let renderer = try PDFRenderer(fontsConf: RenderFixture.fontsConf)
    let family = String(language.prefix { $0 != "+" })
    var problems: [String] = []
    for patient in try DocumentFixture.sample() {
      for kind in DocumentKind.allCases {
        let built = try LayoutMeasurementTests.describe(
          kind, patient, language, paper: .letter, large: false)
        let (pdf, pages) = try LayoutMeasurementTests.drawn(built, with: renderer)
        let english = LayoutMeasurementTests.drawnTexts(pages).flatMap { text in
          text.runs.filter(\.secondLanguage).flatMap { $0.text.split(separator: "\n") }
            .map(String.init)
        }
        #expect(!english.isEmpty)
        let read = try StructureLanguageReadBack(pdf: pdf.bytes)
        let what = "\(patient.id) \(kind.rawValue) \(language)"
        if read.documentLanguage?.hasPrefix(family) != true {
          problems.append("\(what): the document's /Lang is \(read.documentLanguage ?? "none")")
        }
        problems += read.problems(english: english, englishTag: "en-US").map { "\(what): \($0)" }
      }
    }
    #expect(problems == [], "\(problems.count) problems")
  }
}
