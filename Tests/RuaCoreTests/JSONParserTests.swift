// SPDX-License-Identifier: Apache-2.0
import RuaCore
import Testing

@Suite struct JSONParserTests {
  /// The refusal for raw bytes fed to the care-circle decoder.
  private func refusal(_ bytes: [UInt8]) -> CareCircleError? {
    CareCircleFixture.refusal { () throws(CareCircleError) in
      try CareCircleDecoder.decode(bytes, today: CareCircleFixture.today)
    }
  }

  private func refusal(_ text: String) -> CareCircleError? { refusal(Array(text.utf8)) }

  @Test(arguments: [
    ("{\"format\": \"rua-care-circle\"", "line 1, column 29: expected ',' or '}' in an object"),
    ("{\"format\": \"rua-care-ci", "unterminated string"),
    ("", "line 1, column 1: unexpected end of file"),
    ("{\"a\": 1,}", "expected a key in double quotes"),
    ("[1, 2,]", "unexpected character"),
    ("{\"a\": 1, \"a\": 2}", "the key \"a\" appears twice in one object"),
    ("{\"a\": 01}", "expected ',' or '}'"),
    ("{\"a\": \"\\ud800\"}", "unpaired surrogate"),
    ("{\"a\": \"\t\"}", "a control character must be escaped"),
    ("{\"a\": 1} {}", "unexpected data after the JSON value"),
    ("{\"a\": tru}", "unexpected character"),
    ("{\"a\": \"\\x\"}", "invalid escape"),
    ("{\n  \"a\": [\n    1,\n    oops\n  ]\n}", "line 4, column 5: unexpected character"),
  ])
  func syntaxErrorsNameTheFileLineAndColumn(text: String, reason: String) throws {
    let error = try #require(refusal(text))
    #expect(error.path == "(file)")
    #expect(error.reason.contains(reason), "\(error)")
  }

  @Test(
    arguments: [
      [0x7B, 0x22, 0x61, 0x22, 0x3A, 0x22, 0xC3, 0x28, 0x22, 0x7D],  // bad continuation byte
      [0x7B, 0x22, 0x61, 0x22, 0x3A, 0x22, 0xC0, 0xAF, 0x22, 0x7D],  // overlong "/"
      [0x7B, 0x22, 0x61, 0x22, 0x3A, 0x22, 0xED, 0xA0, 0x80, 0x22, 0x7D],  // encoded surrogate
      [0x7B, 0x22, 0x61, 0x22, 0x3A, 0x22, 0xFF, 0x22, 0x7D],  // never valid
      [0x7B, 0x22, 0x61, 0x22, 0x3A, 0x22, 0xE2, 0x82],  // truncated at the end
    ] as [[UInt8]])
  func invalidUTF8IsRefused(bytes: [UInt8]) throws {
    let error = try #require(refusal(bytes))
    #expect(error.path == "(file)")
    #expect(error.reason.contains("invalid UTF-8"), "\(error)")
  }

  @Test func aByteOrderMarkIsRefused() throws {
    let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array(CareCircleFixture.baseText.utf8)
    let error = try #require(refusal(bytes))
    #expect(error.path == "(file)")
    #expect(error.reason.contains("byte-order mark"))
  }

  @Test func aRawNULByteIsRefused() throws {
    let error = try #require(refusal([0x7B, 0x00, 0x7D]))
    #expect(error.path == "(file)")
  }

  @Test func anEscapedNULIsRefusedWithTheFieldPath() throws {
    let text = CareCircleFixture.baseText.replacingFirst(
      "\"Test Person\"", with: "\"Test\\u0000Person\"")
    let error = try #require(refusal(text))
    #expect(error.path == "patients[0].fullName")
    #expect(error.reason.contains("NUL"))
  }

  @Test func numbersKeepTheirTextAndObjectsTheirOrder() throws {
    let json = try JSONParser.parse("{\"z\": 1.50, \"a\": -0, \"m\": 2E+3}")
    guard case .object(let members) = json else {
      Issue.record("not an object")
      return
    }
    #expect(members.map(\.key) == ["z", "a", "m"])
    #expect(json["z"] == .number("1.50"))
    #expect(json["m"]?.doubleValue == 2000)
    #expect(json["m"]?.intValue == nil)
  }

  @Test func deepNestingIsRefused() throws {
    let text = String(repeating: "[", count: 65) + String(repeating: "]", count: 65)
    #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(text) }
    let fine = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
    #expect(try JSONParser.parse(fine) != .null)
  }
}

extension String {
  /// The string with the first occurrence of `target` replaced.
  func replacingFirst(_ target: String, with replacement: String) -> String {
    guard let range = range(of: target) else { return self }
    return String(self[..<range.lowerBound]) + replacement + String(self[range.upperBound...])
  }

  private func range(of target: String) -> Range<String.Index>? {
    var index = startIndex
    while index < endIndex {
      if self[index...].hasPrefix(target) {
        return index..<(self.index(index, offsetBy: target.count))
      }
      index = self.index(after: index)
    }
    return nil
  }
}
