// SPDX-License-Identifier: Apache-2.0
import RuaDocuments
import Testing

/// Nothing that belongs together is split (issue 13), checked with the fake measurer: 5 pt a
/// character, 10 pt a line, a 200 × 300 page with a 180-point body width.
@Suite struct KeepTogetherTests {
  let layout = Fake.layout

  func filler(_ lines: Int) -> Block {
    .paragraph(Fake.text(String(repeating: "f", count: 36 * lines)))
  }

  /// The pages on which a text's lines are drawn.
  func pages(of text: String, _ pages: [Page]) -> Set<Int> {
    Set(Fake.drawnLines(pages).filter { $0.text == text }.map(\.page))
  }

  /// A bilingual label pair (the family's language, then English) is never split between
  /// pages, wherever the page break falls: as a paragraph, or as a band's label.
  @Test(arguments: 14...24)
  func aBilingualLabelPairKeepsTogether(fillerLines: Int) {
    let pair = Labels.pair(
      String(repeating: "家", count: 36 * 2), String(repeating: "e", count: 36 * 2),
      style: "body", separator: "\n")
    let label = Labels.pair("过敏", "ALLERGIES", style: "body", separator: "\n")
    let band = Fake.text(String(repeating: "b", count: 36 * 3))
    let document = Fake.document([
      filler(fillerLines), .paragraph(pair), filler(fillerLines),
      .alert(Alert(tone: .danger, label: label, text: band)),
    ])
    let result = paginate(document, layout: layout, measurer: Fake.measurer)
    #expect(pages(of: pair.plainText, result).count == 1, "the pair was split")
    // In this narrow body the band's label leads its text in one cell.
    let banded = label.plainText + "  " + band.plainText
    #expect(pages(of: banded, result).count == 1, "the band's label was split")
  }

  @Test func aBandMovesWholeToTheNextPage() {
    let band = String(repeating: "b", count: 36 * 6)
    let document = Fake.document([
      filler(19),
      .alert(Alert(tone: .warning, label: Fake.text("IMPORTANT"), text: Fake.text(band))),
    ])
    let result = paginate(document, layout: layout, measurer: Fake.measurer)
    #expect(pages(of: "IMPORTANT  " + band, result) == [2])
  }

  @Test func aHeadingKeepsItsFirstTwoLinesAndNoLineIsLeftAlone() {
    let text = String(repeating: "p", count: 36 * 5)
    let document = Fake.document([
      filler(21), .heading(level: 2, Fake.text("Heading")), .paragraph(Fake.text(text)),
    ])
    let result = paginate(document, layout: layout, measurer: Fake.measurer)
    let heading = Fake.drawnLines(result).first { $0.text == "Heading" }
    let lines = Fake.drawnLines(result).filter { $0.text == text }
    let onHeadingPage = lines.filter { $0.page == heading?.page }.count
    #expect(onHeadingPage >= 2, "the heading went with \(onHeadingPage) line(s)")
    for page in Set(lines.map(\.page)) {
      #expect(lines.filter { $0.page == page }.count >= 2, "page \(page) holds a lone line")
    }
  }

  @Test func aShortListStaysWithItsHeading() {
    let items = (1...4).map { ListItem(marker: Fake.text("•"), text: Fake.text("item \($0)")) }
    let document = Fake.document([
      filler(19), .heading(level: 2, Fake.text("Care team")), .list(items),
    ])
    let result = paginate(document, layout: layout, measurer: Fake.measurer)
    let all = Set(["Care team"] + (1...4).map { "item \($0)" }).map { pages(of: $0, result) }
    #expect(Set(all.flatMap { $0 }).count == 1, "the group was split: \(all)")
  }

  @Test func aLongListRepeatsItsHeadingWithContinued() {
    let items = (1...40).map { ListItem(marker: Fake.text("•"), text: Fake.text("item \($0)")) }
    var document = Fake.document([.heading(level: 2, Fake.text("Sources")), .list(items)])
    document.continuedLabel = "continued"
    let result = paginate(document, layout: layout, measurer: Fake.measurer)
    #expect(result.count >= 2)
    for page in result.dropFirst() {
      #expect(page.textBoxes.contains { $0.text.plainText == "Sources (continued)" })
    }
    // The last two entries stay together.
    #expect(pages(of: "item 39", result) == pages(of: "item 40", result))
  }

  @Test func theLastShortSectionKeepsTheLineBeforeIt() {
    let rows = (1...22).map {
      KeyValue(label: Fake.text("k\($0)"), value: Fake.text("row \($0)"))
    }
    let document = Fake.document([
      .keyValues(rows), .heading(level: 2, Fake.text("Review")),
      .paragraph(Fake.text("Reviewed by ____")),
    ])
    let result = paginate(document, layout: layout, measurer: Fake.measurer)
    let last = pages(of: "Reviewed by ____", result)
    #expect(pages(of: "Review", result) == last)
    #expect(pages(of: "row 22", result) == last, "the review block is alone on its page")
  }

