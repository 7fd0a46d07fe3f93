// SPDX-License-Identifier: Apache-2.0
import RuaDocuments
import Testing

/// Check boxes stand over their words when the words beside them do not all fit (issue 30: a
/// large-print week in Arabic set "достопримечательностями" one letter per line short): no
/// column is then narrower than its longest word. Fake measurer: 5 points a character, a
/// 180-point column, 6-point boxes.
@Suite struct BoxStackingTests {
  static func table(columns: Int, word: String) -> Document {
    let table = Table(
      columns: (1...columns).map { TableColumn(header: Fake.text("D\($0)"), weight: 1) },
      rows: [(1...columns).map { _ in Fake.text(word) }],
      gauges: (0..<columns).map { TableGauge.box(row: 0, column: $0) })
    return Fake.document([.table(table)])
  }

  /// The six-letter words of `columns` boxed columns on page 1, and the boxes drawn.
  static func laidOut(columns: Int) throws -> (words: [TextBox], boxes: [Rect]) {
    var layout = Fake.layout
    layout.columnCount = 1
    let pages = paginate(
      Self.table(columns: columns, word: "abcdef"), layout: layout, measurer: Fake.measurer)
    let page = try #require(pages.first)
    let boxes = page.items.compactMap { item -> Rect? in
      if case .checkbox(let rect, _) = item { return rect }
      return nil
    }
    return (page.textBoxes.filter { $0.text.plainText == "abcdef" }, boxes)
  }

  /// Five boxed columns of a six-letter word: beside its box each needs 30 + 6 + 3 + 4.5 =
  /// 43.5 points, 217.5 in all of 180; over it 34.5, 172.5. Each word stays on one line with
  /// its box above it.
  @Test func boxesGoOverTheirWordsWhenTheWordsBesideThemDoNotFit() throws {
    let (words, boxes) = try Self.laidOut(columns: 5)
    #expect(words.count == 5 && boxes.count == 5)
    for word in words {
      #expect(word.lines.count == 1, "'abcdef' at \(word.width) points broke")
      let box = try #require(boxes.first { abs($0.x - word.x) < 0.01 }, "no box over the word")
      #expect(box.y + box.height <= word.y + 0.01, "the box is over its word")
    }
  }

  /// Three such columns fit beside their boxes (130.5 of 180): the boxes stay beside them.
  @Test func boxesStayBesideTheirWordsWhenTheyFit() throws {
    let (words, boxes) = try Self.laidOut(columns: 3)
    #expect(words.count == 3 && boxes.count == 3)
    for word in words {
      #expect(boxes.contains { $0.x + $0.width <= word.x && abs($0.y - word.y) < 2 })
    }
  }
}
