// SPDX-License-Identifier: Apache-2.0
internal import CPangoCairo

/// Whether the pinned fonts can draw a text: the same font map, fallback order and Pango
/// shaping the documents use, so "covered" here means "prints" there. `import` asks before it
/// writes anything, so every stored record can be printed.
public final class FontCoverage {
  private let fonts: FontMap
  private let font: OpaquePointer?

  /// Loads the pinned fontconfig file (`templates/fonts.conf`).
  public init(fontsConf path: String) throws(RenderError) {
    fonts = try FontMap(fontsConf: path, language: "en")
    font = pango_font_description_from_string("Noto Sans 10")
  }

  deinit { pango_font_description_free(font) }

  /// The first scalar of `text` that no pinned font draws, or nil when all of it prints.
  public func firstUndrawable(in text: String) -> Unicode.Scalar? {
    guard !text.isEmpty, let layout = pango_layout_new(fonts.context) else { return nil }
    defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
    let bytes = Array(text.utf8)
    pango_layout_set_font_description(layout, font)
    pango_layout_set_text(layout, text, Int32(bytes.count))
    guard pango_layout_get_unknown_glyphs_count(layout) > 0 else { return nil }
    guard let iterator = pango_layout_get_iter(layout) else { return nil }
    defer { pango_layout_iter_free(iterator) }
    repeat {
      if let offset = Self.unknownGlyphOffset(pango_layout_iter_get_run_readonly(iterator)) {
        return String(decoding: bytes[offset...], as: UTF8.self).unicodeScalars.first
      }
    } while pango_layout_iter_next_run(iterator) != 0
    return nil
  }

  /// The byte offset in the layout text of the first unknown glyph of `run`.
  private static func unknownGlyphOffset(_ run: UnsafeMutablePointer<PangoGlyphItem>?) -> Int? {
    // PANGO_GLYPH_UNKNOWN_FLAG, a C macro Swift does not import.
    let unknownFlag: PangoGlyph = 0x1000_0000
    guard let run, let item = run.pointee.item, let glyphs = run.pointee.glyphs else { return nil }
    for index in 0..<Int(glyphs.pointee.num_glyphs)
    where glyphs.pointee.glyphs[index].glyph & unknownFlag != 0 {
      return Int(item.pointee.offset) + Int(glyphs.pointee.log_clusters[index])
    }
    return nil
  }
}

@available(*, unavailable) extension FontCoverage: Sendable {}