  /// A heading, its note and a table whose first two rows fill a page cannot stand together
  /// in any column: the heading and its note end the page they fit on and the table starts
  /// the next. The heading stood alone on a page of its own (the adversarial record's
  /// large-print ar+en medication list, page 2 of 16).
  @Test func aChainTallerThanAPageIsCutWhereTheRestFits() {
    var single = layout
    single.columnCount = 1
    let rows = ["r", "s"].map { [Fake.text(String(repeating: $0, count: 34 * 10))] }
    let table = Table(
      columns: [TableColumn(header: Fake.text("Medication"), weight: 1)], rows: rows)
    let note = String(repeating: "n", count: 30)
    let document = Fake.document([
      filler(8), .heading(level: 2, Fake.text("Scheduled")), .paragraph(Fake.text(note)),
      .table(table),
    ])
    let result = paginate(document, layout: single, measurer: Fake.measurer)
    #expect(pages(of: "Scheduled", result) == [1], "the heading left the page it fits on")
    #expect(pages(of: note, result) == [1], "the heading went without its note")
    #expect(pages(of: "Medication", result).min() == 2, "the table header ended a page alone")
    #expect(result.count == 2)
    // In large print a row that tall may end a page alone: the table starts on page 1 and
    // goes on under its header repeated (issue 30: a third of page 1 was left empty).
    single.letsTallRowsStandAlone = true
    let large = paginate(document, layout: single, measurer: Fake.measurer)
    #expect(pages(of: "Medication", large) == [1, 2], "the table did not start on page 1")
    #expect(pages(of: "Scheduled", large) == [1])
  }

  @Test func columnHeadersNeverBreakInsideAWord() {
    let table = Table(
      columns: [
        TableColumn(header: Fake.text("Medication"), weight: 3),
        TableColumn(header: Fake.text("Concentración"), weight: 0.5),
        TableColumn(header: Fake.text("Flags"), weight: 0.3),
      ],
      rows: [[Fake.text("warfarin"), Fake.text("5 mg"), Fake.text("BT")]])
    let result = paginate(Fake.document([.table(table)]), layout: layout, measurer: Fake.measurer)
    for header in ["Concentración", "Flags"] {
      let box = result[0].textBoxes.first { $0.text.plainText == header }
      #expect(box?.lines == 0..<1, "\(header) wraps")
    }
  }

  @Test func runningHeaderAndFooterStayOnOneLine() {
    var document = Fake.document([filler(3)])
    document.continuationHeader = Fake.text("Ana Test   Date of birth Jan 2, 1940")
    document.footerLeft = Fake.text("Printed 2026-11-29")
    document.footerCenter = Fake.text("Content 1.0 · log 1234")
    document.pageStamp = Fake.text("PENDING")
    let wide = PageLayout(
      pageWidth: 400, pageHeight: 300, marginTop: 10, marginRight: 10, marginBottom: 10,
      marginLeft: 10, headerHeight: 20, footerHeight: 20, columnCount: 2, columnGap: 10,
      blockGap: 4, headingGap: 4, cellPaddingX: 2, cellPaddingY: 1, bandPadding: 3,
      bandLabelWidth: 40, labelFraction: 0.3, checkboxSize: 6)
    let result = paginate(document, layout: wide, measurer: Fake.measurer)
    for text in [
      "FIRST", "Printed 2026-11-29", "Content 1.0 · log 1234", "Page 1 of 1",
    ] {
      let box = result[0].textBoxes.first { $0.text.plainText == text }
      #expect(box?.lines == 0..<1, "\(text) is not one line")
    }
  }

  @Test func aFooterTooLongForOneLineUsesTheShortVersions() {
    var document = Fake.document([filler(3)])
    document.footerLeft = Fake.text("P1")
    document.footerCenter = Fake.text("Template fall-guide 1.0 · Content falls 1.0")
    document.footerCenterShort = Fake.text("fg 1.0")
    let result = paginate(document, layout: layout, measurer: Fake.measurer)
    let texts = result[0].textBoxes.map(\.text.plainText)
    #expect(texts.contains("fg 1.0"))
    #expect(!texts.contains("Template fall-guide 1.0 · Content falls 1.0"))
    let box = result[0].textBoxes.first { $0.text.plainText == "fg 1.0" }
    #expect(box?.lines == 0..<1)
  }

  @Test func listNumbersSitOnTheFirstLineBaseline() {
    // A measurer whose "tall" text (a fallback font) has its first baseline 4 points lower.
    let measurer = TextMeasurer(
      lineHeights: Fake.measurer.lineHeights,
      firstBaseline: { text, _ in text.plainText.hasPrefix("tall") ? 12 : 8 })
    let document = Fake.document([
      .list([ListItem(marker: Fake.text("1."), text: Fake.text("tall 王秀英"))])
    ])
    let boxes = paginate(document, layout: layout, measurer: measurer)[0].textBoxes
    let marker = boxes.first { $0.text.plainText == "1." }
    let text = boxes.first { $0.text.plainText == "tall 王秀英" }
    #expect((marker?.y ?? 0) - (text?.y ?? 0) == 4)
  }
}
