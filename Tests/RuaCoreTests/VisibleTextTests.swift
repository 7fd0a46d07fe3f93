// SPDX-License-Identifier: Apache-2.0
import RuaCore
import Testing

@Suite("Control and direction characters are escaped in text output")
struct VisibleTextTests {
  @Test(arguments: [
    ("plain name.pdf", "plain name.pdf"),
    (
      "/tmp/a\n99  2026-12-01  completed  /forged.pdf",
      "/tmp/a\\n99  2026-12-01  completed  /forged.pdf"
    ),
    ("x\u{1B}[2J\u{1B}]0;title\u{07}", "x\\u{001B}[2J\\u{001B}]0;title\\u{0007}"),
    ("pay\u{202E}fdp.exe", "pay\\u{202E}fdp.exe"),
    ("a\u{200E}b\u{200F}c\u{2066}d\u{2069}e", "a\\u{200E}b\\u{200F}c\\u{2066}d\\u{2069}e"),
    ("line\u{2028}para\u{2029}", "line\\u{2028}para\\u{2029}"),
    ("del\u{7F} c1\u{85}\u{9B}", "del\\u{007F} c1\\u{0085}\\u{009B}"),
    ("tab\tcr\r", "tab\\tcr\\r"),
    ("Agnès Müller-Łukasiewicz 李 عربى", "Agnès Müller-Łukasiewicz 李 عربى"),
  ])
  func escapes(text: String, shown: String) {
    #expect(VisibleText.escaped(text) == shown)
  }

  @Test func aMessageKeepsItsOwnLineBreaksButNoControl() {
    #expect(
      VisibleText.escapedLines("first \u{1B}[31mred\nsecond \u{202E}x")
        == "first \\u{001B}[31mred\nsecond \\u{202E}x")
  }
}
