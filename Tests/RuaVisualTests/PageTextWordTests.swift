// SPDX-License-Identifier: Apache-2.0
import Testing

@testable import RuaVisual

/// Words a reviewer reads: table cells that poppler runs together with no space between them
/// are quoted apart, and a word that goes on at the next letter stays whole.
@Suite struct PageTextWordTests {
  /// Letters 5 pt wide and 10 pt tall from `x`, on the line at `y`.
  static func letters(_ text: String, x: Double, y: Double = 0) -> [(Unicode.Scalar, PointRect)] {
    text.unicodeScalars.enumerated().map { offset, scalar in
      (scalar, PointRect(x: x + Double(offset) * 5, y: y, width: 5, height: 10))
    }
  }

  static func page(_ runs: [(Unicode.Scalar, PointRect)]...) -> PageText {
    let all = runs.flatMap { $0 }
    return PageText(scalars: all.map(\.0), boxes: all.map(\.1))
  }

  @Test func cellsRunTogetherWithAGapAreSeparateWords() {
    // "Warfarin" ends at x 40, "12.5" starts at x 100: poppler gave no space between them.
    let text = Self.page(
      Self.letters("Warfarin", x: 0), Self.letters("12.5", x: 100), Self.letters(" mg", x: 120),
      Self.letters("evening", x: 200))
    let all = PointRect(x: 0, y: 0, width: 400, height: 10)
    #expect(text.words(in: all) == "Warfarin 12.5 mg evening")
    // A box over "12.5" alone quotes that cell, not the row.
    #expect(text.words(in: PointRect(x: 101, y: 0, width: 5, height: 10)) == "12.5")
  }

  @Test func lettersThatTouchOrKernStayOneWord() {
    // Kerning pulls the "o" 1 pt into the "T"; tracking leaves 2 pt between letters.
    let kerned = Self.page(
      [("T", PointRect(x: 0, y: 0, width: 6, height: 10))],
      [("o", PointRect(x: 5, y: 0, width: 5, height: 10))],
      [("p", PointRect(x: 12, y: 0, width: 5, height: 10))])
    #expect(kerned.words(in: PointRect(x: 0, y: 0, width: 20, height: 10)) == "Top")
  }

  @Test func aWordThatGoesOnToTheNextLineWithNoSpaceIsTwoWords() {
    let text = Self.page(Self.letters("left", x: 300), Self.letters("next", x: 0, y: 14))
    #expect(text.words(in: PointRect(x: 0, y: 0, width: 400, height: 30)) == "left next")
  }
}
