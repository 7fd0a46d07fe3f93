// SPDX-License-Identifier: Apache-2.0
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
        let (bytes, end) = literalString(content, from: index)
        tokens.append(ContentToken(kind: .string(bytes), range: start..<end))
        index = end
      case UInt8(ascii: "<"):
        if index + 1 < content.count, content[index + 1] == byte {
          tokens.append(ContentToken(kind: .dictionaryStart, range: start..<(index + 2)))
          index += 2
        } else {
          let (bytes, end) = hexString(content, from: index)
          tokens.append(ContentToken(kind: .string(bytes), range: start..<end))
          index = end
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

  private static func isDelimiter(_ byte: UInt8) -> Bool {
    switch byte {
    case 0, 9, 10, 12, 13, 32: return true
    case UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "<"), UInt8(ascii: ">"),
      UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"),
      UInt8(ascii: "/"), UInt8(ascii: "%"):
      return true
    default: return false
    }
  }

  private static func wordEnd(_ bytes: [UInt8], from start: Int) -> Int {
    var index = start
    while index < bytes.count, !isDelimiter(bytes[index]) { index += 1 }
    return index
  }

  /// A `( … )` string's bytes (balanced parentheses, backslash escapes, octal codes) and the
  /// index after it.
  private static func literalString(_ bytes: [UInt8], from start: Int) -> ([UInt8], Int) {
    var output: [UInt8] = []
    var depth = 0
    var index = start
    while index < bytes.count {
      let byte = bytes[index]
      switch byte {
      case UInt8(ascii: "\\"):
        index += 1
        guard index < bytes.count else { break }
        let escaped = bytes[index]
        switch escaped {
        case UInt8(ascii: "n"): output.append(10)
        case UInt8(ascii: "r"): output.append(13)
        case UInt8(ascii: "t"): output.append(9)
        case UInt8(ascii: "b"): output.append(8)
        case UInt8(ascii: "f"): output.append(12)
        case 10, 13: break  // a line continued
        case UInt8(ascii: "0")...UInt8(ascii: "7"):
          var value = 0
          var digits = 0
          while digits < 3, index < bytes.count,
            (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(bytes[index])
          {
            value = value * 8 + Int(bytes[index] - UInt8(ascii: "0"))
            index += 1
            digits += 1
          }
          output.append(UInt8(value & 0xff))
          continue
        default: output.append(escaped)
        }
      case UInt8(ascii: "("):
        depth += 1
        if depth > 1 { output.append(byte) }
      case UInt8(ascii: ")"):
        depth -= 1
        if depth == 0 { return (output, index + 1) }
        output.append(byte)
      default:
        output.append(byte)
      }
      index += 1
    }
    return (output, bytes.count)
  }

  /// A `< … >` string's bytes (whitespace ignored, an odd last digit followed by 0).
  private static func hexString(_ bytes: [UInt8], from start: Int) -> ([UInt8], Int) {
    var output: [UInt8] = []
    var high: UInt8?
    var index = start + 1
    while index < bytes.count, bytes[index] != UInt8(ascii: ">") {
      if let digit = hexDigit(bytes[index]) {
        if let first = high {
          output.append(first << 4 | digit)
          high = nil
        } else {
          high = digit
        }
      }
      index += 1
    }
    if let first = high { output.append(first << 4) }
    return (output, min(index + 1, bytes.count))
  }

  static func hexDigit(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
    default: return nil
    }
  }
}
