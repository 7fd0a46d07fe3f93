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

  /// One wrapped line: its logical top and height, baseline and left offset, in points.
  struct Line {
    var top: Double
    var height: Double
    var baseline: Double
    var x: Double
  }

  /// Line pitch as a share of the natural line height.
  let lineFactor: Double
  /// The byte ranges of the runs marked as per-print values, in the layout's text.
  let volatileRanges: [(field: VolatileField, bytes: Range<Int>)]

  init(
    _ text: StyledText, width: Double, context: OpaquePointer, template: Template,
    direction: TextDirection
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
    let texts =
      direction.isRightToLeft
      ? DirectionIsolation.isolated(text.runs.map(\.text))
      : text.runs.map { isolateNumbers ? NumberIsolation.isolated($0.text) : $0.text }
    for (run, runText) in zip(text.runs, texts) {
      guard let style = styles[run.style] else {
        throw .unknownStyle(name: run.style, template: templateFile)
      }
      let start = joined.utf8.count
      joined += runText
      if let field = run.volatile { marked.append((field, start..<joined.utf8.count)) }
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
    guard let base = text.baseStyle.flatMap({ styles[$0] }) ?? styles["body"] else {
      throw .unknownStyle(name: text.baseStyle ?? "body", template: templateFile)
    }
    let baseFont = Self.fontDescription(base)
    defer { pango_font_description_free(baseFont) }
    pango_layout_set_font_description(layout, baseFont)
    pango_layout_set_text(layout, joined, Int32(joined.utf8.count))
    pango_layout_set_width(layout, Int32((width * Double(PANGO_SCALE)).rounded(.down)))
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
        range.style, scale: range.second ? TextRun.secondLanguageScale : 1)
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
    pango_layout_set_attributes(layout, attributes)
    // Fail loudly rather than print boxes; name the style, never the text.
    if pango_layout_get_unknown_glyphs_count(layout) > 0 {
      throw .missingGlyphs(style: text.styleNames.joined(separator: ", "))
    }
  }

  deinit { g_object_unref(UnsafeMutableRawPointer(layout)) }

  /// Every line of the layout, top to bottom, at the template's line pitch: each line is
  /// `lineFactor` of its natural height, and baselines keep their offset from the line top.
  var lines: [Line] {
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
        Line(top: top, height: height, baseline: top + ascent, x: Double(logical.x) / scale))
      top += height
    } while pango_layout_iter_next_line(iterator) != 0
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
