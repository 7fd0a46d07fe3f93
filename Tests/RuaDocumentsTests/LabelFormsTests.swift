// SPDX-License-Identifier: Apache-2.0
import Foundation
import RuaCore
import RuaDocuments
import RuaTestSupport
import Testing

/// Counted labels given as plural forms: the loader and the content gate accept them, pick
/// the form the count takes, and refuse a form set that a count could fall through.
@Suite struct LabelFormsTests {
  static let russianAge = """
    "er.ageValue": {
          "one": "{years} год",
          "few": "{years} года",
          "many": "{years} лет",
          "other": "{years} года"
        }
    """

  func russian(replacing old: String = "", with new: String = "") throws -> String {
    let text = try TemplateTests.shipped("locales/ru.json")
    #expect(text.contains(Self.russianAge), "the shipped Russian age label changed")
    return old.isEmpty ? text : text.replacingOccurrences(of: old, with: new)
  }

  func refusal(_ text: String, file: String = "templates/locales/ru.json") -> String? {
    do {
      _ = try Labels.parse(text, file: file)
      return nil
    } catch {
      return error.description
    }
  }

  @Test func shippedLocalesPickTheFormOfTheCount() throws {
    let ru = try Labels.parse(russian(), file: "ru.json")
    let ages = [1, 3, 5, 11, 21, 88, 104].map { ru.format(.ageValue, count: $0, as: "years") }
    #expect(ages == ["1 год", "3 года", "5 лет", "11 лет", "21 год", "88 лет", "104 года"])
    let days = [1, 3, 5, 21].map { ru.format(.medsDaysLeft, count: $0, as: "days") }
    #expect(days == ["остался 1 день", "осталось 3 дня", "осталось 5 дней", "остался 21 день"])
    let ar = try Labels.parse(TemplateTests.shipped("locales/ar.json"), file: "ar.json")
    let supply = [2, 5, 30, 100].map { ar.format(.medsDaySupply, count: $0, as: "days") }
    #expect(supply == ["لمدة يومين", "لمدة 5 أيام", "لمدة 30 يومًا", "لمدة 100 يوم"])
    let en = try Labels.parse(TemplateTests.shipped("locales/en.json"), file: "en.json")
    #expect(en.format(.ageValue, count: 1, as: "years") == "1 year")
    #expect(en.format(.ageValue, count: 88, as: "years") == "88 years")
    // A plain label is the same for every count; `[key]` gives the `other` form.
    #expect(en.format(.medsOnHoldCount, count: 1, as: "count") == "1 on hold")
    #expect(ru[.ageValue] == "{years} года")
  }

  /// A change to the shipped Russian age label and the refusal it meets, after
  /// `templates/locales/ru.json: labels.er.ageValue.`.
  static let refusals: [(old: String, new: String, refusal: String)] = [
    (
      "\"few\": \"{years} года\",\n", "",
      "few: plural form missing; a counted label in ru needs one, few, many, other"
    ),
    (
      ",\n      \"other\": \"{years} года\"", "",
      "other: plural form missing; a counted label in ru needs one, few, many, other"
    ),
    (
      "\"many\": \"{years} лет\"", "\"many\": \"лет\"",
      "many: lacks {years}; every form keeps the placeholders"
    ),
    (
      "\"one\": \"{years} год\",", "\"one\": \"{years} год\", \"two\": \"2 года\",",
      "two: not a plural category of ru; use one, few, many, other"
    ),
    // Russian `one` is 1, 21, 31…: it may not spell the number.
    (
      "\"one\": \"{years} год\"", "\"one\": \"один год\"",
      "one: lacks {years}; every form keeps the placeholders"
    ),
    (
      "\"many\": \"{years} лет\"", "\"many\": \"{years} лет {date}\"",
      "many: uses {date}, which the other form does not"
    ),
  ]

  @Test(arguments: refusals.indices) func aBadFormIsRefusedNamingFileKeyAndCategory(_ index: Int)
    throws
  {
    let (old, new, expected) = Self.refusals[index]
    let text = try russian(replacing: old, with: new)
    #expect(text != (try russian()), "the shipped Russian label no longer holds \(old)")
    #expect(refusal(text) == "templates/locales/ru.json: labels.er.ageValue." + expected)
  }

