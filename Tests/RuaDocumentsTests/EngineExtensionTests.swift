// SPDX-License-Identifier: Apache-2.0
import Foundation
import RuaDocuments
import Testing

/// The small engine extensions the medication list and the fall guide need: gauges in table
/// cells, level-3 headings, whole checklist items and landscape templates.
@Suite struct EngineExtensionTests {
  @Test func aGaugeIsDrawnAtTheStartOfItsCellAndTheTextMovesRight() throws {
    let table = Table(
      columns: [
        TableColumn(header: Fake.text("Name"), weight: 1),
        TableColumn(header: Fake.text("Refill"), weight: 1),
      ],
      rows: [[Fake.text("a"), Fake.text("OK")], [Fake.text("b"), Fake.text("NO FILL")]],
      gauges: [
        TableGauge(row: 0, column: 1, fraction: 0.25), TableGauge(row: 1, column: 0, fraction: 7),
      ])
    let pages = paginate(
      Fake.document([.table(table)]), layout: Fake.layout, measurer: Fake.measurer)
    let gauges = pages[0].items.compactMap { item -> (Rect, Double)? in
      if case .gauge(let rect, let fraction) = item { return (rect, fraction) } else { return nil }
    }
    #expect(gauges.count == 2)
    #expect(gauges.map(\.1) == [0.25, 1])  // clamped to 0...1
    let ok = try #require(pages[0].textBoxes.first { $0.text.plainText == "OK" })
    let rect = gauges[0].0
    // Column 2 starts at the middle of the 180-point content width, plus the cell padding.
    #expect(rect.x == 10 + 90 + Fake.layout.cellPaddingX)
    #expect(ok.x >= rect.x + rect.width)
    #expect(rect.height > 0 && rect.height <= Fake.lineHeight)
  }

  @Test func levelThreeHeadingsAreTaggedH3WithoutARule() {
    let pages = paginate(
      Fake.document([.heading(level: 3, Fake.text("Kitchen")), .paragraph(Fake.text("text"))]),
      layout: Fake.layout, measurer: Fake.measurer)
    let items = pages[0].items
    let index = items.firstIndex(of: .beginTag("H3"))
    #expect(index != nil)
    if let index {
      #expect(items[index + 2] == .endTag)
      if case .rule = items[index + 3] { Issue.record("a rule under a level-3 heading") }
    }
  }

  @Test func checklistItemsAreNeverSplitAcrossColumns() {
    let long = String(repeating: "word ", count: 14)
    let items = (1...12).map { ChecklistItem(Fake.text("\($0) " + long)) }
    let pages = paginate(
      Fake.document([.columns([.checklist(items)])]), layout: Fake.layout, measurer: Fake.measurer)
    for (number, item) in items.enumerated() {
      let pieces = pages.flatMap { page in
        page.textBoxes.filter { $0.text == item.text }.map { (page.number, $0.x, $0.lines) }
      }
      #expect(pieces.count == 1, "item \(number + 1) is in \(pieces.count) pieces")
    }
  }

  @Test func landscapeSwapsThePageAndSurvivesAPaperChange() throws {
    let text = try TemplateTests.shipped("er-sheet.json").replacingOccurrences(
      of: "\"paper\": \"letter\",", with: "\"paper\": \"letter\", \"orientation\": \"landscape\",")
    let template = try Template.parse(text, file: "t.json")
    #expect(template.orientation == .landscape)
    #expect(template.layout.pageWidth == 792 && template.layout.pageHeight == 612)
    let a4 = template.with(paper: .a4)
    #expect(abs(a4.layout.pageWidth - 841.89) < 0.01 && abs(a4.layout.pageHeight - 595.28) < 0.01)
    #expect(a4.with(orientation: .portrait).layout.pageWidth == Paper.a4.width)
    let portrait = try Template.parse(TemplateTests.shipped("er-sheet.json"), file: "t.json")
    #expect(portrait.orientation == .portrait)
  }

  @Test func aBadOrientationNamesTheKey() throws {
    let text = try TemplateTests.shipped("er-sheet.json").replacingOccurrences(
      of: "\"paper\": \"letter\",", with: "\"paper\": \"letter\", \"orientation\": \"sideways\",")
    #expect {
      try Template.parse(text, file: "t.json")
    } throws: { error in
      (error as? TemplateError)?.description
        == "t.json: orientation: must be one of \"portrait\", \"landscape\""
    }
  }

  @Test(arguments: [
    ("medication-list.json", MedicationList.styleNames, MedicationList.sectionIDs),
    ("fall-guide.json", FallGuide.styleNames, FallGuide.sectionIDs),
  ])
  func shippedTemplatesDefineWhatTheirDocumentUses(
    file: String, styles: [String], sections: [String]
  ) throws {
    let template = try Template.parse(TemplateTests.shipped(file), file: "templates/\(file)")
    try template.requireStyles(styles)
    #expect(Set(template.sections.map(\.id)) == Set(sections))
    for style in styles { #expect((template.style(style)?.size ?? 0) >= 7.5, "\(style)") }
  }
}
