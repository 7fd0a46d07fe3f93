// SPDX-License-Identifier: Apache-2.0
/// cairo writes a character Pango draws no glyph for as an empty nested marked-content
/// sequence, `/Span << /ActualText <feff2066> >> BDC EMC`. rua-paper's bidi isolates
/// (`DirectionIsolation`, `NumberIsolation`: U+2066–U+2069) and marks (U+200E, U+200F,
/// U+061C) are such characters: invisible, meaningless to a listener, and the nested span
/// makes poppler-based readers (Evince, Okular, `pdfinfo -struct-text`) stop reading the
/// element there. The post-pass removes these empty spans; nothing drawn changes.
enum BidiControlSpans {
  /// `content` without the empty bidi-control spans, or nil when it has none.
  static func strip(_ content: [UInt8]) -> [UInt8]? {
    var output: [UInt8] = []
    var index = 0
    var lastCopied = 0
    var found = false
    while index < content.count {
      switch content[index] {
      case UInt8(ascii: "("):
        index = ArtifactMarking.skipLiteralString(content, from: index)
      case UInt8(ascii: "/"):
        if let end = matchSpan(content, at: index) {
          if !found { output.reserveCapacity(content.count) }
          found = true
          output += content[lastCopied..<index]
          lastCopied = end
          index = end
        } else {
          index += 1
        }
      default:
        index += 1
      }
    }
    guard found else { return nil }
    output += content[lastCopied...]
    return output
  }

  private static let prefix = Array("/Span << /ActualText <feff".utf8)
  private static let suffix = Array("> >> BDC".utf8)
  private static let controls: Set<String> = [
    "2066", "2067", "2068", "2069", "200e", "200f", "061c",
  ]

  /// The index after `/Span << /ActualText <feffXXXX> >> BDC EMC` (and the whitespace after
  /// it) at `start`, XXXX a bidi control, with nothing but whitespace inside.
  private static func matchSpan(_ bytes: [UInt8], at start: Int) -> Int? {
    let hexStart = start + prefix.count
    let hexEnd = hexStart + 4
    guard hexEnd + suffix.count <= bytes.count,
      bytes[start..<hexStart].elementsEqual(prefix),
      case let hex = String(decoding: bytes[hexStart..<hexEnd], as: UTF8.self),
      controls.contains(hex.lowercased()),
      bytes[hexEnd..<(hexEnd + suffix.count)].elementsEqual(suffix)
    else { return nil }
    var index = hexEnd + suffix.count
    while index < bytes.count, isWhitespace(bytes[index]) { index += 1 }
    guard index + 3 <= bytes.count, bytes[index..<(index + 3)].elementsEqual(Array("EMC".utf8))
    else { return nil }
    index += 3
    while index < bytes.count, isWhitespace(bytes[index]) { index += 1 }
    return index
  }

  private static func isWhitespace(_ byte: UInt8) -> Bool {
    byte == 32 || byte == 10 || byte == 13 || byte == 9 || byte == 12
  }
}
