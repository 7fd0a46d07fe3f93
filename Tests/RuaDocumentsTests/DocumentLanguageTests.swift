// SPDX-License-Identifier: Apache-2.0
import Foundation
import RuaDocuments
import RuaTestSupport
import Testing

@Suite struct DocumentLanguageTests {
  @Test(arguments: [
    ("es-MX", "es"), ("zh", "zh-Hans"), ("zh-Hans-CN", "zh-Hans"), ("zh_CN", "zh-Hans"),
    ("cmn", "zh-Hans"), ("fil", "tl"), ("tl", "tl"), ("ar-EG", "ar"), ("ko-KR", "ko"),
    ("ru", "ru"), ("vi-VN", "vi"), ("ht", "ht"), ("en-GB", "en"),
  ])
  func aTagFindsItsLocale(tag: String, locale: String) {
    #expect(DocumentLanguage.locale(for: tag) == locale)
  }

  @Test(arguments: ["zh-Hant", "zh-TW", "zh-HK", "yue", "fr", "pt-BR", "", "x"])
  func aTagWithoutALocaleFindsNone(tag: String) {
    #expect(DocumentLanguage.locale(for: tag) == nil)
  }

  @Test func theCommandLineWinsAndTheERSheetStaysEnglish() {
    #expect(DocumentLanguage.choose(explicit: nil, kind: .meds, personLanguage: "ko") == "ko+en")
    #expect(DocumentLanguage.choose(explicit: nil, kind: .falls, personLanguage: "ko") == "ko+en")
    #expect(DocumentLanguage.choose(explicit: nil, kind: .meds, personLanguage: "en-US") == "en")
    #expect(DocumentLanguage.choose(explicit: "ko", kind: .meds, personLanguage: "ko") == "ko")
    #expect(DocumentLanguage.choose(explicit: nil, kind: .er, personLanguage: "ko") == "en")
    #expect(DocumentLanguage.choose(explicit: "es", kind: .meds, personLanguage: "ko") == "es")
    #expect(DocumentLanguage.choose(explicit: "ar", kind: .er, personLanguage: nil) == "ar")
    #expect(DocumentLanguage.choose(explicit: nil, kind: .meds, personLanguage: nil) == "en")
  }

  @Test func aLangValueIsOneLanguageOrOneWithEnglish() {
    #expect(DocumentLanguage.parse("zh-Hans")! == ("zh-Hans", nil))
    #expect(DocumentLanguage.parse("zh-Hans+en")! == ("zh-Hans", "en"))
    #expect(DocumentLanguage.parse("ar+en")! == ("ar", "en"))
    for refused in ["en+en", "zh-Hans+es", "fr", "fr+en", "ar+en+en", "+en", "ar+", ""] {
      #expect(DocumentLanguage.parse(refused) == nil, "\(refused)")
    }
  }

  /// Bilingual labels: the family's language first, English after it in smaller runs; one
  /// language, or the same words in both, print once.
  @Test func aBilingualLabelIsTheFamilysThenEnglishSmaller() throws {
    let chinese = try LocaleFixture.labels("zh-Hans")
    let english = try LocaleFixture.labels("en")
    let both = chinese.bilingual(english)
    #expect(both.tag == "zh-Hans+en")
    #expect(chinese.tag == "zh-Hans")
    let label = both.styled(.medsScheduled, style: "heading")
    #expect(label.runs.map(\.secondLanguage) == [false, true])
    #expect(label.plainText == chinese[.medsScheduled] + "\n" + english[.medsScheduled])
    #expect(label.runs.allSatisfy { $0.style == "heading" })
    #expect(chinese.styled(.medsScheduled, style: "heading").runs.count == 1)
    #expect(Labels.pair("OK", "OK", style: "cell", separator: "\n").plainText == "OK")
  }
}

/// The shipped locale files, read from the templates folder.
enum LocaleFixture {
  static func labels(_ language: String) throws -> Labels {
    try Labels.parse(
      PackageRoot.text("templates/locales/\(language).json"),
      file: "templates/locales/\(language).json")
  }
}
