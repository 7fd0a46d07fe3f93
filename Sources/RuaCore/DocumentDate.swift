/// How a document writes a calendar date for people: "Feb 14, 1945" or "14 feb 1945".
///
/// Month abbreviations are data, so a locale file can replace them; the built-in table covers
/// English and Spanish, the two languages the documents ship complete.
public enum DateStyle: String, Sendable, CaseIterable {
  /// "Feb 14, 1945" (English).
  case monthDayYear = "month-day-year"
  /// "14 feb 1945" (Spanish and most of Europe).
  case dayMonthYear = "day-month-year"
}

/// A date style and its twelve month abbreviations.
public struct DocumentDateFormat: Equatable, Sendable {
  public let style: DateStyle
  /// January first.
  public let monthAbbreviations: [String]

  /// Nil unless there are exactly twelve non-empty abbreviations.
  public init?(style: DateStyle, monthAbbreviations: [String]) {
    guard monthAbbreviations.count == 12, !monthAbbreviations.contains(where: \.isEmpty) else {
      return nil
    }
    self.style = style
    self.monthAbbreviations = monthAbbreviations
  }

  private init(uncheckedStyle style: DateStyle, _ months: [String]) {
    self.style = style
    self.monthAbbreviations = months
  }

  public static let english = DocumentDateFormat(
    uncheckedStyle: .monthDayYear,
    ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"])

  public static let spanish = DocumentDateFormat(
    uncheckedStyle: .dayMonthYear,
    ["ene", "feb", "mar", "abr", "may", "jun", "jul", "ago", "sep", "oct", "nov", "dic"])

  /// The built-in format for a BCP 47 tag's language (`es-MX` → Spanish); English otherwise.
  public static func builtIn(locale: String) -> DocumentDateFormat {
    switch languageSubtag(of: locale) {
    case "es": return spanish
    default: return english
    }
  }

  public func format(_ date: CivilDate) -> String {
    let parts = date.parts
    let month = monthAbbreviations[parts.month - 1]
    switch style {
    case .monthDayYear: return "\(month) \(parts.day), \(parts.year)"
    case .dayMonthYear: return "\(parts.day) \(month) \(parts.year)"
    }
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
