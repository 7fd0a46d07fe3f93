// SPDX-License-Identifier: Apache-2.0
import Testing

@testable import RuaDocuments

/// `String.replacingAll` fills label placeholders; in ASCII text it searches bytes, which must
/// find exactly what the Character search finds.
@Suite struct ReplacingAllTests {
  /// The Character search, another way: the text split at each match, joined again.
  static func byCharacters(_ text: String, _ target: String, _ replacement: String) -> String {
    guard !target.isEmpty else { return text }
    return text.split(separator: target, omittingEmptySubsequences: false)
      .joined(separator: replacement)
  }

  static let texts = [
    "", "{count}", "{count} medicines", "Page {page} of {pages}", "{page}{page}{page}",
    "no placeholder", "{coun", "count}", "{{count}}", "aaaa", "aaa", "line\r\n{count}\r\n",
    "\r\n", "{count}\r\n{count}", "tab\t{count}\u{7F}", "Médicaments : {count}",
    "{count}\u{301} accent on the brace", "e\u{301}{count}", "K{kelvin}", "\u{212A}{kelvin}",
    "用药 {count} 种", "{count}\n",
  ]
  static let targets = [
    "{count}", "{page}", "{pages}", "a", "aa", "{", "}", "\r\n", "\n", "{kelvin}", "K",
    "\u{212A}", "é", "{count}\u{301}", "",
  ]

  @Test func theBytesFindWhatTheCharactersFind() {
    var compared = 0
    for text in Self.texts {
      for target in Self.targets {
        for replacement in ["", "3", "«x»", "{page}", "\r"] {
          let expected = Self.byCharacters(text, target, replacement)
          #expect(
            text.replacingAll(target, with: replacement) == expected,
            "\(text.debugDescription) \(target.debugDescription) \(replacement.debugDescription)")
          compared += 1
        }
      }
    }
    #expect(compared == Self.texts.count * Self.targets.count * 5)
  }

  @Test func aPlaceholderIsFilledEverywhereItStands() {
    #expect("Page {page} of {pages}".replacingAll("{page}", with: "2") == "Page 2 of {pages}")
    #expect("{n}{n} {n}".replacingAll("{n}", with: "7") == "77 7")
    #expect("aaaa".replacingAll("aa", with: "b") == "bb")
    #expect("aaa".replacingAll("aa", with: "b") == "ba")
  }
}
