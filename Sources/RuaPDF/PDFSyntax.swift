// SPDX-License-Identifier: Apache-2.0
/// The lexical pieces of PDF (ISO 32000-1 7.2, 7.3.4) shared by the object reader
/// (`PDFObjectParser`) and the post-pass's content-stream tokens: white space, delimiters, and
/// the two string forms decoded to their bytes.
package enum PDFSyntax {
  package static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0a || byte == 0x0d || byte == 0x09 || byte == 0x0c || byte == 0
  }

  /// White space or a delimiter: what ends a name, a number or an operator.
  package static func endsWord(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "<"), UInt8(ascii: ">"),
      UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"),
      UInt8(ascii: "/"), UInt8(ascii: "%"):
      return true
    default: return isSpace(byte)
    }
  }

  package static func hexDigit(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
    default: return nil
    }
  }

  /// A decoded string, the index after it, and whether it was whole (closed, and for a hex
  /// string nothing but digits and white space).
  package struct DecodedString {
    package var bytes: [UInt8]
    package var end: Int
    package var whole: Bool
  }

  /// The `( … )` at `start`: balanced parentheses, backslash escapes, octal codes, a line
  /// continued after a backslash.
  package static func literalString(_ bytes: ArraySlice<UInt8>, from start: Int) -> DecodedString {
    var output: [UInt8] = []
    var depth = 0
    var index = start
    while index < bytes.endIndex {
      let byte = bytes[index]
      index += 1
      switch byte {
      case UInt8(ascii: "\\"):
        guard index < bytes.endIndex else { break }
        let escaped = bytes[index]
        index += 1
        switch escaped {
        case UInt8(ascii: "n"): output.append(10)
        case UInt8(ascii: "r"): output.append(13)
        case UInt8(ascii: "t"): output.append(9)
        case UInt8(ascii: "b"): output.append(8)
        case UInt8(ascii: "f"): output.append(12)
        case 13: if index < bytes.endIndex, bytes[index] == 10 { index += 1 }
        case 10: break
        case UInt8(ascii: "0")...UInt8(ascii: "7"):
          var value = Int(escaped - UInt8(ascii: "0"))
          for _ in 0..<2 {
            guard index < bytes.endIndex,
              (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(bytes[index])
            else { break }
            value = value * 8 + Int(bytes[index] - UInt8(ascii: "0"))
            index += 1
          }
          output.append(UInt8(value & 0xff))
        default: output.append(escaped)
        }
      case UInt8(ascii: "("):
        depth += 1
        if depth > 1 { output.append(byte) }
      case UInt8(ascii: ")"):
        depth -= 1
        if depth == 0 { return DecodedString(bytes: output, end: index, whole: true) }
        output.append(byte)
      default:
        output.append(byte)
      }
    }
    return DecodedString(bytes: output, end: bytes.endIndex, whole: false)
  }

  /// The `< … >` at `start`: white space ignored, an odd last digit followed by 0.
  package static func hexString(_ bytes: ArraySlice<UInt8>, from start: Int) -> DecodedString {
    var output: [UInt8] = []
    var high: UInt8?
    var whole = true
    var index = start + 1
    while index < bytes.endIndex, bytes[index] != UInt8(ascii: ">") {
      if let digit = hexDigit(bytes[index]) {
        if let first = high {
          output.append(first << 4 | digit)
          high = nil
        } else {
          high = digit
        }
      } else if !isSpace(bytes[index]) {
        whole = false
      }
      index += 1
    }
    if let first = high { output.append(first << 4) }
    return DecodedString(
      bytes: output, end: min(index + 1, bytes.endIndex), whole: whole && index < bytes.endIndex)
  }
}
