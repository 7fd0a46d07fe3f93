// SPDX-License-Identifier: Apache-2.0
/// Why a JSON text could not be read, with the byte offset of the problem.
public struct JSONSyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
  public let offset: Int
  public let line: Int
  public let column: Int
  public let reason: String

  public var description: String { "line \(line), column \(column): \(reason)" }
}

/// A strict RFC 8259 parser over UTF-8 bytes. Invalid UTF-8, duplicate keys and trailing data
/// are refused, because a health record must not be half-read.
public struct JSONParser {
  private let bytes: [UInt8]
  private var index = 0
  private var depth = 0
  private static let maximumDepth = 64

  public static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSON {
    var parser = JSONParser(bytes: bytes)
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
      throw parser.error(
        "the file starts with a byte-order mark (U+FEFF); save it as UTF-8 without BOM")
    }
    parser.skipSpace()
    let value = try parser.value()
    parser.skipSpace()
    guard parser.index == bytes.count else {
      throw parser.error("unexpected data after the JSON value")
    }
    return value
  }

  public static func parse(_ text: String) throws(JSONSyntaxError) -> JSON {
    try parse(Array(text.utf8))
  }

  private init(bytes: [UInt8]) { self.bytes = bytes }

  private func error(_ reason: String) -> JSONSyntaxError {
    var line = 1
    var column = 1
    for byte in bytes[0..<min(index, bytes.count)] {
      if byte == 0x0A {
        line += 1
        column = 1
      } else if byte & 0xC0 != 0x80 {
        column += 1
      }
    }
    return JSONSyntaxError(offset: index, line: line, column: column, reason: reason)
  }

  private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

  private mutating func skipSpace() {
    while let byte = current, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
      index += 1
    }
  }

  private mutating func expect(_ literal: String, _ value: JSON) throws(JSONSyntaxError) -> JSON {
    let expected = Array(literal.utf8)
    guard index + expected.count <= bytes.count,
      Array(bytes[index..<index + expected.count]) == expected
    else { throw error("unexpected character") }
    index += expected.count
    return value
  }

  private mutating func value() throws(JSONSyntaxError) -> JSON {
    guard let byte = current else { throw error("unexpected end of file") }
    switch byte {
    case UInt8(ascii: "{"): return try object()
    case UInt8(ascii: "["): return try array()
    case UInt8(ascii: "\""): return .string(try string())
    case UInt8(ascii: "t"): return try expect("true", .bool(true))
    case UInt8(ascii: "f"): return try expect("false", .bool(false))
    case UInt8(ascii: "n"): return try expect("null", .null)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
    default: throw error("unexpected character")
    }
  }

  private mutating func enter() throws(JSONSyntaxError) {
    depth += 1
    if depth > JSONParser.maximumDepth { throw error("nested too deeply") }
  }

  private mutating func object() throws(JSONSyntaxError) -> JSON {
    try enter()
    index += 1
    var members: [(key: String, value: JSON)] = []
    var seen = Set<String>()
    skipSpace()
    if current == UInt8(ascii: "}") {
      index += 1
      depth -= 1
      return .object(members)
    }
    while true {
      skipSpace()
      guard current == UInt8(ascii: "\"") else { throw error("expected a key in double quotes") }
      let keyStart = index
      let key = try string()
      guard seen.insert(key).inserted else {
        index = keyStart
        throw error("the key \"\(key)\" appears twice in one object")
      }
      skipSpace()
      guard current == UInt8(ascii: ":") else { throw error("expected ':' after a key") }
      index += 1
      skipSpace()
      members.append((key, try value()))
      skipSpace()
      if current == UInt8(ascii: ",") {
        index += 1
        continue
      }
      guard current == UInt8(ascii: "}") else { throw error("expected ',' or '}' in an object") }
      index += 1
      depth -= 1
      return .object(members)
    }
  }

  private mutating func array() throws(JSONSyntaxError) -> JSON {
    try enter()
    index += 1
    var elements: [JSON] = []
    skipSpace()
    if current == UInt8(ascii: "]") {
      index += 1
      depth -= 1
      return .array(elements)
    }
    while true {
      skipSpace()
      elements.append(try value())
      skipSpace()
      if current == UInt8(ascii: ",") {
        index += 1
        continue
      }
      guard current == UInt8(ascii: "]") else { throw error("expected ',' or ']' in an array") }
      index += 1
      depth -= 1
      return .array(elements)
    }
  }

  private mutating func number() throws(JSONSyntaxError) -> JSON {
    let start = index
    if current == UInt8(ascii: "-") { index += 1 }
    guard let first = current, isDigit(first) else { throw error("invalid number") }
    if first == UInt8(ascii: "0") {
      index += 1
    } else {
      while let byte = current, isDigit(byte) { index += 1 }
    }
    if current == UInt8(ascii: ".") {
      index += 1
      guard let byte = current, isDigit(byte) else { throw error("invalid number") }
      while let byte = current, isDigit(byte) { index += 1 }
    }
    if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
      index += 1
      if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
      guard let byte = current, isDigit(byte) else { throw error("invalid number") }
      while let byte = current, isDigit(byte) { index += 1 }
    }
    return .number(String(decoding: bytes[start..<index], as: UTF8.self))
  }

  private func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }

  private mutating func string() throws(JSONSyntaxError) -> String {
    index += 1
    var scalars = String.UnicodeScalarView()
    while true {
      guard let byte = current else { throw error("unterminated string") }
      switch byte {
      case UInt8(ascii: "\""):
        index += 1
        return String(scalars)
      case UInt8(ascii: "\\"):
        index += 1
        scalars.append(try escape())
      case 0x00..<0x20:
        throw error("a control character must be escaped inside a string")
      default:
        scalars.append(try utf8Scalar())
      }
    }
  }

  private mutating func escape() throws(JSONSyntaxError) -> Unicode.Scalar {
    guard let byte = current else { throw error("unterminated escape") }
    index += 1
    switch byte {
    case UInt8(ascii: "\""): return "\""
    case UInt8(ascii: "\\"): return "\\"
    case UInt8(ascii: "/"): return "/"
    case UInt8(ascii: "b"): return "\u{08}"
    case UInt8(ascii: "f"): return "\u{0C}"
    case UInt8(ascii: "n"): return "\n"
    case UInt8(ascii: "r"): return "\r"
    case UInt8(ascii: "t"): return "\t"
    case UInt8(ascii: "u"):
      let high = try hex4()
      if (0xD800..<0xDC00).contains(high) {
        guard current == UInt8(ascii: "\\"), index + 1 < bytes.count,
          bytes[index + 1] == UInt8(ascii: "u")
        else { throw error("unpaired surrogate in \\u escape") }
        index += 2
        let low = try hex4()
        guard (0xDC00..<0xE000).contains(low) else {
          throw error("unpaired surrogate in \\u escape")
        }
        let value = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
        guard let scalar = Unicode.Scalar(value) else { throw error("invalid \\u escape") }
        return scalar
      }
      guard let scalar = Unicode.Scalar(high) else {
        throw error("unpaired surrogate in \\u escape")
      }
      return scalar
    default:
      index -= 1
      throw error("invalid escape")
    }
  }

  private mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard let byte = current else { throw error("invalid \\u escape") }
      let digit: UInt32
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
      default: throw error("invalid \\u escape")
      }
      value = value * 16 + digit
      index += 1
    }
    return value
  }

  /// Decodes one UTF-8 scalar, refusing overlong forms, surrogates and truncation.
  private mutating func utf8Scalar() throws(JSONSyntaxError) -> Unicode.Scalar {
    let lead = bytes[index]
    let length: Int
    var value: UInt32
    switch lead {
    case 0x00..<0x80: length = 1; value = UInt32(lead)
    case 0xC2..<0xE0: length = 2; value = UInt32(lead & 0x1F)
    case 0xE0..<0xF0: length = 3; value = UInt32(lead & 0x0F)
    case 0xF0..<0xF5: length = 4; value = UInt32(lead & 0x07)
    default: throw error("invalid UTF-8")
    }
    guard index + length <= bytes.count else { throw error("invalid UTF-8") }
    for offset in 1..<max(length, 1) {
      let byte = bytes[index + offset]
      guard byte & 0xC0 == 0x80 else { throw error("invalid UTF-8") }
      value = value << 6 | UInt32(byte & 0x3F)
    }
    let minimum: UInt32 = [0, 0, 0x80, 0x800, 0x10000][length]
    guard value >= minimum, let scalar = Unicode.Scalar(value) else {
      throw error("invalid UTF-8")
    }
    index += length
    return scalar
  }
}
