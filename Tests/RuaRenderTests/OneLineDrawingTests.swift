// SPDX-License-Identifier: Apache-2.0
import CPangoCairo
import RuaDocuments
import Testing

@testable import RuaRender

/// A text proven to stay one line from its line's width up (`OneLine.fitsFromWidth`) is drawn
/// from the layout that proved it, at any of those widths, where that layout draws alike: a
/// table word measured at the page's width and then drawn in its cell needs no layout of its
/// own. Checked against a fresh layout at each width: the same line, glyphs and ranges.
@Suite struct OneLineDrawingTests {
  /// Each run of the layout's first line: its item's place, font, and every glyph's id,
  /// width and offsets.
  static func glyphs(_ layout: TextLayout) -> [[Int]] {
    guard let line = layout.line(0) else { return [] }
    var runs: [[Int]] = []
    var node = line.pointee.runs
    while let current = node {
      defer { node = current.pointee.next }
      let run = current.pointee.data.assumingMemoryBound(to: PangoGlyphItem.self)
      guard let item = run.pointee.item, let glyphs = run.pointee.glyphs else { continue }
      var values = [
        Int(item.pointee.offset), Int(item.pointee.length),
        Int(bitPattern: item.pointee.analysis.font.map { UnsafeRawPointer($0) }),
      ]
      for index in 0..<Int(glyphs.pointee.num_glyphs) {
        let glyph = glyphs.pointee.glyphs[index]
        values += [
          Int(glyph.glyph), Int(glyph.geometry.width), Int(glyph.geometry.x_offset),
          Int(glyph.geometry.y_offset), Int(glyphs.pointee.log_clusters[index]),
        ]
      }
      runs.append(values)
    }
    return runs
  }

  /// The line's extents and the x ranges of its whole text, as the painter and the volatile
  /// marks read them.
  static func geometry(_ layout: TextLayout) -> [Double] {
    guard let line = layout.line(0), let first = layout.lines.first else { return [] }
    var ranges: UnsafeMutablePointer<Int32>?
    var count: Int32 = 0
    pango_layout_line_get_x_ranges(
      line, line.pointee.start_index, line.pointee.start_index + line.pointee.length, &ranges,
      &count)
    defer { g_free(ranges) }
    let xs = (0..<Int(count) * 2).map { Double(ranges?[$0] ?? 0) }
    return [
      Double(layout.lines.count), first.top, first.height, first.baseline, first.x, first.width,
    ] + xs
  }

  @Test(arguments: ["en", "vi", "ru", "zh-Hans"])
  func aOneLinerIsDrawnAtANarrowerWidthAsItsOwnLayoutWouldBe(language: String) throws {
    let template = try RenderFixture.template()
    let renderer = try PDFRenderer(fontsConf: RenderFixture.fontsConf)
    let cache = LayoutCache(
      context: renderer.fonts.context, template: template, language: language,
      direction: .leftToRight)
    var reused = 0
    for text in try OneLineWidthTests.edges + OneLineWidthTests.texts(language) {
      let name = "\(language) \(text.plainText.debugDescription)"
      guard let line = try cache.oneLine(text, width: 400), line.fitsFromWidth else { continue }
      let wide = try cache.layout(text, width: 400)
      for width in [line.width, line.width + 0.25, line.width + 7, (line.width + 400) / 2] {
        let drawn = try cache.layout(text, width: width)
        let own = try TextLayout(
          text, width: width, context: renderer.fonts.context, template: template,
          direction: .leftToRight)
        if drawn === wide { reused += 1 }
        #expect(Self.glyphs(drawn) == Self.glyphs(own), "\(name) at \(width)")
        #expect(Self.geometry(drawn) == Self.geometry(own), "\(name) at \(width)")
      }
    }
    // Most of them are drawn from the layout that measured them.
    #expect(reused > 200, "\(language)")
  }

  /// A centred text, and every text on a right-to-left page, starts its line where the
  /// layout's width puts it: each width keeps a layout of its own.
  @Test func aCentredTextOrARightToLeftPageGetsALayoutPerWidth() throws {
    let template = try RenderFixture.template()
    let renderer = try PDFRenderer(fontsConf: RenderFixture.fontsConf)
    for (language, direction, style) in [
      ("en", TextDirection.leftToRight, "footer-center"), ("ar", .rightToLeft, "body"),
    ] {
      let cache = LayoutCache(
        context: renderer.fonts.context, template: template, language: language,
        direction: direction)
      let text = StyledText("Medication list", style: style)
      let line = try #require(try cache.oneLine(text, width: 400))
      let wide = try cache.layout(text, width: 400)
      let narrow = try cache.layout(text, width: line.width + 7)
      #expect(narrow !== wide, "\(language)")
      #expect(narrow.lines.first?.x != wide.lines.first?.x, "\(language)")
    }
  }
}
