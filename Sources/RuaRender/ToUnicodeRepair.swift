// SPDX-License-Identifier: Apache-2.0
internal import RuaPDF

/// Where `NestedActualTextSpans` removed the spans of a glyph that every use spoke the same
/// (a lam–alef ligature is always "لا"), the font's `ToUnicode` map says that text instead of
/// the presentation form cairo took from the font's `cmap`, so a page's text (copy, search,
/// `pdftotext`) stays the stored text. A glyph drawn elsewhere without a span (a bracket
/// that is mirrored in Arabic and not in English) keeps its entry: it is right there.
enum ToUnicodeRepair {
  /// `fonts`: each font resource name cairo used (`f-2-1`: one name for one font object in the
  /// whole document) → its font dictionary.
  static func apply<PDF: PDFObjectEditing>(
    _ pdf: PDF, _ uses: GlyphUses, fonts: [String: PDF.Handle]
  ) throws(PDF.Failure) {
    for (name, codes) in uses.remappable {
      guard let font = fonts[name] else { continue }
      let stream = pdf.key(font, "/ToUnicode")
      guard pdf.isStream(stream), let data = try pdf.decodedData(stream) else { continue }
      pdf.replaceData(of: stream, with: rewritten(data, codes))
    }
  }

  /// `cmap` with each code of `codes` mapped to its text: an existing `bfchar` entry rewritten,
  /// a missing one added in a `bfchar` block of its own before `endcmap`.
  static func rewritten(_ cmap: [UInt8], _ codes: [[UInt8]: [UInt8]]) -> [UInt8] {
    var remaining = codes
    var inBlock = false
    var lines: [String] = []
    for line in String(decoding: cmap, as: UTF8.self).split(
      separator: "\n", omittingEmptySubsequences: false)
    {
      let text = String(line)
      if text.hasSuffix("beginbfchar") { inBlock = true }
      if text == "endbfchar" { inBlock = false }
      if inBlock, let (source, current) = entry(text), let target = remaining[source] {
        remaining[source] = nil
        // A bracket mirrored in a right-to-left line keeps its own character: a reader that
        // puts the line in logical order mirrors it back.
        if !(mirrored.contains(current) && mirrored.contains(target)) {
          lines.append(format(source, target))
          continue
        }
      }
      if text == "endcmap", !remaining.isEmpty {
        lines.append("\(remaining.count) beginbfchar")
        for (source, target) in remaining.sorted(by: { $0.key.lexicographicallyPrecedes($1.key) }) {
          lines.append(format(source, target))
        }
        lines.append("endbfchar")
        remaining.removeAll()
      }
      lines.append(text)
    }
    return Array(lines.joined(separator: "\n").utf8)
  }

  /// The bidi-mirrored pairs cairo's text can hold, as UTF-16BE.
  private static let mirrored: Set<[UInt8]> = Set(
    "()[]{}<>«»‹›".utf16.map { [UInt8($0 >> 8), UInt8($0 & 0xff)] })

  /// The `bfchar` entries of a `ToUnicode` map: code → text (UTF-16BE).
  static func entries(_ cmap: [UInt8]) -> [[UInt8]: [UInt8]] {
    var found: [[UInt8]: [UInt8]] = [:]
    var inBlock = false
    for line in String(decoding: cmap, as: UTF8.self).split(separator: "\n") {
      let text = String(line)
      if text.hasSuffix("beginbfchar") { inBlock = true }
      if text == "endbfchar" { inBlock = false }
      if inBlock, let (source, target) = entry(text) { found[source] = target }
    }
    return found
  }

  /// The source and target of a `<src> <dst>` line.
  private static func entry(_ line: String) -> ([UInt8], [UInt8])? {
    let parts = line.split(separator: " ")
    guard parts.count == 2, let source = hex(parts[0]), let target = hex(parts[1]) else {
      return nil
    }
    return (source, target)
  }

  private static func hex(_ part: Substring) -> [UInt8]? {
    let digits = Array(part.utf8)
    guard digits.count >= 4, digits.count % 2 == 0, digits.first == UInt8(ascii: "<"),
      digits.last == UInt8(ascii: ">")
    else { return nil }
    var bytes: [UInt8] = []
    var index = 1
    while index + 1 < digits.count - 1 {
      guard let high = PDFSyntax.hexDigit(digits[index]),
        let low = PDFSyntax.hexDigit(digits[index + 1])
      else { return nil }
      bytes.append(high << 4 | low)
      index += 2
    }
    return bytes
  }

  private static func format(_ source: [UInt8], _ target: [UInt8]) -> String {
    "<" + hexText(source) + "> <" + hexText(target) + ">"
  }

  private static func hexText(_ bytes: [UInt8]) -> String {
    let digits = Array("0123456789abcdef".utf8)
    var text: [UInt8] = []
    for byte in bytes {
      text.append(digits[Int(byte >> 4)])
      text.append(digits[Int(byte & 0xf)])
    }
    return String(decoding: text, as: UTF8.self)
  }
}
