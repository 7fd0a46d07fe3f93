// SPDX-License-Identifier: Apache-2.0
public import RuaCore

/// A label's text: one string, or one form per CLDR plural category of its language
/// (`{"one": "{days} день", "few": "{days} дня", "many": "{days} дней", "other": "{days} дня"}`)
/// for a label that counts something. `other` is always there; a plain string is `other` alone.
public struct LabelForms: Equatable, Sendable {
  /// The BCP 47 tag whose plural rules pick the form.
  public var language: String
  public var other: String
  public var forms: [PluralCategory: String]

  /// A plain label: the same text for every count.
  public init(_ text: String, language: String = "en") {
    self.language = language
    self.other = text
    self.forms = [:]
  }

  init(language: String, forms: [PluralCategory: String], other: String) {
    self.language = language
    self.other = other
    self.forms = forms
  }

  /// The form `count` takes in the label's language (`other` when the label has no such form).
  public func text(count: Int) -> String {
    forms[PluralCategory(count, language: language)] ?? other
  }

  /// The placeholders a count fills. A form for a category that holds one number only
  /// (Arabic `two`, English `one`) may spell the number and leave its placeholder out.
  static let countPlaceholders: Set<String> = ["count", "days", "years"]

  /// What is wrong with the plural forms `members` (category name → text) of a label in
  /// `language`, each with the category at fault; empty when they are usable.
  static func problems(_ members: [(key: String, value: JSON)], language: String) -> [(
    category: String, reason: String
  )] {
    let allowed = PluralCategory.categories(language: language)
    let names = allowed.map(\.rawValue).joined(separator: ", ")
    var problems: [(category: String, reason: String)] = []
    var texts: [PluralCategory: String] = [:]
    for (name, value) in members {
      guard let category = PluralCategory(rawValue: name), allowed.contains(category) else {
        problems.append((name, "not a plural category of \(language); use \(names)"))
        continue
      }
      guard let text = value.stringValue, !text.isEmpty else {
        problems.append((name, "must be a non-empty string"))
        continue
      }
      texts[category] = text
    }
    let required = PluralCategory.required(language: language)
    for category in required where texts[category] == nil {
      let needed = required.map(\.rawValue).joined(separator: ", ")
      problems.append(
        (category.rawValue, "plural form missing; a counted label in \(language) needs \(needed)"))
    }
    guard let other = texts[.other] else { return problems }
    let wanted = Set(ContentPlaceholders.names(in: other))
    for (category, text) in texts.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
      let own = Set(ContentPlaceholders.names(in: text))
      let spelled = category.onlyNumber(language: language) != nil
      let missing = wanted.subtracting(own).subtracting(spelled ? countPlaceholders : [])
      if let name = missing.sorted().first {
        problems.append((category.rawValue, "lacks {\(name)}; every form keeps the placeholders"))
      } else if let name = own.subtracting(wanted).sorted().first {
        problems.append((category.rawValue, "uses {\(name)}, which the other form does not"))
      }
    }
    return problems
  }

  /// The plural forms a label's value gives: an object's members; a plain string is `other`
  /// alone when the label must give every form (`LabelKey.givesEveryForm`), else nil (the same
  /// text for every count).
  static func members(_ value: JSON, everyForm: Bool) -> [(key: String, value: JSON)]? {
    if case .object(let members) = value { return members }
    return everyForm ? [("other", value)] : nil
  }

  /// Reads a label's value: a string, or an object of plural forms checked by `problems`.
  /// A label that must give every form its language needs (`everyForm`) is refused as a plain
  /// string where that is more than `other`.
  static func parse(
    _ value: JSON, key: String, language: String, everyForm: Bool = false,
    reader: JSONFieldReader
  ) throws(TemplateError) -> LabelForms {
    guard case .object(let members) = value else {
      let text = try reader.string(value, key)
      if everyForm, let problem = problems([("other", value)], language: language).first {
        throw reader.fail(key + "." + problem.category, problem.reason)
      }
      return LabelForms(text, language: language)
    }
    if let problem = problems(members, language: language).first {
      throw reader.fail(key + "." + problem.category, problem.reason)
    }
    var forms: [PluralCategory: String] = [:]
    for (name, text) in members {
      if let category = PluralCategory(rawValue: name) { forms[category] = text.stringValue }
    }
    return LabelForms(language: language, forms: forms, other: forms[.other] ?? "")
  }
}
