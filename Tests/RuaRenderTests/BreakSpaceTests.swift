// SPDX-License-Identifier: Apache-2.0
import CPangoCairo
import RuaDocuments
import Testing

@testable import RuaRender

/// The space `TextLayout.spacedBreaks` puts before a line break (so a text read back does not
/// glue the two lines) is left out where it does not fit its line (`breakSpaceOverflows`):
/// Pango 1.50 then hung it past the width on one batch worker and moved it alone onto a line of
/// its own on the other, so a medicine's name that fills its column ("hydrochlorothiazide",
/// its strength under it) printed one line apart and `batch --jobs 2` was not byte-identical
/// to `--jobs 1`.
@Suite struct BreakSpaceTests {
  static func nameCell() -> (name: StyledText, cell: StyledText) {
    let name = StyledText([TextRun("hydrochlorothiazide", style: "cell-strong")])
    return (name, name + StyledText([TextRun("\n25 mg", style: "cell")]))
  }

  /// Every width from the name's own line up to a space wider: two lines, none wider than
  /// the box and none empty, measured and drawn alike.
  @Test func aNameThatFillsItsColumnKeepsItsStrengthOnTheNextLine() throws {
    let template = try DocumentFixture.template("medication-list.json")
    let renderer = try PDFRenderer(fontsConf: RenderFixture.fontsConf)
    let cache = LayoutCache(
      context: renderer.fonts.context, template: template, language: "en",
      direction: .leftToRight)
    let (name, cell) = Self.nameCell()
    let own = try #require(try cache.oneLine(name, width: 400)).width
    var overflowing = 0
    for step in 0...12 {
      let width = own + Double(step) * 0.25
      let spaced = try TextLayout(
        cell, width: width, context: renderer.fonts.context, template: template,
        direction: .leftToRight)
      if spaced.breakSpaceOverflows { overflowing += 1 }
      let made = try TextLayout.make(
        cell, width: width, context: renderer.fonts.context, template: template,
        direction: .leftToRight)
      #expect(made.lines.count == 2, "at \(width)")
      #expect(pango_layout_get_line_count(made.layout) == 2, "at \(width)")
      #expect(made.lines.allSatisfy { $0.width <= width }, "at \(width)")
      #expect(try cache.lineHeights(cell, width: width).count == 2, "at \(width)")
      #expect(try cache.layout(cell, width: width).lines.count == 2, "at \(width)")
    }
    // The case is met: below the name and its space, the space does not fit.
    #expect(overflowing > 0)
  }

  /// Where the space fits, it stays: the two lines read back as two words.
  @Test func aBreakSpaceThatFitsStays() throws {
    let template = try DocumentFixture.template("medication-list.json")
    let renderer = try PDFRenderer(fontsConf: RenderFixture.fontsConf)
    let made = try TextLayout.make(
      Self.nameCell().cell, width: 200, context: renderer.fonts.context, template: template,
      direction: .leftToRight)
    #expect(!made.breakSpaceOverflows)
    #expect(String(cString: pango_layout_get_text(made.layout)) == "hydrochlorothiazide \n25 mg")
    #expect(made.lines.count == 2)
  }
}
