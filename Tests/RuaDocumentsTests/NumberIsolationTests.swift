// SPDX-License-Identifier: Apache-2.0
import RuaDocuments
import Testing

/// Which parts of a text are laid out as left-to-right isolates: every number, phone number,
/// date and range, and nothing else.
@Suite struct NumberIsolationTests {
  static let cases: [(String, String)] = [
    ("5 - 10 mg", "\u{2066}5 - 10\u{2069} mg"),
    ("12.5 mg", "\u{2066}12.5\u{2069} mg"),
    ("(503) 555-0192", "\u{2066}(503) 555-0192\u{2069}"),
    ("+1 503 555 0192", "\u{2066}+1 503 555 0192\u{2069}"),
    ("Nov 29, 2026", "Nov \u{2066}29, 2026\u{2069}"),
    ("2026-11-29", "\u{2066}2026-11-29\u{2069}"),
    ("وارفارين (5 - 10 mg)", "وارفارين (\u{2066}5 - 10\u{2069} mg)"),
    ("(5 mg)", "(\u{2066}5\u{2069} mg)"),
    ("٥٠ ملغ", "\u{2066}٥٠\u{2069} ملغ"),
    ("twice daily", "twice daily"),
    ("", ""),
    ("8 and 20", "\u{2066}8\u{2069} and \u{2066}20\u{2069}"),
    ("1 tablet, 2 at night", "\u{2066}1\u{2069} tablet, \u{2066}2\u{2069} at night"),
    ("ends - ", "ends - "),
  ]

  @Test(arguments: cases)
  func numbersAreIsolatedLeftToRight(_ input: String, _ expected: String) {
    #expect(NumberIsolation.isolated(input) == expected)
  }

  @Test(arguments: cases)
  func removingTheIsolatesGivesBackTheText(_ input: String, _ expected: String) {
    #expect(withoutIsolates(NumberIsolation.isolated(input)) == input)
  }

  @Test(arguments: [
    ("ليلى", true), ("שלום", true), ("ܫܠܡܐ", true), ("Agnès 5 mg", false), ("陈美玲 (503)", false),
    ("", false),
  ])
  func rightToLeftLettersAreFound(_ text: String, _ expected: Bool) {
    #expect(NumberIsolation.hasRightToLeft(text) == expected)
  }
}
