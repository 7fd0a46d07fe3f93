import RuaDocuments
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
    #expect(DocumentLanguage.choose(explicit: nil, kind: .meds, personLanguage: "ko") == "ko")
    #expect(DocumentLanguage.choose(explicit: nil, kind: .falls, personLanguage: "ko") == "ko")
    #expect(DocumentLanguage.choose(explicit: nil, kind: .er, personLanguage: "ko") == "en")
    #expect(DocumentLanguage.choose(explicit: "es", kind: .meds, personLanguage: "ko") == "es")
    #expect(DocumentLanguage.choose(explicit: "ar", kind: .er, personLanguage: nil) == "ar")
    #expect(DocumentLanguage.choose(explicit: nil, kind: .meds, personLanguage: nil) == "en")
  }
}
