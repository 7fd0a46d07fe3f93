// SPDX-License-Identifier: Apache-2.0
import RuaCore
import Testing

@Suite struct DateFormatTests {
  @Test(arguments: [
    ("1945-02-14", "en", "Feb 14, 1945"), ("1945-02-14", "es", "14 feb 1945"),
    ("2026-01-01", "en", "Jan 1, 2026"), ("2026-01-01", "es", "1 ene 2026"),
    ("2000-02-29", "en-US", "Feb 29, 2000"), ("2000-02-29", "es-MX", "29 feb 2000"),
    ("1999-12-31", "ES_es", "31 dic 1999"), ("2026-09-05", "fr", "Sep 5, 2026"),
    ("2026-08-17", "", "Aug 17, 2026"), ("2100-03-01", "es", "1 mar 2100"),
    ("1945-02-14", "zh-Hans", "1945年2月14日"), ("1945-02-14", "zh-CN", "1945年2月14日"),
    ("1945-02-14", "vi", "14 thg\u{00A0}2, 1945"), ("1945-02-14", "tl", "Peb 14, 1945"),
    ("1945-02-14", "fil", "Peb 14, 1945"), ("1945-02-14", "ar", "14 فبراير 1945"),
    ("1945-02-14", "ko", "1945. 2. 14."), ("1945-02-14", "ru", "14 февр. 1945\u{00A0}г."),
    ("2026-05-03", "ru", "3 мая 2026\u{00A0}г."), ("1945-02-14", "ht", "14 fev 1945"),
  ])
  func formatsDatesForDocuments(date: String, locale: String, expected: String) {
    #expect(formatted(day(date), locale: locale) == expected)
  }

  @Test func everyMonthHasItsOwnAbbreviation() {
    for format in [
      DocumentDateFormat.english, .spanish, .chinese, .vietnamese, .tagalog, .arabic, .korean,
      .russian, .haitianCreole,
    ] {
      #expect(Set(format.monthAbbreviations).count == 12)
    }
    let months = (1...12).compactMap { CivilDate(year: 2026, month: $0, day: 1) }.map {
      formatted($0, locale: "es")
    }
    #expect(months.count == 12)
    #expect(months.first == "1 ene 2026")
    #expect(months.last == "1 dic 2026")
  }

  @Test func localeFilesCanReplaceTheMonthNames() throws {
    let german = try #require(
      DocumentDateFormat(
        style: .dayMonthYear,
        monthAbbreviations: [
          "Jan.", "Feb.", "März", "Apr.", "Mai", "Juni", "Juli", "Aug.", "Sept.", "Okt.", "Nov.",
          "Dez.",
        ]))
    #expect(german.format(day("2026-03-09")) == "9 März 2026")
    #expect(DocumentDateFormat(style: .monthDayYear, monthAbbreviations: ["Jan"]) == nil)
    #expect(
      DocumentDateFormat(style: .monthDayYear, monthAbbreviations: Array(repeating: "", count: 12))
        == nil)
    #expect(
      DocumentDateFormat(pattern: "d MMM", monthAbbreviations: german.monthAbbreviations) == nil)
  }

  /// Digits stay Western Arabic in every language, so a clinician reads the family's copy.
  @Test func everyLanguageWritesWesternDigits() {
    for locale in ["zh-Hans", "vi", "tl", "ar", "ko", "ru", "ht"] {
      let text = formatted(day("2026-12-31"), locale: locale)
      #expect(text.contains("2026") && text.contains("31"), "\(locale): \(text)")
      #expect(!text.unicodeScalars.contains { (0x660...0x669).contains($0.value) }, "\(text)")
    }
  }
}
