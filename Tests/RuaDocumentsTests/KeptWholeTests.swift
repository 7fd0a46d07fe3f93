// SPDX-License-Identifier: Apache-2.0
import Testing

@testable import RuaDocuments

/// A run is searched (by Characters, which is slow) only for the tokens it may hold; the cheap
/// test that picks them must never drop a token the search would find.
@Suite struct KeptWholeTests {
  static func kept(_ text: String, _ tokens: [String]) -> [String] {
    KeptWhole.marked(StyledText(text, style: "body"), tokens: tokens).runs
      .filter(\.keepsWhole).map(\.text)
  }

  /// Each text marked with each longest-first prefix of `tokens`, by both searches.
  static func expectSameRuns(_ texts: [String], _ tokens: [String]) {
    for text in texts {
      for count in 1...tokens.count {
        let chosen = Array(tokens.prefix(count))
        let styled = StyledText([TextRun(text, style: "body"), TextRun(text, style: "label")])
        let bytes = KeptWhole.marked(styled, tokens: chosen)
        #expect(bytes == KeptWhole.marked(styled, tokens: chosen, searchingBytes: false), "\(text)")
      }
    }
  }

  @Test func aTokenIsFoundInCanonicallyEquivalentText() {
    // U+212A KELVIN SIGN is canonically "K": the Character search finds "Kim" in it.
    #expect(Self.kept("Call \u{212A}im today", ["Kim"]) == ["\u{212A}im"])
    // A decomposed è in the text, the composed one in the name.
    #expect(Self.kept("Agne\u{300}s Dupont", ["Agn\u{E8}s"]) == ["Agne\u{300}s"])
    #expect(Self.kept("Call Kim; or Kim\u{37E}", ["Kim;"]) == ["Kim;", "Kim\u{37E}"])
  }

  @Test func textsWithoutATokenAreLeftAsTheyWere() {
    let text = StyledText([
      TextRun("Emergency contact", style: "label"), TextRun("José Pérez", style: "body"),
    ])
    #expect(KeptWhole.marked(text, tokens: ["Maria", "555-0100", "Ana"]) == text)
    #expect(Self.kept("Anastasia 555-0100", ["Ana", "555-0100"]) == ["555-0100"])
    #expect(Self.kept("张伟的电话", ["张伟"]) == ["张伟"])
  }

  @Test func theCheapTestNeverMissesWhatTheSearchFinds() {
    let texts = [
      "Call \u{212A}im", "Kim", "Agne\u{300}s", "Agn\u{E8}s", "e\u{301}", "\u{E9}", "Zoë",
      "Zoe\u{308}", "張伟", "\u{F900}", "\u{8C48}", "Ana\u{301}", "Mei-Ling", "a;b", "x\u{1FEF}y",
      "555-0100", "+1 555 0100", "Ωmega", "\u{2126}mega", "\u{212B}se", "\u{C5}se", "A\u{30A}se",
      "Иван", "Йовић", "И\u{306}овић", "Nguyễn", "Nguyê\u{303}n", "\u{F9D1}", "\u{516D}",
      "赵静 — Иван", "José — 赵静",
    ]
    for text in texts {
      let searched = KeptWhole.Searched(text)
      for token in texts where text.firstRange(of: token) != nil {
        #expect(searched.mayHold(token), "\(token) in \(text)")
      }
    }
  }

  /// ASCII runs are searched by bytes: the same runs as the Character search, for tokens
  /// inside words, at either end, repeated, overlapping, one inside another, and next to CR LF.
  @Test func theByteSearchFindsWhatTheCharacterSearchFinds() {
    let texts = [
      "Anastasia 555-0100", "Call Ana at 555-0100 or 555-0100.", "Kim Kimberly Kim", "KimKim Kim",
      "Mei-LingLing Ling", "(555) 010-0100\r\nAna", "Ana\r\nAna\n", "x555-0100x 555-0100",
      "Dr. Ana Lee-Ana, Ana;Lee", "AnaAna Ana", "  Lee  ", "Lee", "",
      "+1 555 0100 and +1 555 0100 ext. 2",
    ]
    let tokens = [
      "+1 555 0100", "555-0100", "Lee-Ana", "Kimberly", "Mei-Ling", "Ana", "Kim", "Lee", "Ling",
    ]
    Self.expectSameRuns(texts, tokens)
    #expect(Self.kept("Kim Kimberly Kim", ["Kim"]) == ["Kim", "Kim"])
    #expect(Self.kept("Ana\r\nAna", ["Ana"]) == ["Ana", "Ana"])
  }

