// SPDX-License-Identifier: Apache-2.0
import RuaDocuments
import Testing

@Suite struct PaginatorTests {
  let layout = Fake.layout

  func table(rows: Int) -> Block {
    .table(
      Table(
        columns: [
          TableColumn(header: Fake.text("Medicine"), weight: 2),
          TableColumn(header: Fake.text("Dose"), weight: 1),
        ],
        rows: (1...rows).map { [Fake.text("row \($0) name"), Fake.text("dose \($0)")] }))
  }

  @Test func tableHeaderRepeatsOnEveryContinuationPage() {
    let pages = paginate(Fake.document([table(rows: 60)]), layout: layout, measurer: Fake.measurer)
    #expect(pages.count > 1)
    for page in pages {
      let texts = page.textBoxes.map(\.text.plainText)
      #expect(texts.contains("Medicine"), "page \(page.number) lacks the table header")
    }
  }

  @Test func rowsAreNeverSplitAndNeverDropped() {
    let pages = paginate(Fake.document([table(rows: 60)]), layout: layout, measurer: Fake.measurer)
    let drawn = Fake.drawnLines(pages)
    for row in 1...60 {
      let pieces = drawn.filter { $0.text == "row \(row) name" }
      let full = Fake.measurer.lineHeights(Fake.text("row \(row) name"), 200 * 2 / 3 - 4).count
      #expect(pieces.map(\.line) == Array(0..<full), "row \(row)")
      #expect(Set(pieces.map(\.page)).count == 1, "row \(row) spans pages")
    }
  }

  @Test func continuationPagesCarryNameAndDateOfBirth() {
    let pages = paginate(Fake.document([table(rows: 60)]), layout: layout, measurer: Fake.measurer)
    #expect(pages[0].textBoxes.first?.text.plainText == "FIRST")
    for page in pages.dropFirst() {
      #expect(page.textBoxes.first?.text.plainText == "Ana Test DOB 1940")
    }
  }

  @Test func everyPageSaysPageNOfM() {
    let pages = paginate(Fake.document([table(rows: 60)]), layout: layout, measurer: Fake.measurer)
    for page in pages {
      let texts = page.textBoxes.map(\.text.plainText)
      #expect(texts.contains("Page \(page.number) of \(pages.count)"))
      #expect(page.count == pages.count)
    }
  }

  @Test func overTallParagraphSplitsAtLinesAndKeepsEveryLine() {
    let long = String(repeating: "x", count: 4000)
    let pages = paginate(
      Fake.document([.paragraph(Fake.text(long))]), layout: layout, measurer: Fake.measurer)
    let total = Fake.measurer.lineHeights(Fake.text(long), layout.contentWidth).count
    let lines = Fake.drawnLines(pages).filter { $0.text == long }.map(\.line)
    #expect(pages.count > 2)
    #expect(lines == Array(0..<total))
  }

  @Test func nothingIsDroppedFromAMixedDocument() {
    let blocks: [Block] = [
      .heading(level: 1, Fake.text("Title")),
      .alert(
        Alert(
          tone: .danger, label: Fake.text("ALLERGIES"),
          text: Fake.text(String(repeating: "a", count: 300)))),
      table(rows: 12),
      .columns([
        .heading(level: 2, Fake.text("Conditions")),
        .list(
          (1...30).map { ListItem(marker: Fake.text("•"), text: Fake.text("condition \($0)")) }),
        .keyValues(
          (1...20).map { KeyValue(label: Fake.text("k\($0)"), value: Fake.text("value \($0)")) }),
        .checklist((1...10).map { ChecklistItem(Fake.text("check \($0)"), checked: $0 % 2 == 0) }),
        .stamp(Fake.text("PENDING CLINICIAN REVIEW")),
      ]),
    ]
    let pages = paginate(Fake.document(blocks), layout: layout, measurer: Fake.measurer)
    let texts = Set(Fake.drawnLines(pages).map(\.text))
    // A band narrower than a column's width prints its label before its text.
    var expected = [
      "Title", "ALLERGIES  " + String(repeating: "a", count: 300), "Conditions",
      "PENDING CLINICIAN REVIEW",
    ]
    expected += (1...12).map { "row \($0) name" } + (1...30).map { "condition \($0)" }
    expected += (1...20).map { "value \($0)" } + (1...10).map { "check \($0)" }
    for text in expected { #expect(texts.contains(text), "\(text) was dropped") }
    let boxes = pages.flatMap { page in
      page.items.compactMap { item -> Rect? in
        if case .checkbox(let rect, _) = item { return rect } else { return nil }
      }
    }
    #expect(boxes.count == 10)
  }

  @Test func tagsBalanceOnEveryPage() {
    let blocks: [Block] = [
      table(rows: 40), .columns([.heading(level: 2, Fake.text("H")), table(rows: 30)]),
    ]
    for page in paginate(Fake.document(blocks), layout: layout, measurer: Fake.measurer) {
      var depth = 0
      for item in page.items {
        if case .beginTag = item { depth += 1 }
        if case .endTag = item { depth -= 1 }
        #expect(depth >= 0)
      }
      #expect(depth == 0, "page \(page.number)")
    }
  }

  @Test func boxesStayInsideTheBodyAndColumns() {
    let blocks: [Block] = [
      .columns((1...80).map { .paragraph(Fake.text("paragraph \($0) with words")) })
    ]
    let pages = paginate(Fake.document(blocks), layout: layout, measurer: Fake.measurer)
    for page in pages {
      for box in page.textBoxes {
        #expect(
          box.x >= layout.marginLeft
            && box.x + box.width <= layout.pageWidth - layout.marginRight + 0.001)
        #expect(box.y >= layout.marginTop && box.y <= layout.pageHeight - layout.marginBottom)
      }
    }
    // Two columns are used: some boxes start right of the middle.
    #expect(pages[0].textBoxes.contains { $0.x > layout.pageWidth / 2 })
  }

  @Test func headingIsNeverLeftAloneAtTheBottomOfAColumn() {
    var blocks: [Block] = []
    for index in 1...12 {
      blocks += [
        .heading(level: 2, Fake.text("Heading \(index)")),
        .paragraph(Fake.text(String(repeating: "p", count: 70))),
      ]
    }
    let pages = paginate(Fake.document(blocks), layout: layout, measurer: Fake.measurer)
    for page in pages {
      let body = page.textBoxes.filter { $0.y > 30 && $0.y < 270 }
      if let last = body.last {
        #expect(!last.text.plainText.hasPrefix("Heading"), "page \(page.number)")
      }
    }
  }
}
