// SPDX-License-Identifier: Apache-2.0
internal import CPangoCairo
import RuaDocuments

/// Draws paginated pages onto a PDF surface, one `cairo_t` for the whole document.
final class Painter {
  private let cr: OpaquePointer
  private let surface: PDFSurface
  private let layouts: LayoutCache
  private let template: Template
  private var openTags: [String] = []
  /// The place of each open tag among the page's tags.
  private var openOrdinals: [Int] = []
  /// The element whose text is drawn in `Span`s (`drawText`).
  private var spannedElement: Int?
  /// The last `Span` closed on the page: its element, its place among the page's tags, and
  /// what it says (`separateSpans`).
  private var lastSpan: (element: Int, tag: Int, said: String)?
  /// The direction of the page being drawn: which side gauges fill from and bands' bars sit.
  private var direction = TextDirection.leftToRight

  /// `layouts` holds the layouts measured while paginating; the painter draws those.
  init(surface: PDFSurface, template: Template, layouts: LayoutCache) throws(RenderError) {
    self.surface = surface
    self.layouts = layouts
    self.template = template
    cr = cairo_create(surface.surface)
    try check("cairo_create")
  }

  deinit { cairo_destroy(cr) }

  /// Draws `page` and returns where its per-print values are, by furniture group.
  @discardableResult
  func draw(_ page: Page) throws(RenderError) -> PageMarks {
    direction = page.direction
    var marks = PageMarks(height: page.height)
    var artifacts = 0
    for (position, item) in page.items.enumerated() {
      switch item {
      case .beginTag(let tag):
        // cairo 1.16 has no Artifact tag; see ArtifactMarking.
        let name = tag == PageItem.artifactTag ? ArtifactMarking.cairoTag : tag
        if name == ArtifactMarking.cairoTag {
          marks.kinds[artifacts] = Self.artifactKind(page, from: position + 1)
          artifacts += 1
        }
        cairo_tag_begin(cr, name, "")
        openTags.append(name)
        openOrdinals.append(marks.tags)
        marks.tags += 1
      case .endTag:
        if let name = openTags.popLast() { cairo_tag_end(cr, name) }
        _ = openOrdinals.popLast()
      case .text(let box):
        let tagged = !openTags.isEmpty && openTags.last != ArtifactMarking.cairoTag
        let layout = try drawText(box, tagged: tagged, marks: &marks)
        if tagged, let element = openOrdinals.last, let spoken = FillIn.spoken(box.text.plainText) {
          marks.elementActualTexts[element] = spoken
        }
        // The review stamp is a warning: read before the body, as on the sheets whose header
        // holds it, even where it is drawn last (a wallet card's back).
        if tagged, let element = openOrdinals.first, box.text.runs.first?.style == Self.stampStyle {
          marks.readFirst.insert(element)
        }
        // Only furniture is marked: its group is written with a property list.
        if let layout, openTags.last == ArtifactMarking.cairoTag {
          let found = layout.volatileMarks(x: box.x, y: box.y, lines: box.lines)
          if !found.isEmpty { marks.groups[artifacts - 1, default: []] += found }
        }
      case .fill(let rect, let tone):
        setColour(colours(tone).fill)
        cairo_rectangle(cr, rect.x, rect.y, rect.width, rect.height)
        cairo_fill(cr)
      case .frame(let rect, let tone, let lineWidth):
        setColour(colours(tone).border)
        cairo_set_line_width(cr, lineWidth)
        let inset = lineWidth / 2
        cairo_rectangle(
          cr, rect.x + inset, rect.y + inset, rect.width - lineWidth, rect.height - lineWidth)
        cairo_stroke(cr)
      case .bandBorder(let rect, let tone):
        drawBandBorder(rect, tone: tone)
      case .rule(let x, let y, let width, let tone):
        setColour(colours(tone).border)
        cairo_set_line_width(cr, 0.5)
        cairo_move_to(cr, x, y)
        cairo_line_to(cr, x + width, y)
        cairo_stroke(cr)
      case .checkbox(let rect, let checked):
        drawCheckbox(rect, checked: checked)
      case .gauge(let rect, let fraction):
        drawGauge(rect, fraction: fraction)
      case .hatch(let rect):
        cairo_save(cr)
        cairo_rectangle(cr, rect.x, rect.y, rect.width, rect.height)
        cairo_clip(cr)
        setColour(colours(.neutral).border)
        cairo_set_line_width(cr, 0.35)
        var offset = -rect.height
        while offset < rect.width {
          cairo_move_to(cr, rect.x + offset, rect.y + rect.height)
          cairo_line_to(cr, rect.x + offset + rect.height, rect.y)
          offset += 5
        }
        cairo_stroke(cr)
        cairo_restore(cr)
      case .line(let x1, let y1, let x2, let y2, let dashed):
        setColour(.black)
        cairo_set_line_width(cr, 0.4)
        if dashed {
          let pattern = [3.0, 2.0]
          cairo_set_dash(cr, pattern, 2, 0)
        }
        cairo_move_to(cr, x1, y1)
        cairo_line_to(cr, x2, y2)
        cairo_stroke(cr)
        cairo_set_dash(cr, nil, 0, 0)
      }
    }
    while let name = openTags.popLast() { cairo_tag_end(cr, name) }
    openOrdinals.removeAll()
    spannedElement = nil
    lastSpan = nil
    cairo_show_page(cr)
    try check("drawing page \(page.number)")
    return marks
  }

