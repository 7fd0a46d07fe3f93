// SPDX-License-Identifier: Apache-2.0
internal import CPangoCairo
import RuaDocuments

/// One Pango layout of styled text at a width. Text is set with `pango_layout_set_text` and
/// styled with an attribute list: patient data never passes through markup. On a left-to-right
/// page, in a text with any right-to-left letter, every number is laid out as a left-to-right
/// isolate (`NumberIsolation`), so the right-to-left text cannot reorder its digits; on a
/// right-to-left page every left-to-right stretch is (`DirectionIsolation`), and the
/// alignment swaps sides.
final class TextLayout {
  let layout: OpaquePointer

  /// One wrapped line: its logical top and height, baseline, left offset and width, in points.
  struct Line {
    var top: Double
    var height: Double
    var baseline: Double
    var x: Double
    var width: Double
  }

  /// Line pitch as a share of the natural line height.
  let lineFactor: Double
  /// The byte ranges of the runs marked as per-print values, in the layout's text.
  let volatileRanges: [(field: VolatileField, bytes: Range<Int>)]
  /// Whether the text holds a right-to-left letter (its glyphs are not in reading order).
  let hasRightToLeft: Bool
  /// Whether the text holds a combining mark (a Devanagari virama or vowel sign, a Thai vowel,
  /// a decomposed accent): its glyphs need not be one per character, so cairo may write a
  /// cluster as a nested ActualText span.
  let hasClusters: Bool
  /// The byte ranges of a bilingual label's second language (English), in the layout's text.
  let secondLanguageRanges: [Range<Int>]
  /// Whether a kept word was let go because it overflowed at this width (what it is at another
  /// width depends on that width).
  private(set) var wordsLetGo = false

  /// Whether a space `spacedBreaks` put before a line break does not fit on its line: Pango
  /// 1.50 then either lets it hang past the width or moves it alone onto a line of its own (an
  /// empty line in the box), and which it does depends on the process's history, not on the
  /// text: the same layout came out with two lines on one batch worker and three on the
  /// other ("hydrochlorothiazide \n25 mg" a quarter point wider than the name alone), so
  /// `batch --jobs 2` was not byte-identical to `--jobs 1`. `make` lays such a text out again
  /// without those spaces.
  private(set) var breakSpaceOverflows = false

  /// A layout of `text` at `width`, without the spaces before its line breaks when one of them
  /// would not fit (`breakSpaceOverflows`): the same lines wherever and whenever it is made.
  static func make(
    _ text: StyledText, width: Double, context: OpaquePointer, template: Template,
    direction: TextDirection
  ) throws(RenderError) -> TextLayout {
    let spaced = try TextLayout(
      text, width: width, context: context, template: template, direction: direction)
    guard spaced.breakSpaceOverflows else { return spaced }
    return try TextLayout(
      text, width: width, context: context, template: template, direction: direction,
      spacingBreaks: false)
  }

