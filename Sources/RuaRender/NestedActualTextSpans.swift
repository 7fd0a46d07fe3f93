// SPDX-License-Identifier: Apache-2.0
/// cairo 1.16 writes a glyph whose text is not the one its font's `cmap` gives (an Arabic
/// lam–alef ligature: the font says U+FEFB, the text is "لا"; a bracket mirrored in a
/// right-to-left line; the em space of a heading) inside a nested marked-content sequence,
/// `/Span << /ActualText <…> >> BDC … EMC`. poppler-based readers (Evince, Okular, `pdfinfo
/// -struct-text`) stop reading an element at the first such span. Inside an element that
/// says its whole text in its own `/ActualText` (every element of a right-to-left page, and
/// every one holding right-to-left letters) the span adds nothing a reader needs, so the
/// post-pass removes its `BDC` and `EMC` and keeps what it draws; likewise in page furniture
/// (an artifact, which no reader reads). What the span said is kept
/// for the page's text where it can be: `ToUnicodeRepair` maps a glyph to it when every use of
/// the glyph said the same.
enum NestedActualTextSpans {
  /// Whether `content` holds an ActualText span as cairo writes it (a cheap look before
  /// reading the document's content as tokens).
  static func present(in content: [UInt8]) -> Bool {
    let marker = Array("/Span << /ActualText".utf8)
    guard content.count >= marker.count else { return false }
    var index = 0
    let last = content.count - marker.count
    while index <= last {
      if content[index] == marker[0], content[index..<(index + marker.count)].elementsEqual(marker)
      {
        return true
      }
      index += 1
    }
    return false
  }

  /// `content` without the ActualText spans nested in an element that `spoken(mcid)` says has
  /// its own /ActualText, or nil when there is none; every glyph drawn is recorded in `uses`.
  /// `codeWidth(font)` is the bytes per glyph code of a font resource (2 for a `Type0` font).
  /// `mapped(font, code)`: the glyph's `ToUnicode` text as cairo wrote it (UTF-16BE), if any.
  static func strip(
    _ content: [UInt8], spoken: (Int) -> Bool, codeWidth: (String) -> Int,
    mapped: (String, [UInt8]) -> [UInt8]? = { _, _ in nil }, uses: inout GlyphUses
  ) -> [UInt8]? {
    guard let tokens = ContentToken.read(content) else { return nil }
    enum Mark {
      /// A marked-content sequence: an element's (its id) or an artifact's.
      case content(mcid: Int?, artifact: Bool)
      case removed(text: [UInt8])
    }
    var marks: [Mark] = []
    var removedRanges: [Range<Int>] = []
    var operands: [ContentToken] = []
    var font: String?
    var savedFonts: [String?] = []
    // The glyph codes drawn in the removed span now open, with their font.
    var spanGlyphs: [(font: String, code: [UInt8])] = []
    var inRemovedSpan: Bool {
      marks.contains { if case .removed = $0 { return true } else { return false } }
    }

    func record(_ string: [UInt8]) {
      guard let font else { return }
      let width = max(codeWidth(font), 1)
      var index = 0
      while index + width <= string.count {
        let code = Array(string[index..<(index + width)])
        if inRemovedSpan { spanGlyphs.append((font, code)) } else { uses.plain(font, code) }
        index += width
      }
    }

    for token in tokens {
      guard case .word(let word) = token.kind, !isNumber(word) else {
        operands.append(token)
        continue
      }
      defer { operands.removeAll(keepingCapacity: true) }
      switch word {
      case "q": savedFonts.append(font)
      case "Q": if let saved = savedFonts.popLast() { font = saved }
      case "Tf":
        if let name = operands.first, case .name(let resource) = name.kind { font = resource }
      case "Tj", "'", "\"", "TJ":
        for operand in operands { if case .string(let bytes) = operand.kind { record(bytes) } }
      case "BMC":
        marks.append(.content(mcid: nil, artifact: operands.first?.kind == .name("Artifact")))
      case "BDC":
        let innermost = marks.reversed().lazy.compactMap { mark -> (Int?, Bool)? in
          if case .content(let mcid, let artifact) = mark { return (mcid, artifact) }
          return nil
        }.first
        // Inside an artifact no reader reads the span; the page's text comes from ToUnicode.
        let removable = innermost.map { $0.1 || ($0.0.map(spoken) ?? false) } ?? false
        if let text = actualText(operands), removable, let first = operands.first {
          removedRanges.append(first.range.lowerBound..<token.range.upperBound)
          marks.append(.removed(text: text))
        } else {
          marks.append(
            .content(mcid: mcidOf(operands), artifact: operands.first?.kind == .name("Artifact")))
        }
      case "EMC":
        guard let mark = marks.popLast() else { break }
        if case .removed(let text) = mark {
          removedRanges.append(token.range)
          // A span of several glyphs (a ligature with a mark on it) maps to no one glyph: its
          // glyphs read as their own entries, which the single uses decide; but where one of
          // them has no character of its own (a Devanagari reph), it is what the others leave.
          if spanGlyphs.count == 1, let glyph = spanGlyphs.first {
            uses.spoken(glyph.font, glyph.code, text: text)
          } else if let (glyph, rest) = unmapped(spanGlyphs, text, mapped) {
            uses.spoken(glyph.font, glyph.code, text: rest)
          }
          spanGlyphs.removeAll()
        }
      default:
        break
      }
    }
    guard !removedRanges.isEmpty else { return nil }
    var output: [UInt8] = []
    output.reserveCapacity(content.count)
    var copied = 0
    for range in removedRanges {
      output += content[copied..<range.lowerBound]
      var end = range.upperBound
      while end < content.count, [9, 10, 13, 32].contains(content[end]) { end += 1 }
      copied = end
    }
    output += content[copied...]
    return output
  }