  /// What the furniture group opened before `start` is: a cut or fold line is the sheet's
  /// layout; anything else the page's header or footer, by the half of the page it starts in.
  static func artifactKind(_ page: Page, from start: Int) -> ArtifactMarking.Kind {
    for item in page.items[start...] {
      let top: Double
      switch item {
      case .endTag: return .footer
      case .line: return .layout
      case .text(let box): top = box.y
      case .fill(let rect, _), .frame(let rect, _, _), .bandBorder(let rect, _): top = rect.y
      case .checkbox(let rect, _), .gauge(let rect, _), .hatch(let rect): top = rect.y
      case .rule(_, let y, _, _): top = y
      case .beginTag: continue
      }
      return top < page.height / 2 ? .header : .footer
    }
    return .footer
  }

  /// Draws the box's lines; returns the layout, or nil when there was nothing to draw.
  /// When `tagged` (inside a structure tag, not furniture), each stretch of a bilingual
  /// label's second language is its own `Span`, which the post-pass gives that language's
  /// `/Lang`, down to a part of a line ("用药记录 MEDICATION ADMINISTRATION RECORD": a line
  /// in two languages is drawn run by run, each stretch in reading order). cairo 1.16 marks only
  /// the innermost tag's content, so once an element holds such a `Span`, all its text is
  /// drawn in `Span`s (the first language's without a `/Lang`: the document's).
  private func drawText(_ box: TextBox, tagged: Bool, marks: inout PageMarks)
    throws(RenderError) -> TextLayout?
  {
    let layout = try layouts.layout(box.text, width: box.width)
    let lines = layout.lines
    guard let first = box.lines.first, first < lines.count else { return nil }
    let top = lines[first].top
    let drawn = box.lines.filter { $0 < lines.count }
    let segments = drawn.map { index in
      tagged && !layout.secondLanguageRanges.isEmpty ? layout.segments(line: index) : []
    }
    let second = segments.contains { $0.contains(where: \.second) }
    let spanned =
      tagged && (second || (spannedElement != nil && openOrdinals.last == spannedElement))
    if spanned { spannedElement = openOrdinals.last }
    // On a right-to-left page, or in a text with right-to-left letters, each element (or span)
    // says its text in reading order; so does a text with shaped clusters, whose spans the
    // post-pass then removes (`NestedActualTextSpans`).
    let logical =
      tagged && (direction.isRightToLeft || layout.hasRightToLeft || layout.hasClusters)
    var open: Bool?
    var spanBytes: Range<Int>?
    func closeSpan(_ marks: inout PageMarks) {
      guard open != nil else { return }
      cairo_tag_end(cr, "Span")
      if let bytes = spanBytes {
        let text = layout.logicalText(bytes: bytes)
        if logical { marks.elementActualTexts[marks.tags - 1] = text }
        separateSpans(text, tag: marks.tags - 1, marks: &marks)
      }
      spanBytes = nil
    }
    for (position, index) in drawn.enumerated() {
      guard let line = layout.line(index) else { continue }
      layout.restoreWrapSpaces(line)
      let x = box.x + lines[index].x
      let y = box.y + lines[index].baseline - top
      let parts = segments[position]
      guard spanned, !parts.isEmpty else {
        if spanned, open != false {
          closeSpan(&marks)
          marks.tags += 1
          cairo_tag_begin(cr, "Span", "")
          open = false
        }
        if spanned, let bytes = layout.bytes(line: index) {
          spanBytes = spanBytes.map { $0.lowerBound..<bytes.upperBound } ?? bytes
        }
        cairo_move_to(cr, x, y)
        pango_cairo_show_layout_line(cr, line)
        continue
      }
      for part in parts {
        if open != part.second {
          closeSpan(&marks)
          if part.second { marks.elementLanguages[marks.tags] = Self.secondLanguage }
          marks.tags += 1
          cairo_tag_begin(cr, "Span", "")
          open = part.second
        }
        spanBytes = spanBytes.map { $0.lowerBound..<part.bytes.upperBound } ?? part.bytes
        if parts.count == 1 {
          cairo_move_to(cr, x, y)
          pango_cairo_show_layout_line(cr, line)
        } else {
          for run in part.runs {
            layout.draw(run: run.run, line: index, cr: cr, x: x + run.x, y: y)
          }
        }
      }
    }
    closeSpan(&marks)
    if logical, !spanned, let element = openOrdinals.last {
      let text = layout.logicalText(lines: drawn)
      marks.elementActualTexts[element] =
        marks.elementActualTexts[element].map { $0 + " " + text } ?? text
    }
    return layout
  }

