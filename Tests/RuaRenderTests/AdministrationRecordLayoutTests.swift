// SPDX-License-Identifier: Apache-2.0
import Foundation
import RuaCore
import RuaDocuments
import RuaRender
import Testing

/// Issue 30's measurements on the administration record, read back with poppler, for every
/// sample person and the adversarial record: the large print breaks no word, and no page
/// holds less than a quarter of the body when the page before could absorb it (a grid of
/// blank rows to fill in counts as what it fills: `LayoutReadBack.drawn`).
@Suite struct AdministrationRecordLayoutTests {
  typealias M = LayoutMeasurementTests

  static let languages = ["en", "es", "ar", "zh-Hans", "ru", "ko", "vi+en", "ar+en", "zh-Hans+en"]

  func measured(_ patient: Patient, _ language: String, paper: Paper, large: Bool) throws -> (
    DescribedDocument, LayoutReadBack
  ) {
    let built = try M.describe(.mar, patient, language, paper: paper, large: large)
    let renderer = try PDFRenderer(fontsConf: RenderFixture.fontsConf)
    let pdf = try renderer.render(
      built.document, template: built.template, now: RenderFixture.now, creator: "rua-paper test")
    let pages = try renderer.paginate(built.document, template: built.template)
    return (built, try LayoutReadBack(pdf: pdf.bytes, pages: pages))
  }

  /// In Arabic the four-day grid's "الساعة ____" beside each box left the adversarial
  /// record's 23-letter purpose word ("достопримечательностями") a letter too little: the
  /// boxes now go over their words (`Atomizer.columnLayout`), and it is measured too.
  @Test(arguments: languages) func theLargeRecordBreaksNoWord(language: String) throws {
    var problems: [String] = []
    for patient in try DocumentFixture.sample() + [SamplePatients.adversarial] {
      let (built, read) = try measured(patient, language, paper: .letter, large: true)
      problems +=
        read.brokenWords(tokens: M.keptTokens(patient), words: M.sourceWords(built.document))
        .map { "\(patient.id) \(language): \($0)" }
    }
    #expect(problems == [], "\(problems.count) problems")
  }

  /// A closing section too tall to move whole once ended the large print on a page of only
  /// "Bring this record…" (Mei-Ling's, in Arabic or Tagalog with English): such a thin page
  /// is balanced with the page before (`balanced`), so none is exempt.
  @Test(arguments: languages + ["tl+en"])
  func noRecordPageIsASpillThePageBeforeCouldTake(language: String) throws {
    var problems: [String] = []
    for patient in try DocumentFixture.sample() + [SamplePatients.adversarial] {
      for large in [false, true] {
        let (_, read) = try measured(patient, language, paper: .letter, large: large)
        problems += read.sparsePages(quarter: M.quarter, gain: M.tighteningGain).map {
          "\(patient.id) \(language)\(large ? " large" : ""): \($0) (shares \(read.shares))"
        }
      }
    }
    #expect(problems == [], "\(problems.count) problems")
  }
}
