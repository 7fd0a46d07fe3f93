// SPDX-License-Identifier: Apache-2.0
import RuaDocuments

/// A font-free measurer: every character is 5 points wide, every line 10 points tall, and text
/// breaks at any character. Pagination tests use it so their numbers are exact.
enum Fake {
  static let advance = 5.0
  static let lineHeight = 10.0

  static var measurer: TextMeasurer {
    TextMeasurer { text, width in
      let perLine = max(Int(width / advance), 1)
      let count = text.plainText.count
      return Array(repeating: lineHeight, count: max((count + perLine - 1) / perLine, 1))
    }
  }

  /// A 200 × 300 point page: 10-point margins, 20-point header and footer, two columns.
  static let layout = PageLayout(
    pageWidth: 200, pageHeight: 300, marginTop: 10, marginRight: 10, marginBottom: 10,
    marginLeft: 10, headerHeight: 20, footerHeight: 20, columnCount: 2, columnGap: 10,
    blockGap: 4, headingGap: 4, cellPaddingX: 2, cellPaddingY: 1, bandPadding: 3,
    bandLabelWidth: 40, labelFraction: 0.3, checkboxSize: 6)

  static func text(_ string: String) -> StyledText { StyledText(string, style: "body") }

  static func document(_ blocks: [Block]) -> Document {
    Document(
      kind: "test", title: "Test", language: "en", firstPageHeader: text("FIRST"),
      continuationHeader: text("Ana Test DOB 1940"), footerLeft: text("printed"),
      footerCenter: text("v1"), pageNumberFormat: "Page {page} of {pages}",
      pageNumberStyle: "body", blocks: blocks)
  }

  /// Every drawn (text, line) pair across pages, in order.
  static func drawnLines(_ pages: [Page]) -> [(text: String, line: Int, page: Int)] {
    pages.flatMap { page in
      page.textBoxes.flatMap { box in box.lines.map { (box.text.plainText, $0, page.number) } }
    }
  }
}
