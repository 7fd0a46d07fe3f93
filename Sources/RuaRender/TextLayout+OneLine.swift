// SPDX-License-Identifier: Apache-2.0
internal import CPangoCairo
import RuaDocuments

/// What Pango 1.50's line breaking (`process_line` and `process_item` in pango-layout.c) is
/// sure to do with a text this layout holds on one line, at any other width: what lets
/// `TextMeasurer.oneLineWidth` skip the layouts that would confirm its answer. The width never
/// changes how Pango itemises or shapes a text, only where it breaks it, so this layout's
/// items, glyphs and break opportunities are those of the same text at any width (until a kept
/// word that overflows there is let go, which the proofs below rule out).
extension TextLayout {
  /// The one line of this layout and what its breaking proves; nil when it wraps.
  func oneLine() -> OneLine? {
    guard lines.count == 1, let line = line(0), let text = pango_layout_get_text(layout) else {
      return nil
    }
    let width = lines[0].width
    guard !wordsLetGo else { return OneLine(width: width) }
    var count: Int32 = 0
    guard let attributes = pango_layout_get_log_attrs_readonly(layout, &count), count >= 2 else {
      return OneLine(width: width)
    }
    let bytes = UnsafeRawBufferPointer(start: text, count: strlen(text))
    let breaks = UnsafeBufferPointer(start: attributes, count: Int(count))
    let fits = fitsFromItsWidth(line, bytes, breaks)
    return OneLine(
      width: width, fitsFromWidth: fits, wrapsFrom: fits ? wrapsFrom(line, bytes, breaks) : nil)
  }

  /// The line's width in Pango units (a point is 1,024, so the division was exact).
  var lineUnits: Int32 { Int32(lines[0].width * Double(PANGO_SCALE)) }

  /// From the line's width up every item is taken whole at once (the early accept,
  /// `width + extra_width <= remaining_width`): the items' shaped widths add up to the line's,
  /// and `extra_width` is a hyphen where `break_inserts_hyphen` is set, minus a white space
  /// before a break, else 0. So: no hyphen anywhere, and neither a tab nor U+2028 (placed by
  /// other rules). A line wider than the layout (a letter that cannot be broken) proves
  /// nothing.
  private func fitsFromItsWidth(
    _ line: UnsafeMutablePointer<PangoLayoutLine>, _ bytes: UnsafeRawBufferPointer,
    _ breaks: UnsafeBufferPointer<PangoLogAttr>
  ) -> Bool {
    var logical = PangoRectangle()
    pango_layout_line_get_extents(line, nil, &logical)
    guard logical.width <= pango_layout_get_width(layout) else { return false }
    // A tab is 09; U+2028 is E2 80 A8 (the few others with 80 A8 keep their confirmation).
    if bytes.contains(0x09)
      || zip(bytes, bytes.dropFirst()).contains(where: { $0 == 0x80 && $1 == 0xA8 })
    {
      return false
    }
    return !breaks.contains { $0.break_inserts_hyphen != 0 }
  }

  /// The least width from which the text wraps at every width below the line's, or nil.
  ///
  /// Below the line's width Pango takes the items (in reading order) whole while they fit
  /// (the early accept), and breaks the line, two lines or more, at the first that does not,
  /// unless it takes that one whole too (`BREAK_ALL_FIT`). Its breaking loop takes the first
  /// break it meets: at the item's start when another item is before it (a character break,
  /// with `PANGO_WRAP_WORD_CHAR`'s retry), which then stays (a break of no width is never
  /// replaced by the item's end); for the first item, one inside it. So the text wraps when
  /// every item but the first starts at a character break, none is empty (one of no width is
  /// taken whole where nothing fits) and nothing is taken back at the text's end (no final
  /// white space):
  /// - one item with a character break inside wraps at any width below the line's, unless the
  ///   whole item were narrower than a part of it shaped alone; in the scripts `plainScripts`
  ///   allows a part has the same glyphs and no kerning pair takes back the following
  ///   letter's advance, so it is not (an Arabic final form can be wider than the joined
  ///   word);
  /// - several items (a style, a font or a kept word each begin one: Pango starts an item at
  ///   every attribute's edge) wrap from the widest item up: the first is then taken whole,
  ///   and every item fits on a line of its own, so no line overflows and no kept word is let
  ///   go (which would join items and shape them anew). A part of an item that goes on the
  ///   next line is no wider than the item in those scripts either.
  private func wrapsFrom(
    _ line: UnsafeMutablePointer<PangoLayoutLine>, _ bytes: UnsafeRawBufferPointer,
    _ breaks: UnsafeBufferPointer<PangoLogAttr>
  ) -> Double? {
    let characters = breaks.count - 1
    guard characters >= 2, breaks[characters - 1].is_white == 0 else { return nil }
    // The items in reading order (a right-to-left line lists them right to left): their
    // first byte, their characters and their width.
    var items: [(offset: Int32, characters: Int, width: Int32)] = []
    var node = line.pointee.runs
    while let current = node {
      node = current.pointee.next
      let run = current.pointee.data.assumingMemoryBound(to: PangoGlyphItem.self)
      guard let item = run.pointee.item, let glyphs = run.pointee.glyphs else { return nil }
      items.append(
        (item.pointee.offset, Int(item.pointee.num_chars), pango_glyph_string_get_width(glyphs)))
    }
    items.sort { $0.offset < $1.offset }
    var start = 0
    for item in items {
      guard item.width > 0, start == 0 || breaks[start].is_char_break != 0 else { return nil }
      start += item.characters
    }
    guard start == characters, Self.plainScripts(bytes) else { return nil }
    guard items.count == 1 else {
      return Double(items.map(\.width).max() ?? 0) / Double(PANGO_SCALE)
    }
    return (1..<characters).contains { breaks[$0].is_char_break != 0 } ? 0 : nil
  }

  /// Latin, Greek, Cyrillic, Armenian, general and CJK punctuation and Han: scripts shaped
  /// without contextual forms (ligatures are off).
  private static func plainScripts(_ bytes: UnsafeRawBufferPointer) -> Bool {
    String(decoding: bytes, as: UTF8.self).unicodeScalars.allSatisfy {
      switch $0.value {
      case 0..<0x0590, 0x1E00...0x1EFF, 0x2000...0x206F, 0x3000...0x303F, 0x4E00...0x9FFF:
        return true
      default: return false
      }
    }
  }
}