  init(
    _ text: StyledText, width: Double, context: OpaquePointer, template: Template,
    direction: TextDirection, spacingBreaks: Bool = true
  ) throws(RenderError) {
    let styles = template.styles
    let templateFile = template.file
    lineFactor = template.lineHeight
    guard let layout = pango_layout_new(context) else {
      throw .cairo(operation: "pango_layout_new", status: "out of memory")
    }
    self.layout = layout
    var joined = ""
    var ranges: [(start: Int, end: Int, name: String, style: TextStyle, second: Bool)] = []
    var marked: [(field: VolatileField, bytes: Range<Int>)] = []
    var previousMarked = false
    let isolateNumbers = text.runs.contains { NumberIsolation.hasRightToLeft($0.text) }
    hasRightToLeft = isolateNumbers
    hasClusters = text.runs.contains { run in
      // No combining mark is below U+0300, so Latin-1 text needs no property look-up.
      run.text.unicodeScalars.contains {
        guard $0.value >= 0x300 else { return false }
        switch $0.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return false
        }
      }
    }
    // Each line takes its direction from its language: on a right-to-left page a bilingual
    // label's English lines are left-to-right isolates; on a left-to-right page (and inside
    // those) a right-to-left name is a right-to-left isolate.
    let isolated =
      direction.isRightToLeft
      ? DirectionIsolation.isolated(
        text.runs.map(\.text), leftToRight: text.runs.map(\.secondLanguage))
      : isolateNumbers
        ? DirectionIsolation.isolatingRightToLeft(
          text.runs.map { NumberIsolation.isolated($0.text) })
        : text.runs.map(\.text)
    // A tab is a segment separator: the bidi algorithm puts it, and the spaces before it, at
    // the paragraph's level whatever isolate holds it, so an English note with a tab on an
    // Arabic page was drawn in two pieces, right to left ("redirect gently.  him about the
    // date;"). Wherever the text is isolated, a tab is a space.
    let untabbed =
      direction.isRightToLeft || isolateNumbers
      ? isolated.map { String($0.map { $0 == "\t" ? " " : $0 }) } : isolated
    let spaced = spacingBreaks && Self.spacesBreaks(text)
    let texts = spaced ? Self.spacedBreaks(untabbed) : untabbed
    var plainRanges: [Range<Int>] = []
    var second: [Range<Int>] = []
    var whole: [Range<Int>] = []
    for (run, runText) in zip(text.runs, texts) {
      guard let style = styles[run.style] else {
        throw .unknownStyle(name: run.style, template: templateFile)
      }
      let start = joined.utf8.count
      joined += runText
      if let field = run.volatile { marked.append((field, start..<joined.utf8.count)) }
      if run.keepsWhole { whole.append(start..<joined.utf8.count) }
      if !NumberIsolation.hasRightToLeft(run.text) { plainRanges.append(start..<joined.utf8.count) }
      if run.secondLanguage {
        if let last = second.last, last.upperBound == start {
          second[second.count - 1] = last.lowerBound..<joined.utf8.count
        } else {
          second.append(start..<joined.utf8.count)
        }
      }
      // A marked run shares one attribute range with the runs of its style on either side, so
      // a text split only to mark a part of it lays out exactly as the unsplit text. (Pango may
      // itemize, and so fall back to other fonts, at any range boundary: other runs keep theirs.)
      let joinsPrevious = run.volatile != nil || previousMarked
      if joinsPrevious, let last = ranges.last, last.name == run.style,
        last.second == run.secondLanguage, last.end == start
      {
        ranges[ranges.count - 1].end = joined.utf8.count
      } else {
        ranges.append((start, joined.utf8.count, run.style, style, run.secondLanguage))
      }
      previousMarked = run.volatile != nil
    }
    volatileRanges = marked
    secondLanguageRanges = second
    guard let base = text.baseStyle.flatMap({ styles[$0] }) ?? styles["body"] else {
      throw .unknownStyle(name: text.baseStyle ?? "body", template: templateFile)
    }
    let baseFont = Self.fontDescription(base)
    defer { pango_font_description_free(baseFont) }
    pango_layout_set_font_description(layout, baseFont)
    pango_layout_set_text(layout, joined, Int32(joined.utf8.count))
    pango_layout_set_width(layout, Self.units(width))
    pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
    // The paragraph direction comes from the context (the document's direction, set by the
    // renderer), not from the first letter, so a line that starts with an Arabic name on an
    // English page, or a Latin one on an Arabic page, keeps its fields in order.
    pango_layout_set_auto_dir(layout, 0)
    pango_layout_set_alignment(layout, Self.alignment(base.align, direction))
    let attributes = pango_attr_list_new()
    defer { pango_attr_list_unref(attributes) }
    for range in ranges {
      let font = Self.fontDescription(
        range.style,
        scale: range.second ? TextRun.secondLanguageSize(range.style.size) / range.style.size : 1)
      Self.insert(pango_attr_font_desc_new(font), range.start, range.end, into: attributes)
      pango_font_description_free(font)
      let colour = range.style.colour
      Self.insert(
        pango_attr_foreground_new(
          Self.channel(colour.red), Self.channel(colour.green), Self.channel(colour.blue)),
        range.start, range.end, into: attributes)
    }
    // A break inside an unbroken string (an id, a phone number) must not add a hyphen that
    // reads as part of the data.
    Self.insert(pango_attr_insert_hyphens_new(0), 0, joined.utf8.count, into: attributes)
    // No ligature in a run without right-to-left letters: cairo writes a ligature as a nested
    // `Span` with `ActualText`, which cuts the element's text short in poppler-based readers
    // ("Atrial ﬁ"). Arabic keeps its required ligatures (`rlig`, lam–alef).
    for range in plainRanges {
      Self.insert(
        pango_attr_font_features_new(Self.noLigatures), range.lowerBound, range.upperBound,
        into: attributes)
    }
    // Phone numbers and name words (`keepsWhole`) and Korean words are never broken: Pango
    // would break Hangul between any two syllables, where Korean breaks between words.
    // One such word wider than the box (only a hostile record has one) would run out of it:
    // the words on a line that overflows are let go, and the text laid out again, until none
    // does (nothing leaves its box).
    var unbroken = whole + Self.hangulWords(joined)
    pango_layout_set_attributes(layout, attributes)
    for _ in 0..<8 where !unbroken.isEmpty {
      let kept = pango_attr_list_copy(attributes)
      defer { pango_attr_list_unref(kept) }
      for range in unbroken {
        Self.insert(pango_attr_allow_breaks_new(0), range.lowerBound, range.upperBound, into: kept)
      }
      pango_layout_set_attributes(layout, kept)
      let over = Self.overflowingLines(layout, width: width)
      if over.isEmpty { break }
      wordsLetGo = true
      unbroken.removeAll { range in over.contains { $0.overlaps(range) } }
      if unbroken.isEmpty { pango_layout_set_attributes(layout, attributes) }
    }
    // Fail loudly rather than print boxes; name the style, never the text.
    if pango_layout_get_unknown_glyphs_count(layout) > 0 {
      throw .missingGlyphs(style: text.styleNames.joined(separator: ", "))
    }
    if spaced, joined.utf8.contains(0x0a) {
      breakSpaceOverflows = Self.breakSpaceOverflows(layout, width: width)
    }
  }

  /// Whether a line of `layout` ends in a space before a line break and is wider than
  /// `width`, or holds that space alone (`breakSpaceOverflows`).
  static func breakSpaceOverflows(_ layout: OpaquePointer, width: Double) -> Bool {
    guard let text = pango_layout_get_text(layout) else { return false }
    let bytes = UnsafeRawBufferPointer(start: text, count: strlen(text))
    let limit = units(width)
    for index in 0..<pango_layout_get_line_count(layout) {
      guard let line = pango_layout_get_line_readonly(layout, index) else { continue }
      let start = Int(line.pointee.start_index)
      let end = start + Int(line.pointee.length)
      guard end > start, end < bytes.count, bytes[end - 1] == 0x20, bytes[end] == 0x0a else {
        continue
      }
      var logical = PangoRectangle()
      pango_layout_line_get_extents(line, nil, &logical)
      if end - start == 1 || logical.width > limit { return true }
    }
    return false
  }

  deinit { g_object_unref(UnsafeMutableRawPointer(layout)) }

  /// A width in points as the Pango units a layout is set to (rounded down).
  static func units(_ width: Double) -> Int32 {
    Int32((width * Double(PANGO_SCALE)).rounded(.down))
  }

  /// The byte ranges of the lines of `layout` wider than `width` (a word that could not be
  /// broken).
  static func overflowingLines(_ layout: OpaquePointer, width: Double) -> [Range<Int>] {
    var result: [Range<Int>] = []
    let limit = units(width)
    for index in 0..<pango_layout_get_line_count(layout) {
      guard let line = pango_layout_get_line_readonly(layout, index) else { continue }
      var logical = PangoRectangle()
      pango_layout_line_get_extents(line, nil, &logical)
      if logical.width > limit {
        let start = Int(line.pointee.start_index)
        result.append(start..<start + max(Int(line.pointee.length), 1))
      }
    }
    return result
  }

  /// The byte ranges of the words (between spaces) of `text` that hold a Hangul letter.
  static func hangulWords(_ text: String) -> [Range<Int>] {
    // Every Hangul letter below is three UTF-8 bytes led by E1, E3 or EA–ED: text without
    // such a byte has none.
    guard text.utf8.contains(where: { $0 == 0xE1 || $0 == 0xE3 || (0xEA...0xED).contains($0) })
    else { return [] }
    var ranges: [Range<Int>] = []
    var start: Int?
    var hangul = false
    var offset = 0
    for scalar in text.unicodeScalars {
      let length = UTF8.width(scalar)
      if scalar.properties.isWhitespace {
        if let begin = start, hangul { ranges.append(begin..<offset) }
        start = nil
        hangul = false
      } else {
        if start == nil { start = offset }
        if (0xAC00...0xD7A3).contains(scalar.value) || (0x1100...0x11FF).contains(scalar.value)
          || (0x3130...0x318F).contains(scalar.value)
        {
          hangul = true
        }
      }
      offset += length
    }
    if let begin = start, hangul { ranges.append(begin..<offset) }
    return ranges
  }

  /// The OpenType features turned off in text without right-to-left letters: the two ligature
  /// features HarfBuzz applies by default. The discretionary and historical ones (`dlig`,
  /// `hlig`) are off unless asked for, in every shaper, so naming them changed nothing but the
  /// work: Pango parses the string again for every item it shapes (`hb_feature_from_string`
  /// for each feature, 1.1 M instructions a batch sheet with four).
  static let noLigatures = "liga 0, clig 0"

  /// A line break ends its line with a space: Pango draws no glyph for the break, so without
  /// it a tagged text read back (a screen reader, `pdfinfo -struct-text`) glues the two lines
  /// ("Dec 25, 2026" and "24 days left"; a label and its second language). The space sits at
  /// the line's end, where it moves nothing, and in the run before the break, so the line
  /// keeps its font (a second-language run starting with the break would put its smaller
  /// Latin font on an Arabic line, and change its height).
  /// Only in text set in the base font alone: the space takes the first font that has it, and a
  /// Latin space at the end of an Arabic or Chinese line makes the line taller (known, see
  /// docs/documents.md).
  /// Not in a bilingual label: its two languages are drawn as separate elements (each line its
  /// own `Span`), and a space before the break into the smaller English run made the label's
  /// layout differ between worker threads (a batch with `--jobs 4` was not byte-identical to
  /// `--jobs 1`).
  static func spacesBreaks(_ text: StyledText) -> Bool {
    !text.runs.contains(where: \.secondLanguage)
      && text.runs.allSatisfy { run in
        run.text.unicodeScalars.allSatisfy {
          $0.value < 0x0590 || (0x2000...0x206F).contains($0.value)
        }
      }
  }

  static func spacedBreaks(_ runs: [String]) -> [String] {
    // Most texts have no line break: nothing to space.
    guard runs.contains(where: { $0.utf8.contains(0x0a) }) else { return runs }
    var result: [String] = []
    for text in runs {
      var spaced = ""
      for character in text {
        if character == "\n" {
          let previous = spaced.last ?? result.last?.last
          if let previous, previous != " ", previous != "\n" {
            if spaced.isEmpty { result[result.count - 1].append(" ") } else { spaced.append(" ") }
          }
        }
        spaced.append(character)
      }
      result.append(spaced)
    }
    return result
  }

  /// Gives the space that ends each wrapped line its glyph back. Pango draws it as an empty
  /// glyph, and cairo writes a character without a glyph as a nested `Span` with `ActualText`,
  /// where poppler-based readers stop reading the element; the space glyph has no ink and keeps
  /// the zero width Pango gave it, so nothing drawn moves.
  func restoreWrapSpaces(_ line: UnsafeMutablePointer<PangoLayoutLine>) {
    guard let text = pango_layout_get_text(layout) else { return }
    var node = line.pointee.runs
    while let current = node {
      defer { node = current.pointee.next }
      let run = current.pointee.data.assumingMemoryBound(to: PangoGlyphItem.self)
      guard let item = run.pointee.item, let glyphs = run.pointee.glyphs,
        let font = item.pointee.analysis.font
      else { continue }
      for index in 0..<Int(glyphs.pointee.num_glyphs)
      where glyphs.pointee.glyphs[index].glyph == Self.emptyGlyph {
        let offset = Int(item.pointee.offset) + Int(glyphs.pointee.log_clusters[index])
        guard text[offset] == 0x20 else { continue }
        let space = font.withMemoryRebound(to: PangoFcFont.self, capacity: 1) {
          pango_fc_font_get_glyph($0, 0x20)
        }
        if space != 0 { glyphs.pointee.glyphs[index].glyph = space }
      }
    }
  }

  /// `PANGO_GLYPH_EMPTY`: a character Pango draws nothing for.
  static let emptyGlyph: PangoGlyph = 0x0FFF_FFFF

  /// Every line of the layout, top to bottom, at the template's line pitch: each line is
  /// `lineFactor` of its natural height, and baselines keep their offset from the line top.
  /// Read once: the measurer asks for them at every cache hit (about 500 a sheet), and the
  /// text and attributes never change after `init` (`restoreWrapSpaces` swaps a glyph, not
  /// its width).
  private(set) lazy var lines: [Line] = measuredLines()

  private func measuredLines() -> [Line] {
    var result: [Line] = []
    guard let iterator = pango_layout_get_iter(layout) else { return result }
    defer { pango_layout_iter_free(iterator) }
    let scale = Double(PANGO_SCALE)
    var top = 0.0
    repeat {
      var logical = PangoRectangle()
      pango_layout_iter_get_line_extents(iterator, nil, &logical)
      let height = Double(logical.height) / scale * lineFactor
      let ascent = Double(pango_layout_iter_get_baseline(iterator) - logical.y) / scale
      result.append(
        Line(
          top: top, height: height, baseline: top + ascent, x: Double(logical.x) / scale,
          width: Double(logical.width) / scale))
      top += height
    } while pango_layout_iter_next_line(iterator) != 0
    return result
  }

  /// One stretch of a line in one language, in reading order: a bilingual label's second
  /// language (`second`), or the first. `bytes` is its range in the layout's text; `runs` are
  /// its Pango runs with their left offset on the line, in points.
  struct Segment {
    var second: Bool
    var bytes: Range<Int>
    var runs: [(run: UnsafeMutableRawPointer, x: Double)]
  }

  /// The line at `index` cut where its language changes, the stretches in logical order (on a
  /// right-to-left line the first read is drawn rightmost). A line in one language is one
  /// segment.
  func segments(line index: Int) -> [Segment] {
    guard let line = line(index) else { return [] }
    var found: [(offset: Int, end: Int, second: Bool, run: UnsafeMutableRawPointer, x: Double)] =
      []
    var x = 0.0
    var node = line.pointee.runs
    while let current = node {
      defer { node = current.pointee.next }
      guard let data = current.pointee.data else { continue }
      let run = data.assumingMemoryBound(to: PangoGlyphItem.self)
      guard let item = run.pointee.item else { continue }
      let offset = Int(item.pointee.offset)
      let end = offset + Int(item.pointee.length)
      let second = secondLanguageRanges.contains { $0.lowerBound <= offset && end <= $0.upperBound }
      found.append((offset, end, second, data, x))
      x += Double(pango_glyph_string_get_width(run.pointee.glyphs)) / Double(PANGO_SCALE)
    }
    var segments: [Segment] = []
    for run in found.sorted(by: { $0.offset < $1.offset }) {
      if let last = segments.last, last.second == run.second {
        segments[segments.count - 1].bytes =
          last.bytes.lowerBound..<max(last.bytes.upperBound, run.end)
        segments[segments.count - 1].runs.append((run.run, run.x))
      } else {
        segments.append(
          Segment(second: run.second, bytes: run.offset..<run.end, runs: [(run.run, run.x)]))
      }
    }
    return segments
  }

  /// The range of the line at `index` in the layout's text.
  func bytes(line index: Int) -> Range<Int>? {
    guard let line = line(index) else { return nil }
    let start = Int(line.pointee.start_index)
    return start..<(start + Int(line.pointee.length))
  }

  /// Draws one run of the line at `index`, its line's origin at the current point plus `x`:
  /// the line is drawn with only that run in it, so the run keeps its colour and font as
  /// `pango_cairo_show_layout_line` sets them, and the painter can tag it on its own.
  func draw(run: UnsafeMutableRawPointer, line index: Int, cr: OpaquePointer, x: Double, y: Double)
  {
    guard let line = line(index) else { return }
    // The line's extents are cached before its runs are swapped, so the swap cannot cache a
    // part's.
    var logical = PangoRectangle()
    pango_layout_line_get_extents(line, nil, &logical)
    let saved = line.pointee.runs
    var single = GSList(data: run, next: nil)
    withUnsafeMutablePointer(to: &single) { pointer in
      line.pointee.runs = pointer
      cairo_move_to(cr, x, y)
      pango_cairo_show_layout_line(cr, line)
    }
    line.pointee.runs = saved
  }

  /// The text of `lines` in logical (reading) order, as a listener should hear it: bidi
  /// isolates and marks left out, line breaks read as spaces. cairo writes a right-to-left
  /// line's glyphs in visual order, so on a right-to-left page this becomes the element's
  /// `/ActualText`.
  func logicalText(lines indices: [Int]) -> String {
    guard let firstIndex = indices.first, let lastIndex = indices.last,
      let first = line(firstIndex), let last = line(lastIndex)
    else { return "" }
    let start = Int(first.pointee.start_index)
    let end = Int(last.pointee.start_index) + Int(last.pointee.length)
    return end > start ? logicalText(bytes: start..<end) : ""
  }

  /// The text of `bytes` (a range of the layout's text) as `logicalText(lines:)` says it.
  func logicalText(bytes: Range<Int>) -> String {
    guard let text = pango_layout_get_text(layout), !bytes.isEmpty else { return "" }
    let buffer = UnsafeRawBufferPointer(start: text + bytes.lowerBound, count: bytes.count)
    var result = ""
    for scalar in String(decoding: buffer, as: UTF8.self).unicodeScalars {
      switch scalar.value {
      case 0x2066...0x2069, 0x200E, 0x200F, 0x061C: continue
      case 0x0A, 0x2028: result.unicodeScalars.append(" ")
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// The Pango line at `index`, for drawing.
  func line(_ index: Int) -> UnsafeMutablePointer<PangoLayoutLine>? {
    pango_layout_get_line_readonly(layout, Int32(index))
  }

  private static func insert(
    _ attribute: UnsafeMutablePointer<PangoAttribute>?, _ start: Int, _ end: Int,
    into list: OpaquePointer?
  ) {
    guard let attribute else { return }
    attribute.pointee.start_index = UInt32(start)
    attribute.pointee.end_index = UInt32(end)
    pango_attr_list_insert(list, attribute)
  }

  private static func channel(_ value: Double) -> UInt16 {
    UInt16((min(max(value, 0), 1) * 65535).rounded())
  }

  /// The style's font, its size times `scale` (a bilingual label's second language is smaller).
  static func fontDescription(_ style: TextStyle, scale: Double = 1) -> OpaquePointer? {
    let font = pango_font_description_new()
    pango_font_description_set_family(font, style.family)
    pango_font_description_set_absolute_size(font, style.size * scale * Double(PANGO_SCALE))
    let weight: PangoWeight
    switch style.weight {
    case "bold": weight = PANGO_WEIGHT_BOLD
    case "semibold": weight = PANGO_WEIGHT_SEMIBOLD
    case "medium": weight = PANGO_WEIGHT_MEDIUM
    default: weight = PANGO_WEIGHT_NORMAL
    }
    pango_font_description_set_weight(font, weight)
    pango_font_description_set_style(font, style.italic ? PANGO_STYLE_ITALIC : PANGO_STYLE_NORMAL)
    return font
  }

  /// A template's `left` is the start side: the right edge on a right-to-left page.
  private static func alignment(_ name: String, _ direction: TextDirection) -> PangoAlignment {
    let mirrored = direction.isRightToLeft
    switch name {
    case "center": return PANGO_ALIGN_CENTER
    case "right": return mirrored ? PANGO_ALIGN_LEFT : PANGO_ALIGN_RIGHT
    default: return mirrored ? PANGO_ALIGN_RIGHT : PANGO_ALIGN_LEFT
    }
  }
}

@available(*, unavailable) extension TextLayout: Sendable {}
