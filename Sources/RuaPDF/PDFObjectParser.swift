// SPDX-License-Identifier: Apache-2.0
/// Reads PDF objects (ISO 32000-1 7.3) from bytes into a `NativePDF`'s value graph: numbers,
/// names, literal and hex strings, arrays, dictionaries, references, `true`/`false`/`null`.
/// No recursion deeper than `NativePDF.depthLimit`; anything else is a typed error.
struct PDFObjectParser {
  let bytes: ArraySlice<UInt8>
  var position: Int
  /// Unowned without its reference count: a parser lives only inside one of `pdf`'s own calls.
  unowned(unsafe) let pdf: NativePDF

  init(_ bytes: ArraySlice<UInt8>, at position: Int? = nil, into pdf: NativePDF) {
    self.bytes = bytes
    self.position = position ?? bytes.startIndex
    self.pdf = pdf
  }

  var atEnd: Bool { position >= bytes.endIndex }
  var current: UInt8? { atEnd ? nil : bytes[position] }

  static func isRegular(_ byte: UInt8) -> Bool { !PDFSyntax.endsWord(byte) }

  /// Skips white space and comments.
  mutating func skipSpace() {
    while let byte = current {
      if PDFSyntax.isSpace(byte) {
        position += 1
      } else if byte == UInt8(ascii: "%") {
        while let next = current, next != 0x0a, next != 0x0d { position += 1 }
      } else {
        return
      }
    }
  }

  /// The run of regular characters at the position (a keyword or a number).
  mutating func word() -> ArraySlice<UInt8> {
    let start = position
    while let byte = current, Self.isRegular(byte) { position += 1 }
    return bytes[start..<position]
  }

  /// Skips white space, then reads `keyword` or throws.
  mutating func expect(_ keyword: StaticString) throws(NativePDFError) {
    skipSpace()
    guard Self.matches(word(), keyword) else { throw fail("no \(keyword)") }
  }

  /// Whether `word` is `keyword`, byte for byte (a generic comparison with a String's UTF-8
  /// view cost a tenth of the reading).
  static func matches(_ word: ArraySlice<UInt8>, _ keyword: StaticString) -> Bool {
    guard word.count == keyword.utf8CodeUnitCount else { return false }
    var letter = keyword.utf8Start
    for byte in word {
      guard byte == letter.pointee else { return false }
      letter += 1
    }
    return true
  }

  /// A non-negative integer of at most 15 digits, after white space.
  mutating func unsigned() throws(NativePDFError) -> Int {
    skipSpace()
    let digits = word()
    guard let value = Self.unsigned(digits) else { throw fail("a number was expected") }
    return value
  }

  static func unsigned(_ digits: ArraySlice<UInt8>) -> Int? {
    guard !digits.isEmpty, digits.count <= 15 else { return nil }
    var value = 0
    for digit in digits {
      guard digit >= UInt8(ascii: "0"), digit <= UInt8(ascii: "9") else { return nil }
      value = value * 10 + Int(digit - UInt8(ascii: "0"))
    }
    return value
  }

  func fail(_ message: String) -> NativePDFError {
    .reading("\(message) at byte \(position)")
  }

  /// One object at the position.
  mutating func value(depth: Int = 0) throws(NativePDFError) -> NativePDF.Handle {
    guard depth < NativePDF.depthLimit else { throw fail("objects nested too deep") }
    skipSpace()
    guard let byte = current else { throw fail("the input ends inside an object") }
    switch byte {
    case UInt8(ascii: "/"):
      return pdf.add(.name(name()))
    case UInt8(ascii: "("):
      return try string(PDFSyntax.literalString(bytes, from: position))
    case UInt8(ascii: "["):
      position += 1
      var items: [NativePDF.Handle] = []
      while true {
        skipSpace()
        if current == UInt8(ascii: "]") {
          position += 1
          return pdf.newArray(items)
        }
        items.append(try value(depth: depth + 1))
      }
    case UInt8(ascii: "<"):
      if position + 1 < bytes.endIndex, bytes[position + 1] == UInt8(ascii: "<") {
        return try dictionary(depth: depth)
      }
      return try string(PDFSyntax.hexString(bytes, from: position))
    default:
      return try simple()
    }
  }

  private mutating func dictionary(depth: Int) throws(NativePDFError) -> NativePDF.Handle {
    position += 2
    var entries: [(key: String, value: NativePDF.Handle)] = []
    entries.reserveCapacity(8)
    while true {
      skipSpace()
      guard let byte = current else { throw fail("the input ends inside a dictionary") }
      if byte == UInt8(ascii: ">") {
        guard position + 1 < bytes.endIndex, bytes[position + 1] == UInt8(ascii: ">") else {
          throw fail("a dictionary ends with one >")
        }
        position += 2
        return pdf.newDictionary(entries)
      }
      guard byte == UInt8(ascii: "/") else { throw fail("a dictionary key is not a name") }
      let key = name()
      entries.append((key, try value(depth: depth + 1)))
    }
  }

  private mutating func string(_ string: PDFSyntax.DecodedString) throws(NativePDFError)
    -> NativePDF.Handle
  {
    guard string.whole else { throw fail("a string that does not end") }
    position = string.end
    return pdf.add(.string(string.bytes))
  }

  /// The name at the position, with its slash, as written (one String made from the input).
  private mutating func name() -> String {
    let start = position
    position += 1
    _ = word()
    return String(decoding: bytes[start..<position], as: UTF8.self)
  }

  /// A number, a reference, or a keyword.
  private mutating func simple() throws(NativePDFError) -> NativePDF.Handle {
    let start = position
    let token = word()
    if Self.matches(token, "true") { return pdf.add(.boolean(true)) }
    if Self.matches(token, "false") { return pdf.add(.boolean(false)) }
    if Self.matches(token, "null") { return 0 }
    if let number = Self.unsigned(token) {
      // `N 0 R` is a reference; the look-ahead throws nothing (most integers are not one).
      let after = position
      skipSpace()
      if Self.unsigned(word()) == 0 {
        skipSpace()
        if current == UInt8(ascii: "R") {
          position += 1
          if current.map(Self.isRegular) != true { return pdf.add(.reference(number)) }
        }
      }
      position = after
      return pdf.add(.integer(number))
    }
    var digits = token
    if let sign = digits.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
      digits = digits.dropFirst()
    }
    guard !digits.isEmpty, digits.count <= 32,
      digits.allSatisfy({ ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) || $0 == 0x2e }),
      digits.filter({ $0 == 0x2e }).count <= 1, digits.contains(where: { $0 != 0x2e })
    else {
      position = start
      throw fail("an object it does not read")
    }
    if !digits.contains(0x2e), let magnitude = Self.unsigned(digits) {
      return pdf.add(.integer(token.first == UInt8(ascii: "-") ? -magnitude : magnitude))
    }
    return pdf.add(.real(Array(token)))
  }
}
