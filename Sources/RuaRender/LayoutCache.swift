// SPDX-License-Identifier: Apache-2.0
internal import CPangoCairo
import RuaDocuments

/// Pango layouts kept from measuring to drawing, and from one document to the next: the
/// paginator measures every text box with a real layout, the painter then draws the very same
/// layout instead of shaping the text again (shaping was about a quarter of the render time),
/// and the next document of a batch finds its labels, headings and guide sentences already
/// shaped. A cache serves one template, one language and one direction (each changes how text
/// is shaped or aligned).
final class LayoutCache {
  /// What of a text changes its layout or its marks, as bytes: each run's style, flags,
  /// per-print field and text (each string counted, so no two keys run together), the base
  /// style and the width, hashed in one pass (`[String]` keys normalised every string as they
  /// were hashed). Texts that differ only in their Unicode normalisation get layouts of their
  /// own.
  private struct Key: Hashable {
    var bytes: [UInt8]

    init(_ text: StyledText, width: Double) {
      bytes = []
      bytes.reserveCapacity(
        text.runs.reduce(16) { $0 + $1.style.utf8.count + $1.text.utf8.count + 9 })
      for run in text.runs {
        append(run.style)
        let flags =
          (run.secondLanguage ? 1 : 0) | (run.keepsWhole ? 2 : 0) | (run.volatile == nil ? 0 : 4)
        bytes.append(UInt8(flags))
        if let field = run.volatile { append(field.rawValue) }
        append(run.text)
      }
      bytes.append(text.baseStyle == nil ? 0 : 1)
      if let base = text.baseStyle { append(base) }
      withUnsafeBytes(of: width.bitPattern) { bytes += $0 }
    }

    private mutating func append(_ string: String) {
      withUnsafeBytes(of: UInt32(truncatingIfNeeded: string.utf8.count)) { bytes += $0 }
      // The string's own UTF-8 copied at once (appending the view goes byte by byte).
      let copied: Void? = string.utf8.withContiguousStorageIfAvailable { bytes += $0 }
      if copied == nil { bytes += string.utf8 }
    }

    func hash(into hasher: inout Hasher) {
      bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
    }
  }

  /// Layouts kept before the cache is trimmed to what the last document used (the labels,
  /// headings and sentences every document has stay): a few documents' worth of distinct
  /// texts (a layout is a few kilobytes), so memory stays flat over any batch.
  static let capacity = 1_024

  let context: OpaquePointer
  let template: Template
  let language: String
  /// The document's direction: its alignment and which runs are isolated.
  let direction: TextDirection
  /// Each layout with the last document that used it (a count of `trim`s): marked in place,
  /// so a hit hashes its key once (a set of the keys used hashed it a second time).
  private var layouts: [Key: (layout: TextLayout, document: Int)] = [:]
  /// The current document, counted by `trim`.
  private var document = 0
  /// Texts known to stay on one line from a width up (`OneLine.fitsFromWidth`), by their key
  /// at width 0: that width in Pango units and the line's height, so a measure at a wider
  /// width needs no layout of its own (the header's box, one point wider than its text). The
  /// line's height, like its glyphs, does not depend on the width. With the layout itself
  /// where it is drawn alike at any of those widths (`drawsAlikeWhenNarrower`): the painter
  /// then draws it instead of a layout of the same text at the box's width (a table word
  /// measured at the page's width, then drawn in its cell).
  private var oneLiners: [Key: (units: Int32, height: Double, document: Int, layout: TextLayout?)] =
    [:]

  init(context: OpaquePointer, template: Template, language: String, direction: TextDirection) {
    self.context = context
    self.template = template
    self.language = language
    self.direction = direction
  }

  /// True when this cache can serve `document` laid out with `template`.
  func serves(_ document: Document, _ template: Template) -> Bool {
    language == document.language && direction == document.direction
      && self.template == template
  }

  /// Makes room for the next document's layouts; called between documents, never while a
  /// painter holds layouts of this one.
  func trim() {
    if layouts.count > Self.capacity {
      layouts = layouts.filter { $0.value.document == document }
      oneLiners = oneLiners.filter { $0.value.document == document }
    }
    document += 1
  }

  /// The height of each line `text` wraps into at `width`: a known one-liner's without a
  /// layout, else its layout's.
  func lineHeights(_ text: StyledText, width: Double) throws(RenderError) -> [Double] {
    let key = Key(text, width: width)
    if let index = layouts.index(forKey: key) {
      layouts.values[index].document = document
      return layouts.values[index].layout.lines.map(\.height)
    }
    if !oneLiners.isEmpty, let index = oneLiners.index(forKey: Key(text, width: 0)),
      oneLiners.values[index].units <= TextLayout.units(width)
    {
      oneLiners.values[index].document = document
      return [oneLiners.values[index].height]
    }
    return try made(text, width: width, key: key).lines.map(\.height)
  }

  /// The one line `text` takes at `width` (`TextLayout.oneLine`), remembered when it is
  /// proven to fit at any wider width.
  func oneLine(_ text: StyledText, width: Double) throws(RenderError) -> OneLine? {
    let layout = try self.layout(text, width: width)
    let line = layout.oneLine()
    if let line, line.fitsFromWidth {
      oneLiners[Key(text, width: 0)] = (
        layout.lineUnits, layout.lines[0].height, document,
        drawsAlikeWhenNarrower(layout) ? layout : nil
      )
    }
    return line
  }

  func layout(_ text: StyledText, width: Double) throws(RenderError) -> TextLayout {
    let key = Key(text, width: width)
    if let index = layouts.index(forKey: key) {
      layouts.values[index].document = document
      return layouts.values[index].layout
    }
    if !oneLiners.isEmpty, let index = oneLiners.index(forKey: Key(text, width: 0)),
      let wide = oneLiners.values[index].layout,
      oneLiners.values[index].units <= TextLayout.units(width)
    {
      oneLiners.values[index].document = document
      layouts[key] = (wide, document)
      return wide
    }
    return try made(text, width: width, key: key)
  }

  /// Whether a one-line layout that stays one line from its line's width up
  /// (`OneLine.fitsFromWidth`: the same items, glyphs and line at every such width) is also
  /// drawn alike at any of them: its line starts at the layout's left edge whatever the
  /// layout's width, as it does left-aligned in a left-to-right paragraph (Pango offsets a
  /// line only to centre it, align it right, or start a right-to-left one at the right), and
  /// the text holds no right-to-left letter.
  private func drawsAlikeWhenNarrower(_ layout: TextLayout) -> Bool {
    !direction.isRightToLeft && !layout.hasRightToLeft && layout.lines.count == 1
      && layout.lines[0].x == 0 && pango_layout_get_alignment(layout.layout) == PANGO_ALIGN_LEFT
  }

  private func made(_ text: StyledText, width: Double, key: Key) throws(RenderError)
    -> TextLayout
  {
    let layout = try TextLayout.make(
      text, width: width, context: context, template: template, direction: direction)
    layouts[key] = (layout, document)
    return layout
  }
}

@available(*, unavailable) extension LayoutCache: Sendable {}
