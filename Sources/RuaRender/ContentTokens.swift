// SPDX-License-Identifier: Apache-2.0
internal import RuaPDF

/// A content stream read as PDF tokens (ISO 32000-1 7.2, 7.8.2), for the post-pass's edits
/// that need operands: each token with the bytes it spans, strings decoded.
struct ContentToken {
  enum Kind: Equatable {
    /// A literal `( … )` or hex `< … >` string, decoded to its bytes.
    case string([UInt8])
    /// A name without its slash.
    case name(String)
    /// An operator (`Tf`, `TJ`, `BDC`, …) or a number, as written.
    case word(String)
    case dictionaryStart, dictionaryEnd, arrayStart, arrayEnd
  }

  let kind: Kind
  let range: Range<Int>

  /// The tokens of `content`, or nil when it holds something this reader does not take apart
  /// (an inline image: its data is not tokens).
  static func read(_ content: [UInt8]) -> [ContentToken]? {
    var tokens: [ContentToken] = []
    var index = 0
    while index < content.count {
      let byte = content[index]
      let start = index
      switch byte {
      case 0, 9, 10, 12, 13, 32:
        index += 1
        continue
      case UInt8(ascii: "%"):
        while index < content.count, content[index] != 10, content[index] != 13 { index += 1 }
        continue
      case UInt8(ascii: "("):
        let string = PDFSyntax.literalString(content[...], from: index)
        tokens.append(ContentToken(kind: .string(string.bytes), range: start..<string.end))
        index = string.end
      case UInt8(ascii: "<"):
        if index + 1 < content.count, content[index + 1] == byte {
          tokens.append(ContentToken(kind: .dictionaryStart, range: start..<(index + 2)))
          index += 2
        } else {
          let string = PDFSyntax.hexString(content[...], from: index)
          tokens.append(ContentToken(kind: .string(string.bytes), range: start..<string.end))
          index = string.end
        }
      case UInt8(ascii: ">"):
        index += index + 1 < content.count && content[index + 1] == byte ? 2 : 1
        tokens.append(ContentToken(kind: .dictionaryEnd, range: start..<index))
      case UInt8(ascii: "["):
        index += 1
        tokens.append(ContentToken(kind: .arrayStart, range: start..<index))
      case UInt8(ascii: "]"):
        index += 1
        tokens.append(ContentToken(kind: .arrayEnd, range: start..<index))
      case UInt8(ascii: "/"):
        index = wordEnd(content, from: index + 1)
        let name = String(decoding: content[(start + 1)..<index], as: UTF8.self)
        tokens.append(ContentToken(kind: .name(name), range: start..<index))
      default:
        index = max(wordEnd(content, from: index), index + 1)
        let word = String(decoding: content[start..<index], as: UTF8.self)
        if word == "BI" { return nil }
        tokens.append(ContentToken(kind: .word(word), range: start..<index))
      }
    }
    return tokens
  }

  private static func wordEnd(_ bytes: [UInt8], from start: Int) -> Int {
    var index = start
    while index < bytes.count, !PDFSyntax.endsWord(bytes[index]) { index += 1 }
    return index
  }
}
