// SPDX-License-Identifier: Apache-2.0
import Foundation
import RuaDocuments
import RuaTestSupport

/// Where poppler finds a wallet card's words, against the card's outline (issue 30: Agnès's
/// ar+en card printed its language line and conditions under the card). On Letter or A4 the
/// outline is the two faces side by side (`CardLayout`'s frame); on card paper it is the page,
/// and since poppler drops text outside the page, each page's box is first widened (qpdf's QDF
/// text, the box padded to its old length) so text run off the card is read where it is.
struct CardOutlineReadBack {
  struct Word {
    var page: Int
    var text: String
    var left, top, right, bottom: Double
  }

  var words: [Word] = []

  /// How far a widened page reaches past the card on each side, in points.
  static let reach = 400.0

  init(pdf: [UInt8], cardPaper: Bool) throws {
    var bytes = pdf
    if cardPaper {
      // Latin-1 maps each byte to one character and back, so the streams survive.
      let expanded = try Self.qdf(pdf)
      bytes = Array(Self.widened(expanded).data(using: .isoLatin1) ?? Data())
    }
    let layout = try RenderFixture.poppler("pdftotext", ["-bbox"], pdf: bytes)
    var page = 0
    for raw in layout.split(separator: "\n") {
      let line = raw.trimmingCharacters(in: .whitespaces)
      if line.hasPrefix("<page ") { page += 1 }
      let scalars = line.unicodeScalars
      guard line.hasPrefix("<word "), let open = scalars.firstIndex(of: ">"),
        let close = line.range(of: "</word>")
      else { continue }
      let text = String(scalars[scalars.index(after: open)..<close.lowerBound])
      let shift = cardPaper ? Self.reach : 0
      words.append(
        Word(
          page: page, text: LayoutReadBack.unescaped(text),
          left: LayoutReadBack.number("xMin", line) - shift,
          top: LayoutReadBack.number("yMin", line) - shift,
          right: LayoutReadBack.number("xMax", line) - shift,
          bottom: LayoutReadBack.number("yMax", line) - shift))
    }
  }

  /// The PDF as qpdf's QDF (no object streams, so every page box is plain text), its bytes
  /// as Latin-1 characters.
  static func qdf(_ pdf: [UInt8]) throws -> String {
    let folder = TemporaryFolder("rua-card")
    try folder.write("card.pdf", pdf)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/qpdf")
    process.arguments = ["--qdf", "--object-streams=disable", folder.file("card.pdf"), "-"]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(data: data, encoding: .isoLatin1) ?? ""
  }

