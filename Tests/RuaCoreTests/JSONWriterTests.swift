// SPDX-License-Identifier: Apache-2.0
import RuaCore
import Testing

/// What `JSONWriter` escapes, exactly: a string without a byte that could start an escaped
/// character is copied at once, and a string with one is written scalar by scalar; both must
/// give the same text (the record hash `batch --resume` compares is made from it).
@Suite struct JSONWriterTests {
  @Test(
    "escaped characters and their neighbours, alone and inside other text",
    arguments: [
      ("plain", #""plain""#),
      ("José 赵静 😀 \u{A0}\u{2027}\u{202F}", "\"José 赵静 😀 \u{A0}\u{2027}\u{202F}\""),
      ("say \"hi\"", #""say \"hi\"""#),
      ("back\\slash", #""back\\slash""#),
      ("a\nb\rc\td", #""a\nb\rc\td""#),
      ("\u{01}\u{1F}\u{7F}", #""\u0001\u001f\u007f""#),
      ("\u{80}\u{9F}Ā", "\"\\u0080\\u009fĀ\""),
      ("line\u{2028}para\u{2029}", #""line\u2028para\u2029""#),
      ("\u{A0}", "\"\u{A0}\""),
      ("’ — …", "\"’ — …\""),
    ])
  func writesStrings(text: String, written: String) {
    #expect(JSONWriter.write(.string(text), pretty: false) == written)
    #expect(JSONWriter.write(.array([.string(text)]), pretty: false) == "[" + written + "]")
  }

  @Test("pretty output indents two spaces a level and ends with a newline")
  func indents() {
    let value = JSON.object([
      ("a", .array([.number("1"), .object([("b", .null)])])), ("c", .bool(true)),
    ])
    #expect(
      JSONWriter.write(value)
        == "{\n  \"a\": [\n    1,\n    {\n      \"b\": null\n    }\n  ],\n  \"c\": true\n}\n")
    #expect(JSONWriter.write(value, pretty: false) == #"{"a":[1,{"b":null}],"c":true}"#)
  }
}