  @Test func arabicSpellsItsOneNumberForms() throws {
    // Arabic `two` is 2 only: its form may say "سنتان" without the number.
    let arabic = try TemplateTests.shipped("locales/ar.json")
    #expect(arabic.contains("\"two\": \"سنتان\""))
    #expect(refusal(arabic, file: "ar.json") == nil)
  }

  /// "N more medicines" has no separate label for one: a locale whose language has a `one`
  /// form must give it, or the loader and the gate refuse it, naming file, label and form.
  @Test func aNoteForEveryCountMustGiveEveryForm() throws {
    let english = try TemplateTests.shipped("locales/en.json")
    let old = """
      "er.moreMedicines": {
            "one": "{count} more medicine: see page {page}",
            "other": "{count} more medicines: see page {page}"
          }
      """
    #expect(english.contains(old), "the shipped English note changed")
    let plain = english.replacingOccurrences(
      of: old, with: #""er.moreMedicines": "{count} more medicines: see page {page}""#)
    #expect(
      refusal(plain, file: "templates/locales/en.json")
        == "templates/locales/en.json: labels.er.moreMedicines.one: plural form missing; a"
        + " counted label in en needs one, other")
    // A label counted without such a rule may still be one string for every count.
    #expect(refusal(english, file: "en.json") == nil)
    // Chinese has `other` alone: one string serves every count.
    let chinese = try Labels.parse(TemplateTests.shipped("locales/zh-Hans.json"), file: "zh.json")
    #expect(chinese.forms(.moreMedicines).forms.isEmpty)
    #expect(
      try Self.gate(
        english: #"{"labels": {"card.moreMedicines": "+ {count} more medicines"}}"#,
        spanish:
          #"{"labels": {"card.moreMedicines": {"one": "+ {count} más", "other": "+ {count} más"}}}"#
      ) == [
        "templates/locales/en.json: labels.card.moreMedicines.one: plural form missing; a counted"
          + " label in en needs one, other"
      ])
  }

  /// What the content gate says of the approved fixture with these two locale files.
  static func gate(english: String, spanish: String) throws -> [String] {
    var files = ContentFixture.approvedSet()
    files[3] = ContentInput(path: "locales/en.json", role: .locale, bytes: Array(english.utf8))
    files[4] = ContentInput(path: "locales/es.json", role: .locale, bytes: Array(spanish.utf8))
    return ContentGate.check(
      files: files, lock: try ContentFixture.lock(files), release: true,
      hasher: ContentFixture.hasher
    ).map { $0.line(folder: "templates") }
  }

  @Test func theGateChecksFormsAndTheirPlaceholdersAgainstOtherLocales() throws {
    let english = #"{"labels": {"meds.ranOutDaysAgo": "ran out {days} days ago"}}"#
    #expect(
      try Self.gate(
        english: english,
        spanish:
          #"{"labels": {"meds.ranOutDaysAgo": {"many": "se acabó hace {days} de días", "other": "se acabó hace {days} días"}}}"#
      ) == [
        "templates/locales/es.json: labels.meds.ranOutDaysAgo.one: plural form missing; a counted label"
          + " in es needs one, other"
      ])
    var files = ContentFixture.approvedSet()
    files[3] = ContentInput(path: "locales/en.json", role: .locale, bytes: Array(english.utf8))
    files[4] = ContentInput(
      path: "locales/es.json", role: .locale,
      bytes: Array(
        #"{"labels": {"meds.ranOutDaysAgo": {"one": "se acabó hace 1 día", "other": "se acabó hace días"}}}"#
          .utf8))
    let lost = ContentGate.check(
      files: files, lock: try ContentFixture.lock(files), release: true,
      hasher: ContentFixture.hasher
    ).map { "\($0.file) \($0.block ?? "")" }
    // `one` may spell its one number; `other` lost {days}, so it also differs from English.
    #expect(lost == ["locales/es.json labels.meds.ranOutDaysAgo"])
  }
}