  /// The QDF file with each `/MediaBox [ 0 0 w h ]` grown by `reach` on every side.
  static func widened(_ qdf: String) -> String {
    let expression = try? NSRegularExpression(
      pattern: #"/MediaBox \[\s*0\s+0\s+([0-9.]+)\s+([0-9.]+)\s*\]"#)
    let whole = qdf as NSString
    var result = ""
    var last = 0
    for match in expression?.matches(in: qdf, range: NSRange(location: 0, length: whole.length))
      ?? []
    {
      let width = Double(whole.substring(with: match.range(at: 1))) ?? 0
      let height = Double(whole.substring(with: match.range(at: 2))) ?? 0
      let box = "/MediaBox [-\(Int(reach)) -\(Int(reach)) \(width + reach) \(height + reach)]"
      result += whole.substring(with: NSRange(location: last, length: match.range.location - last))
      result += box.padding(
        toLength: max(box.count, match.range.length), withPad: " ", startingAt: 0)
      last = match.range.location + match.range.length
    }
    return result + whole.substring(from: last)
  }

  /// What of the face `face` overlaps the back's footer (Tomasz's ar+en card, with one
  /// contact kept, ran its last lines into it), the footer laid out from `top` in `lines`
  /// lines. Poppler cannot tell the footer's words from the others (it reads Arabic glyph by
  /// glyph), so the check is by place: no word that starts above the footer reaches more than
  /// a quarter of its height below its top (the boxes of two lines one pitch apart meet by
  /// less), the words from its top down form its lines and no more, and none of them covers
  /// another.
  func overFooter(face: (page: Int, rect: Rect), top: Double, lines: Int, tolerance: Double = 0.5)
    -> [String]
  {
    let onFace = words.filter { word in
      word.page == face.page && word.left >= face.rect.x - tolerance
        && word.right <= face.rect.x + face.rect.width + tolerance
        && word.top >= face.rect.y - tolerance
        && word.bottom <= face.rect.y + face.rect.height + tolerance
    }
    var problems: [String] = []
    func placed(_ word: Word) -> String {
      "'\(word.text)' at x \(Int(word.left))–\(Int(word.right)), y \(Int(word.top))–\(Int(word.bottom))"
    }
    // A word's box starts a little above its line's (poppler takes the font's ascent).
    let starts = top - 1.5
    let above = onFace.filter { $0.top < starts }
    let footer = onFace.filter { $0.top >= starts }
    for word in above where word.bottom - top > (word.bottom - word.top) / 4 {
      problems.append("page \(word.page): \(placed(word)) runs into the footer from y \(Int(top))")
    }
    var tops: [Double] = []
    for word in footer.sorted(by: { $0.top < $1.top })
    where tops.last.map({ word.top - $0 > 2 }) ?? true {
      tops.append(word.top)
    }
    if tops.count != lines {
      problems.append(
        "page \(face.page): \(tops.count) lines from the footer's top (y \(Int(top))), "
          + "it has \(lines)")
    }
    for (index, word) in footer.enumerated() {
      let covered = footer[(index + 1)...].first { other in
        let wide = min(word.right, other.right) - max(word.left, other.left)
        let high = min(word.bottom, other.bottom) - max(word.top, other.top)
        return wide > 1 && high > (word.bottom - word.top) / 2
      }
      if let covered {
        problems.append("page \(face.page): \(placed(word)) covers \(placed(covered))")
      }
    }
    return problems
  }

  /// Whether the words of `text` (split at spaces) are all on one line of one page: each
  /// found with its top within a point of the first's.
  func hasOnOneLine(_ text: String) -> Bool {
    let parts = text.split(whereSeparator: \.isWhitespace).map(String.init)
    guard let first = parts.first else { return true }
    return words.contains { start in
      start.text == first
        && parts.dropFirst().allSatisfy { part in
          words.contains { $0.text == part && $0.page == start.page && abs($0.top - start.top) < 1 }
        }
    }
  }

  /// Whether the words of `text` (split at spaces) are printed whole on one page, each on
  /// the line of the one before or on a later line: a long allergen name may wrap, and in a
  /// right-to-left band its Latin words read back in another order than their letters joined
  /// ("Trimethoprim-sulfamethoxazole oral suspension and" over "tablets").
  func hasWhole(_ text: String) -> Bool {
    let parts = text.split(whereSeparator: \.isWhitespace).map(String.init)
    guard let first = parts.first else { return true }
    return words.contains { start in
      guard start.text == first else { return false }
      var top = start.top
      return parts.dropFirst().allSatisfy { part in
        guard
          let next = words.first(where: {
            $0.text == part && $0.page == start.page && $0.top > top - 1
          })
        else { return false }
        top = next.top
        return true
      }
    }
  }

  /// Words outside `faces` (each face a rectangle; a word must lie in one), but those that
  /// start at or below `noteTop` (the sheet's note under the cards and its crop marks: a line
  /// run off a face starts above it).
  func outside(faces: [(page: Int, rect: Rect)], noteTop: Double?, tolerance: Double = 0.5)
    -> [String]
  {
    words.compactMap { word in
      let inside = faces.contains { face in
        face.page == word.page && word.left >= face.rect.x - tolerance
          && word.right <= face.rect.x + face.rect.width + tolerance
          && word.top >= face.rect.y - tolerance
          && word.bottom <= face.rect.y + face.rect.height + tolerance
      }
      if inside || noteTop.map({ word.top >= $0 }) == true { return nil }
      return "page \(word.page): '\(word.text)' at x \(Int(word.left))–\(Int(word.right)), "
        + "y \(Int(word.top))–\(Int(word.bottom))"
    }
  }
}
