// SPDX-License-Identifier: Apache-2.0
internal import CPangoCairo
import RuaDocuments

/// Which faces draw a document: the unhinted copies alone when they can (fontconfig then sorts
/// ten faces for each font Pango asks for, not three hundred: about 100 M instructions of a
/// cold sheet), every face of the pinned file when they cannot. The copies are the faces the
/// full config picks for every character they draw (`PinnedFontWorldTests`), so a document
/// that only holds such characters is the same bytes either way; a character they lack is an
/// unknown glyph to them (`RenderError.missingGlyphs`), and the document is laid out again with
/// every face, as before.
extension PDFRenderer {
  /// `body` with the copies' font map when the template's styles are theirs and the document's
  /// characters too, else with every face.
  func withFonts<T>(for template: Template, _ body: (FontMap) throws(RenderError) -> T)
    throws(RenderError) -> T
  {
    if fonts.pinnedFacesOnly, Self.copiesHaveEveryStyle(template) {
      do {
        let result = try body(fonts)
        lastDrawnWithCopiesOnly = true
        return result
      } catch .missingGlyphs {
        // A character the copies lack: every face, below.
      } catch {
        throw error
      }
    }
    let result = try body(try everyFace())
    lastDrawnWithCopiesOnly = false
    return result
  }

  /// The font map with every face of the pinned file, made on first use.
  func everyFace() throws(RenderError) -> FontMap {
    guard fonts.pinnedFacesOnly else { return fonts }
    if let allFaces { return allFaces }
    // The copies' config stays fontconfig's current one (cairo resolves fonts through it).
    let made = try FontMap(fontsConf: fontsConf, language: "en", makeCurrent: false)
    allFaces = made
    return made
  }

  /// Whether every style of `template` is one of the copies: upright Noto Sans, regular or bold
  /// (the full config has other weights and italics the copies would stand in for).
  static func copiesHaveEveryStyle(_ template: Template) -> Bool {
    template.styles.values.allSatisfy { style in
      style.family == FontMap.requiredFamily && !style.italic
        && (style.weight == "normal" || style.weight == "bold")
    }
  }
}
