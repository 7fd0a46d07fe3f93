// SPDX-License-Identifier: Apache-2.0
/// A CLDR cardinal plural category: which form of a counted word a number takes in a
/// language ("1 день", "3 дня", "5 дней"; "3 أيام", "11 يومًا").
///
/// The rules are CLDR's (`common/supplemental/plurals.xml`, unicode-org/cldr), for the
/// non-negative integers the documents count (`v = 0`, so `n = i` and the decimal operands
/// are zero):
///
/// - `ru`: one `v = 0 and i % 10 = 1 and i % 100 != 11`; few `v = 0 and i % 10 = 2..4 and
///   i % 100 != 12..14`; many `v = 0 and i % 10 = 0 or v = 0 and i % 10 = 5..9 or v = 0 and
///   i % 100 = 11..14`; other (decimals only).
/// - `ar`: zero `n = 0`; one `n = 1`; two `n = 2`; few `n % 100 = 3..10`; many
///   `n % 100 = 11..99`; other (100–102, 200–202, 1000, …).
/// - `en`: one `i = 1 and v = 0`; other.
/// - `es`: one `n = 1`; many `e = 0 and i != 0 and i % 1000000 = 0 and v = 0 or e != 0..5`
///   (a whole million, "un millón de días"); other.
/// - `tl` (with `fil`, `ceb`): one `v = 0 and i = 1,2,3 or v = 0 and i % 10 != 4,6,9 or
///   v != 0 and f % 10 != 4,6,9`; other (4, 6, 9, 14, 16, 19, 24, …).
/// - `zh`, `vi`, `ko` and every language CLDR does not list (`ht` falls to `root`): other.
public enum PluralCategory: String, Sendable, CaseIterable {
  case zero, one, two, few, many, other

  /// The category of `count` (negative counts are taken by their size) in the language of
  /// the BCP 47 tag `language` (`ru`, `zh-Hans`, `es-MX`; only the primary subtag matters).
  public init(_ count: Int, language: String) {
    let n = count.magnitude
    switch Self.primary(language) {
    case "ru":
      switch (n % 10, n % 100) {
      case (1, let hundred) where hundred != 11: self = .one
      case (2...4, let hundred) where !(12...14).contains(hundred): self = .few
      default: self = .many
      }
    case "ar":
      switch (n, n % 100) {
      case (0, _): self = .zero
      case (1, _): self = .one
      case (2, _): self = .two
      case (_, 3...10): self = .few
      case (_, 11...99): self = .many
      default: self = .other
      }
    case "en": self = n == 1 ? .one : .other
    case "es": self = n == 1 ? .one : (n != 0 && n % 1_000_000 == 0 ? .many : .other)
    case "tl", "fil", "ceb":
      self = [1, 2, 3].contains(n) || ![4, 6, 9].contains(n % 10) ? .one : .other
    default: self = .other
    }
  }

  /// The categories a non-negative integer can take in `language`, and `other` always (it is
  /// the fallback), even where only decimals reach it (Russian).
  public static func categories(language: String) -> [PluralCategory] {
    switch primary(language) {
    case "ru": return [.one, .few, .many, .other]
    case "ar": return [.zero, .one, .two, .few, .many, .other]
    case "es": return [.one, .many, .other]
    case "en", "tl", "fil", "ceb": return [.one, .other]
    default: return [.other]
    }
  }

  /// The forms a counted label must give in `language`: its `categories`, except Spanish
  /// `many` (whole millions), which is optional: no count on a document is a million, and
  /// `other` stands in for it.
  public static func required(language: String) -> [PluralCategory] {
    categories(language: language).filter { !($0 == .many && primary(language) == "es") }
  }

  /// The one number this category holds in `language`, when it holds only one (Arabic
  /// `zero`, `one`, `two`; English and Spanish `one`): a form for it may spell the number
  /// instead of printing it ("يومان", as CLDR's own Arabic unit patterns do). Nil for a
  /// category of many numbers (Russian `one` is 1, 21, 31, …).
  public func onlyNumber(language: String) -> Int? {
    switch (Self.primary(language), self) {
    case ("ar", .zero): return 0
    case ("ar", .one), ("en", .one), ("es", .one): return 1
    case ("ar", .two): return 2
    default: return nil
    }
  }

  private static func primary(_ language: String) -> String {
    String(language.lowercased().split(whereSeparator: { $0 == "-" || $0 == "_" }).first ?? "")
  }
}
