// SPDX-License-Identifier: Apache-2.0
package import RuaCore
import RuaFiles
package import RuaRender

/// "An imported record always prints": before `import` writes anything, every text a document
/// may print is laid out with the pinned fonts, and a character none of them can draw (an
/// emoji, a script no pinned font covers, a private-use character) refuses the file, naming the
/// field and the character.
package enum PrintableCheck {
  /// The pinned fonts of `location`.
  package static func coverage(_ location: TemplatesLocation) throws(PaperError) -> FontCoverage {
    let fontsConf = location.root + "/fonts.conf"
    guard Files.isRegularFile(fontsConf) else {
      throw PaperError(
        "\(location.shown)/fonts.conf is missing; import checks that its pinned fonts can draw"
          + " every text; pass --templates DIR or set RUA_TEMPLATES", kind: .notFound)
    }
    do { return try FontCoverage(fontsConf: fontsConf) } catch {
      throw PaperError("\(error)", kind: .unavailable)
    }
  }

  package static func check(_ file: JSON, coverage: FontCoverage) throws(CareCircleError) {
    // Texts are laid out a batch at a time (one Pango layout per ~8 KB); only a batch with a
    // missing glyph is looked at field by field.
    var batch: [(path: String, text: String)] = []
    var batchBytes = 0
    for item in CareCirclePrintedText.strings(in: file) {
      batch.append(item)
      batchBytes += item.text.utf8.count + 1
      if batchBytes >= 8192 {
        try check(batch, coverage)
        batch.removeAll(keepingCapacity: true)
        batchBytes = 0
      }
    }
    try check(batch, coverage)
  }

  private static func check(_ batch: [(path: String, text: String)], _ coverage: FontCoverage)
    throws(CareCircleError)
  {
    guard coverage.firstUndrawable(in: batch.map(\.text).joined(separator: "\n")) != nil
    else { return }
    for (path, text) in batch {
      guard let scalar = coverage.firstUndrawable(in: text) else { continue }
      throw CareCircleError(path: path, reason: reason(scalar))
    }
  }

  /// Names the character by code point, and shows it when it is a visible letter or symbol
  /// (never a mark, which would attach to the quote).
  package static func reason(_ scalar: Unicode.Scalar) -> String {
    var name = TextRules.codePoint(scalar)
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .spacingMark, .enclosingMark, .control, .format, .surrogate,
      .privateUse, .unassigned, .spaceSeparator, .lineSeparator, .paragraphSeparator:
      break
    default:
      name += " \"\(Character(scalar))\""
    }
    return "contains \(name), which the pinned fonts (templates/fonts.conf) cannot draw, so no"
      + " document could print it; write it in words or leave it out"
  }
}