  /// The one glyph of a cluster without a character of its own (no entry, or U+FFFD), and the
  /// part of `text` the cluster's other glyphs do not say; nil unless there is exactly one
  /// such glyph and something is left for it.
  private static func unmapped(
    _ glyphs: [(font: String, code: [UInt8])], _ text: [UInt8],
    _ mapped: (String, [UInt8]) -> [UInt8]?
  ) -> ((font: String, code: [UInt8]), [UInt8])? {
    let replacement: [UInt8] = [0xff, 0xfd]
    let unknown = glyphs.filter { mapped($0.font, $0.code).map { $0 == replacement } ?? true }
    guard let glyph = unknown.first,
      unknown.allSatisfy({ $0.font == glyph.font && $0.code == glyph.code })
    else { return nil }
    var rest = units(text)
    for other in glyphs where !(other.font == glyph.font && other.code == glyph.code) {
      for unit in units(mapped(other.font, other.code) ?? []) {
        guard let place = rest.firstIndex(of: unit) else { return nil }
        rest.remove(at: place)
      }
    }
    guard !rest.isEmpty, unknown.count == 1 else { return nil }
    return (glyph, rest.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xff)] })
  }

  private static func units(_ bytes: [UInt8]) -> [UInt16] {
    stride(from: 0, to: bytes.count - 1, by: 2).map {
      UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1])
    }
  }

  /// The text of a `/Span << /ActualText … >>` property list, as UTF-16BE without its byte
  /// order mark (or PDFDocEncoded bytes widened: cairo writes only UTF-16).
  private static func actualText(_ operands: [ContentToken]) -> [UInt8]? {
    guard let tag = operands.first, tag.kind == .name("Span") else { return nil }
    for (index, token) in operands.enumerated()
    where token.kind == .name("ActualText") && index + 1 < operands.count {
      guard case .string(let bytes) = operands[index + 1].kind else { return nil }
      if bytes.count >= 2, bytes[0] == 0xfe, bytes[1] == 0xff { return Array(bytes.dropFirst(2)) }
      return bytes.flatMap { [0, $0] }
    }
    return nil
  }

  private static func mcidOf(_ operands: [ContentToken]) -> Int? {
    for (index, token) in operands.enumerated()
    where token.kind == .name("MCID") && index + 1 < operands.count {
      if case .word(let digits) = operands[index + 1].kind { return Int(digits) }
    }
    return nil
  }

  private static func isNumber(_ word: String) -> Bool {
    guard let first = word.utf8.first else { return false }
    return (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) || first == UInt8(ascii: "-")
      || first == UInt8(ascii: "+") || first == UInt8(ascii: ".")
  }
}

/// How each glyph code of each font resource was used across a document: only inside removed
/// ActualText spans that all said the same text (`spoken`), or otherwise (`conflict`: drawn
/// plainly somewhere, where its `ToUnicode` entry is right, or with different texts).
struct GlyphUses {
  enum Use: Equatable {
    case spoken(text: [UInt8])
    case conflict
  }

  private(set) var byFont: [String: [[UInt8]: Use]] = [:]

  mutating func plain(_ font: String, _ code: [UInt8]) {
    byFont[font, default: [:]][code] = .conflict
  }

  mutating func spoken(_ font: String, _ code: [UInt8], text: [UInt8]) {
    switch byFont[font]?[code] {
    case nil: byFont[font, default: [:]][code] = .spoken(text: text)
    case .spoken(let earlier) where earlier == text: break
    default: byFont[font, default: [:]][code] = .conflict
    }
  }

  /// For each font, the codes whose every use said one text, with that text (UTF-16BE).
  var remappable: [String: [[UInt8]: [UInt8]]] {
    var result: [String: [[UInt8]: [UInt8]]] = [:]
    for (font, codes) in byFont {
      for (code, use) in codes {
        if case .spoken(let text) = use { result[font, default: [:]][code] = text }
      }
    }
    return result
  }
}
