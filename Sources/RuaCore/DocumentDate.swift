// SPDX-License-Identifier: Apache-2.0
/// How a document writes a calendar date for people: "Feb 14, 1945", "14 feb 1945",
/// "1945年2月14日".
///
/// A format is a CLDR-style pattern (`y` year, `M` month number, `MMM` month name, `d` day;
/// anything else is printed as it stands) and twelve month names. Digits are always Western
/// Arabic: clinical dates must read the same to the family and to a clinician.
public enum DateStyle: String, Sendable, CaseIterable {
  /// "Feb 14, 1945" (English).
  case monthDayYear = "month-day-year"
  /// "14 feb 1945" (Spanish and most of Europe).
  case dayMonthYear = "day-month-year"

  /// The pattern the style stands for.
  public var pattern: String {
    switch self {
    case .monthDayYear: return "MMM d, y"
    case .dayMonthYear: return "d MMM y"
    }
  }
}

/// A date pattern and its twelve month names.
public struct DocumentDateFormat: Equatable, Sendable {
  /// CLDR-style: `y`, `M`, `MMM`, `d`; other characters are literal.
  public let pattern: String
  /// January first.
  public let monthAbbreviations: [String]

  /// Nil unless there are exactly twelve non-empty abbreviations.
  public init?(style: DateStyle, monthAbbreviations: [String]) {
    self.init(pattern: style.pattern, monthAbbreviations: monthAbbreviations)
  }

  /// Nil unless there are exactly twelve non-empty abbreviations and the pattern names a year,
  /// a month and a day.
  public init?(pattern: String, monthAbbreviations: [String]) {
    guard monthAbbreviations.count == 12, !monthAbbreviations.contains(where: \.isEmpty),
      pattern.contains("y"), pattern.contains("M"), pattern.contains("d")
    else { return nil }
    self.pattern = pattern
    self.monthAbbreviations = monthAbbreviations
  }

  private init(unchecked pattern: String, _ months: [String]) {
    self.pattern = pattern
    self.monthAbbreviations = months
  }

  public static let english = DocumentDateFormat(
    unchecked: "MMM d, y",
    ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"])

  public static let spanish = DocumentDateFormat(
    unchecked: "d MMM y",
    ["ene", "feb", "mar", "abr", "may", "jun", "jul", "ago", "sep", "oct", "nov", "dic"])

  /// CLDR `y年M月d日`.
  public static let chinese = DocumentDateFormat(
    unchecked: "y年M月d日", (1...12).map { "\($0)月" })

  /// CLDR medium `d MMM, y` with `thg 2` for February.
  public static let vietnamese = DocumentDateFormat(
    unchecked: "d MMM, y", (1...12).map { "thg\u{00A0}\($0)" })

  /// CLDR (`fil`) medium `MMM d, y`.
  public static let tagalog = DocumentDateFormat(
    unchecked: "MMM d, y",
    ["Ene", "Peb", "Mar", "Abr", "May", "Hun", "Hul", "Ago", "Set", "Okt", "Nob", "Dis"])

  /// CLDR long `d MMMM y` with Western digits (the medium form is all digits and slashes,
  /// which a US clinician could read month-first).
  public static let arabic = DocumentDateFormat(
    unchecked: "d MMM y",
    [
      "يناير", "فبراير", "مارس", "أبريل", "مايو", "يونيو", "يوليو", "أغسطس", "سبتمبر", "أكتوبر",
      "نوفمبر", "ديسمبر",
    ])

  /// CLDR medium `y. M. d.`.
  public static let korean = DocumentDateFormat(
    unchecked: "y. M. d.", (1...12).map { "\($0)월" })

  /// CLDR medium `d MMM y 'г'.` (genitive month abbreviations).
  public static let russian = DocumentDateFormat(
    unchecked: "d MMM y\u{00A0}г.",
    [
      "янв.", "февр.", "мар.", "апр.", "мая", "июн.", "июл.", "авг.", "сент.", "окт.", "нояб.",
      "дек.",
    ])

  /// `d MMM y`, the Spanish and French order, with Kreyòl month abbreviations.
  public static let haitianCreole = DocumentDateFormat(
    unchecked: "d MMM y",
    ["jan", "fev", "mas", "avr", "me", "jen", "jiy", "out", "sep", "okt", "nov", "des"])

  /// The built-in format for a BCP 47 tag's language (`es-MX` → Spanish); English otherwise.
  public static func builtIn(locale: String) -> DocumentDateFormat {
    switch languageSubtag(of: locale) {
    case "es": return spanish
    case "zh": return chinese
    case "vi": return vietnamese
    case "tl", "fil": return tagalog
    case "ar": return arabic
    case "ko": return korean
    case "ru": return russian
    case "ht": return haitianCreole
    default: return english
    }
  }

  public func format(_ date: CivilDate) -> String {
    let parts = date.parts
    var text = ""
    var pending = pattern[...]
    while let letter = pending.first {
      let run = pending.prefix(while: { $0 == letter })
      pending = pending.dropFirst(run.count)
      switch letter {
      case "y": text += "\(parts.year)"
      case "d": text += "\(parts.day)"
      case "M" where run.count >= 3: text += monthAbbreviations[parts.month - 1]
      case "M": text += "\(parts.month)"
      default: text += run
      }
    }
    return text
  }

  /// The primary language subtag, lowercased: `es_MX`, `ES-mx` and `es` all give `es`.
  static func languageSubtag(of tag: String) -> String {
    let primary = tag.split(whereSeparator: { $0 == "-" || $0 == "_" }).first ?? ""
    return String(primary).lowercased()
  }
}

/// A date as a document prints it in `locale`, with the built-in month names.
public func formatted(_ date: CivilDate, locale: String) -> String {
  DocumentDateFormat.builtIn(locale: locale).format(date)
}
