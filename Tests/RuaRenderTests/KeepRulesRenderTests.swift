// SPDX-License-Identifier: Apache-2.0
import RuaCore
import RuaDocuments
import RuaRender
import Testing

/// The keep rules with real Pango measurement (issue 13), on the sample circle's medication
/// lists and fall guides, normal and large print, in both languages and on both papers.
@Suite struct KeepRulesRenderTests {
  typealias F = DocumentFixture

  static let cases: [(language: String, paper: Paper, large: Bool)] = [
    ("en", .letter, false), ("es", .letter, false), ("en", .a4, false), ("es", .a4, false),
    ("en", .letter, true), ("es", .a4, true),
  ]

  func pages(_ built: (Document, Template)) throws -> [Page] {
    try PDFRenderer(fontsConf: RenderFixture.fontsConf).paginate(built.0, template: built.1)
  }

  /// Bands drawn whole (one text box each), table headers and the footer on one line.
  func checkKept(_ pages: [Page], _ what: String) {
    var bandTexts: [String: Int] = [:]
    for page in pages {
      for (index, item) in page.items.enumerated() {
        guard case .bandBorder = item else { continue }
        // The band's text boxes follow its border.
        for next in page.items[(index + 1)...].prefix(4) {
          if case .text(let box) = next { bandTexts[box.text.plainText, default: 0] += 1 }
        }
      }
      let boxes = page.textBoxes
      if let footer = boxes.first(where: {
        $0.text.plainText.hasPrefix("Printed") || $0.text.plainText.hasPrefix("Impreso")
      }) {
        #expect(footer.lines.count == 1, "\(what): the footer wraps on page \(page.number)")
      }
    }
    for (text, count) in bandTexts {
      #expect(count == 1, "\(what): a band is split: \(text.prefix(40))")
    }
  }

  @Test(arguments: 0..<cases.count) func medicationListsAndFallGuidesKeepWhatBelongsTogether(
    index: Int
  ) throws {
    let (language, paper, large) = Self.cases[index]
    for patient in try F.sample() {
      let what = "\(patient.id) \(language) \(paper) large \(large)"
      let meds = try F.medicationList(patient, language: language, paper: paper, large: large)
      checkKept(try pages(meds), "meds " + what)
      let guide = try F.fallGuide(patient, language: language, paper: paper, large: large)
      checkKept(try pages(guide), "falls " + what)
      let text = try F.text(F.render(meds)).filter { !$0.isWhitespace }
      for medication in patient.medications where medication.status != .stopped {
        #expect(text.contains(medication.name.filter { !$0.isWhitespace }), "\(what)")
      }
    }
  }

  @Test func largePrintIsFourteenPointAndOneColumn() throws {
    let (_, template) = try F.fallGuide(try F.sample()[0], large: true)
    #expect(template.layout.columnCount == 1)
    for (name, style) in template.styles
    where !name.hasPrefix("header") && !name.hasPrefix("footer") && name != "stamp" {
      #expect(style.size >= 14, "\(name) is \(style.size) pt")
    }
    let (document, meds) = try F.medicationList(try F.sample()[1], large: true)
    let table = try #require(
      document.blocks.compactMap { block -> Table? in
        if case .table(let table) = block { return table } else { return nil }
      }.first { $0.columns.count == 7 })
    let headers = table.columns.map(\.header.plainText)
    #expect(!headers.contains("Prescriber") && !headers.contains("Morning"))
    #expect(headers.contains("When"))
    #expect((meds.styles["cell"]?.size ?? 0) >= 14)
  }
}
