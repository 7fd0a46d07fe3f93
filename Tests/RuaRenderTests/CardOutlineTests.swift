// SPDX-License-Identifier: Apache-2.0
import Foundation
import RuaCore
import RuaDocuments
import RuaRender
import Testing

/// Nothing of a wallet card is drawn outside its outline (issue 30), read back with poppler:
/// every sample person and the adversarial record, every `--lang` value and pair, on Letter
/// (both faces inside the cut outline, each word on one face) and on card paper (each face
/// inside its page).
@Suite struct CardOutlineTests {
  @Test(arguments: LayoutMeasurementTests.languages)
  func everyCardStaysInsideItsOutline(language: String) throws {
    let renderer = try PDFRenderer(fontsConf: RenderFixture.fontsConf)
    var problems: [String] = []
    for patient in try DocumentFixture.sample() + [SamplePatients.adversarial] {
      for paper in [Paper.letter, .card] {
        let built = try LayoutMeasurementTests.describe(
          .card, patient, language, paper: paper, large: false)
        let (pdf, pages) = try LayoutMeasurementTests.drawn(built, with: renderer)
        // `RUA_CARD_DUMP=folder` keeps each card to look at.
        if let folder = ProcessInfo.processInfo.environment["RUA_CARD_DUMP"] {
          try Data(pdf.bytes).write(
            to: URL(fileURLWithPath: "\(folder)/\(patient.id)-\(language)-\(paper).pdf"))
        }
        let read = try CardOutlineReadBack(pdf: pdf.bytes, cardPaper: paper == .card)
        #expect(!read.words.isEmpty)
        var faces: [(page: Int, rect: Rect)] = []
        var noteTop: Double?
        if paper == .card {
          faces = pages.map { ($0.number, Rect(x: 0, y: 0, width: $0.width, height: $0.height)) }
        } else {
          let outline = try #require(
            pages[0].items.compactMap { item -> Rect? in
              if case .frame(let rect, _, _) = item { return rect }
              return nil
            }.first)
          let width = outline.width / 2
          faces = [0, 1].map {
            (
              1,
              Rect(
                x: outline.x + Double($0) * width, y: outline.y, width: width,
                height: outline.height)
            )
          }
          // Under the outline: the crop marks (3 pt off, 12 pt long), then the note.
          noteTop = outline.y + outline.height + 15
        }
        // However full the card, its allergy band names at least the first severe allergy
        // (an empty band reads as "no allergies" to whoever finds the card).
        let printed = read.words.map(\.text).joined()
        if let first = patient.allergies.first(where: { $0.severity == .severe })
          ?? patient.allergies.first,
          !printed.contains(first.substance.filter { !$0.isWhitespace })
        {
          problems.append("\(patient.id) card \(language) \(paper): no '\(first.substance)'")
        }
        let outside = read.outside(faces: faces, noteTop: noteTop)
        if !outside.isEmpty {
          problems.append(
            "\(patient.id) card \(language) \(paper): \(outside.count) words outside, "
              + outside.prefix(3).joined(separator: "; "))
        }
      }
    }
    #expect(problems == [], "\(problems.count) problems")
  }
}
