// SPDX-License-Identifier: Apache-2.0
import Testing

@testable import RuaCore

@Suite struct MarkupTextTests {
  @Test(arguments: [
    ("plain", "plain"), ("a < b & c > d", "a &lt; b &amp; c &gt; d"),
    ("\"O'Brien\"", "&quot;O&#39;Brien&quot;"), ("Doré 陈美玲", "Doré 陈美玲"),
    ("&amp;", "&amp;amp;"),
  ])
  func escapesTheFiveMarkupCharacters(text: String, escaped: String) {
    #expect(MarkupText.escaped(text) == escaped)
  }
}
