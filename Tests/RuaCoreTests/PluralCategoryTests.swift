// SPDX-License-Identifier: Apache-2.0
import RuaCore
import Testing

/// The plural categories against CLDR's own sample numbers: the `@integer` samples of each
/// rule in `common/supplemental/plurals.xml` (unicode-org/cldr), ranges written out, the
/// trailing "…" left off.
@Suite struct PluralCategoryTests {
  typealias Samples = [PluralCategory: [Int]]

  static let russian: Samples = [
    .one: [1, 21, 31, 41, 51, 61, 71, 81, 101, 1001],
    .few: [2, 3, 4, 22, 23, 24, 32, 33, 34, 42, 43, 44, 52, 53, 54, 62, 102, 1002],
    .many: [0] + Array(5...19) + [100, 1000, 10000, 100000, 1_000_000],
  ]
  static let arabic: Samples = [
    .zero: [0], .one: [1], .two: [2],
    .few: Array(3...10) + Array(103...110) + [1003],
    .many: Array(11...26) + [111, 1011],
    .other: Array(100...102) + Array(200...202) + Array(300...302) + Array(400...402)
      + Array(500...502) + [600, 1000, 10000, 100000, 1_000_000],
  ]
  static let english: Samples = [
    .one: [1], .other: [0] + Array(2...16) + [100, 1000, 10000, 100000, 1_000_000],
  ]
  /// CLDR writes Spanish `many` as 1000000, 1c6, 2c6, … (whole millions) and keeps 1000 and
  /// 100000 in `other`.
  static let spanish: Samples = [
    .one: [1], .many: [1_000_000, 2_000_000, 3_000_000],
    .other: [0] + Array(2...16) + [100, 1000, 10000, 100000],
  ]
  static let tagalog: Samples = [
    .one: Array(0...3) + [5, 7, 8] + Array(10...13) + [15, 17, 18, 20, 21, 100, 1000, 10000],
    .other: [4, 6, 9, 14, 16, 19, 24, 26, 104, 1004],
  ]
  static let onlyOther: Samples = [
    .other: Array(0...15) + [100, 1000, 10000, 100000, 1_000_000]
  ]

  static let languages: [(tags: [String], samples: Samples)] = [
    (["ru"], russian), (["ar"], arabic), (["en", "en-US"], english), (["es", "es-MX"], spanish),
    (["tl", "fil"], tagalog), (["zh-Hans", "vi", "ko", "ht"], onlyOther),
  ]

  @Test(arguments: languages.indices)
  func everyCLDRSampleTakesItsCategory(_ index: Int) {
    let (tags, samples) = Self.languages[index]
    for tag in tags {
      for (category, numbers) in samples {
        for number in numbers {
          #expect(
            PluralCategory(number, language: tag) == category, "\(tag) \(number) → \(category)")
        }
      }
      // Every category a count can take has samples, and only those.
      #expect(
        Set(samples.keys)
          == Set(PluralCategory.categories(language: tag)).subtracting(
            tag == "ru" ? [.other] : []), "\(tag)")
    }
  }

  @Test func russianCountsOfTheDocuments() {
    let forms = [1: "день", 3: "дня", 5: "дней", 11: "дней", 21: "день", 88: "дней", 112: "дней"]
    let words: [PluralCategory: String] = [.one: "день", .few: "дня", .many: "дней"]
    for (count, word) in forms {
      #expect(words[PluralCategory(count, language: "ru")] == word, "\(count)")
    }
  }

  @Test func requiredFormsFollowTheLanguage() {
    #expect(PluralCategory.required(language: "ru") == [.one, .few, .many, .other])
    #expect(PluralCategory.required(language: "ar") == PluralCategory.allCases)
    #expect(PluralCategory.required(language: "es") == [.one, .other])
    #expect(PluralCategory.categories(language: "es") == [.one, .many, .other])
    #expect(PluralCategory.required(language: "zh-Hans") == [.other])
    #expect(PluralCategory.one.onlyNumber(language: "ar") == 1)
    #expect(PluralCategory.two.onlyNumber(language: "ar") == 2)
    #expect(PluralCategory.one.onlyNumber(language: "ru") == nil)
    #expect(PluralCategory.one.onlyNumber(language: "tl") == nil)
  }
}