  /// A reader that runs an element's inline `Span`s together says "ALERGIASALLERGIES" where
  /// a line break parts a label's two languages, and poppler-based readers drop a space drawn
  /// at a `Span`'s edge (they infer spaces from gaps within one run of text): so each `Span`
  /// followed by another of its element says a space at its end (its `/ActualText`); nothing
  /// drawn changes.
  private func separateSpans(_ text: String, tag: Int, marks: inout PageMarks) {
    guard let element = spannedElement else { return }
    if let last = lastSpan, last.element == element,
      marks.elementActualTexts[last.tag]?.last?.isWhitespace != true
    {
      var said = Substring(last.said)
      while said.last?.isWhitespace == true { said = said.dropLast() }
      marks.elementActualTexts[last.tag] = said + " "
    }
    lastSpan = (element, tag, marks.elementActualTexts[tag] ?? text)
  }

  /// The template style of the "PENDING CLINICIAN REVIEW" stamp.
  static let stampStyle = "stamp"

  /// The second language of every bilingual document (`Labels.bilingual`): English.
  static let secondLanguage = PDFFacts.languageTag("en")

  /// Tones told apart without colour (a photocopy prints every light fill the same grey):
  /// the line's weight and pattern, plus a solid bar down the start edge of danger bands (the
  /// right one on a right-to-left page).
  private func drawBandBorder(_ rect: Rect, tone: Tone) {
    setColour(colours(tone).border)
    func outline(_ inset: Double, _ width: Double) {
      cairo_set_line_width(cr, width)
      cairo_rectangle(
        cr, rect.x + inset, rect.y + inset, rect.width - 2 * inset, rect.height - 2 * inset)
      cairo_stroke(cr)
    }
    switch tone {
    case .danger:
      outline(1.1, 2.2)
      let barX = direction.isRightToLeft ? rect.x + rect.width - 5 : rect.x
      cairo_rectangle(cr, barX, rect.y, 5, rect.height)
      cairo_fill(cr)
    case .warning:
      var dashes: [Double] = [4, 2.5]
      cairo_set_dash(cr, &dashes, 2, 0)
      outline(0.6, 1.2)
      cairo_set_dash(cr, nil, 0, 0)
    case .info:
      outline(0.4, 0.8)
      outline(2.2, 0.8)
    case .neutral:
      outline(0.3, 0.6)
    }
  }

  private func drawCheckbox(_ rect: Rect, checked: Bool) {
    cairo_set_source_rgb(cr, 0, 0, 0)
    cairo_set_line_width(cr, 0.8)
    cairo_rectangle(cr, rect.x, rect.y, rect.width, rect.height)
    cairo_stroke(cr)
    guard checked else { return }
    cairo_move_to(cr, rect.x + rect.width * 0.2, rect.y + rect.height * 0.55)
    cairo_line_to(cr, rect.x + rect.width * 0.42, rect.y + rect.height * 0.8)
    cairo_line_to(cr, rect.x + rect.width * 0.85, rect.y + rect.height * 0.2)
    cairo_stroke(cr)
  }

  /// Solid near-black on white, so the bar survives black-and-white printing and photocopies.
  /// It fills from the start side: from the right on a right-to-left page.
  private func drawGauge(_ rect: Rect, fraction: Double) {
    cairo_set_source_rgb(cr, 0.13, 0.13, 0.13)
    let filled = rect.width * min(max(fraction, 0), 1)
    let start = direction.isRightToLeft ? rect.x + rect.width - filled : rect.x
    cairo_rectangle(cr, start, rect.y, filled, rect.height)
    cairo_fill(cr)
    cairo_set_line_width(cr, 0.6)
    cairo_rectangle(cr, rect.x + 0.3, rect.y + 0.3, rect.width - 0.6, rect.height - 0.6)
    cairo_stroke(cr)
  }

  private func colours(_ tone: Tone) -> ToneColours {
    template.tones[tone]
      ?? ToneColours(fill: Colour(red: 0.92, green: 0.92, blue: 0.92), border: .black)
  }

  private func setColour(_ colour: Colour) {
    cairo_set_source_rgb(cr, colour.red, colour.green, colour.blue)
  }

  private func check(_ operation: String) throws(RenderError) {
    let status = cairo_status(cr)
    if status != CAIRO_STATUS_SUCCESS {
      throw .cairo(operation: operation, status: PDFSurface.describe(status))
    }
    let surfaceStatus = cairo_surface_status(surface.surface)
    if surfaceStatus != CAIRO_STATUS_SUCCESS {
      throw .cairo(operation: operation, status: PDFSurface.describe(surfaceStatus))
    }
  }
}

@available(*, unavailable) extension Painter: Sendable {}