  /// A run with other letters is searched by bytes for its ASCII tokens: the same runs as the
  /// Character search where a combining mark, a joiner, a variation selector or a prepended
  /// sign makes the token's last or first letter part of a larger Character, beside dashes,
  /// middle dots, Han and emoji.
  @Test func theByteSearchOfOtherRunsFindsWhatTheCharacterSearchFinds() {
    let texts = [
      "Morphine — Ana, Kim · 555-0100", "Ana\u{301} Ana", "Jose\u{301} Jose José",
      "Ana\u{200D}x Ana",
      "Zoe\u{308} Zoe·Zoe", "Lee·Ana—Kim", "Ana👍🏽 Ana", "🇺🇸Ana 🇺🇸 Kim", "\u{600}Ana Ana",
      "Ana\u{903} Ana", "Ana\u{FE0F}Ana Ana", "张伟 Kim 555-0100张伟", "Ωmega Kim Ω",
      "KimKim — Kim", "Ana\r\n— Ana", "é", "— 555-0100\u{301} 555-0100",
      "Dr. Ana Lee-Ana, Ana;Lee ·",
    ]
    // ASCII tokens (searched by bytes) and others (by Characters), longest first as `tokens`.
    let tokens = ["555-0100", "Lee-Ana", "José", "Jose", "Zoë", "张伟", "Ana", "Kim", "Lee", "Zoe"]
    Self.expectSameRuns(texts, tokens)
    #expect(Self.kept("Jose\u{301} Jose — x", ["Jose"]) == ["Jose"])
    #expect(Self.kept("Morphine — Ana · Kim", ["Ana", "Kim"]) == ["Ana", "Kim"])
  }

  /// Latin, Cyrillic and Han tokens are searched by bytes too in a run without a character
  /// that makes a Character equal to one of theirs: the same runs as the Character search,
  /// with those characters present (a decomposed accent or breve, the Angstrom sign, a CJK
  /// compatibility ideograph) and absent, beside combining marks outside U+0300–U+036F, a
  /// variation selector, a joiner and kana.
  @Test func theByteSearchOfOtherTokensFindsWhatTheCharacterSearchFinds() {
    let texts = [
      "José — José, Josés José", "Jose\u{301} — José", "Zoë·Zoë Zoe\u{308}", "Åse — \u{212B}se",
      "A\u{30A}se — Åse", "Иван · Иванов Иван", "Йовић — И\u{306}овић", "Nguyễn — Nguyê\u{303}n",
      "Nguyễn\u{1DC4} Nguyễn", "赵静·赵静赵静", "赵静\u{FE00} 赵静", "\u{F9D1}静 — 六静", "六静\u{3099}",
      "赵\u{200D}静 赵静", "Pérez-José — Pérez", "José\u{20DD} José", "Mu\u{308}ller · Müller",
    ]
    let tokens = [
      "Pérez-José", "Nguyễn", "Иванов", "Йовић", "Müller", "José", "Иван", "Åse", "Zoë", "六静",
      "赵静", "Pérez",
    ]
    Self.expectSameRuns(texts, tokens)
    #expect(Self.kept("Jose\u{301} — José", ["José"]) == ["Jose\u{301}", "José"])
    #expect(Self.kept("\u{F9D1}静 — 六静", ["六静"]) == ["\u{F9D1}静", "六静"])
    #expect(Self.kept("Йовић — И\u{306}овић", ["Йовић"]) == ["Йовић", "И\u{306}овић"])
  }
}
