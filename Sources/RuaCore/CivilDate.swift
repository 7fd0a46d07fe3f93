// SPDX-License-Identifier: Apache-2.0
/// A calendar date with no time and no time zone, stored as days from 1970-01-01.
///
/// Run-out dates are integer arithmetic on these values, so no time zone or daylight-saving
/// change can move them. Conversion uses Howard Hinnant's days-from-civil algorithm.
public struct CivilDate: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// Days since 1970-01-01 (negative before it).
  public let daysSinceEpoch: Int

  public init(daysSinceEpoch: Int) { self.daysSinceEpoch = daysSinceEpoch }

  /// A date from its parts; nil when the date does not exist (2026-02-30).
  public init?(year: Int, month: Int, day: Int) {
    guard (1...9999).contains(year), (1...12).contains(month),
      (1...CivilDate.daysIn(month: month, year: year)).contains(day)
    else { return nil }
    daysSinceEpoch = CivilDate.days(year: year, month: month, day: day)
  }

  /// Strict `YYYY-MM-DD`: exactly ten characters, ASCII digits, a real calendar date.
  public init?(iso text: String) {
    let bytes = Array(text.utf8)
    guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
      let year = asciiNumber(bytes[0..<4]), let month = asciiNumber(bytes[5..<7]),
      let day = asciiNumber(bytes[8..<10])
    else { return nil }
    self.init(year: year, month: month, day: day)
  }

  public static func isLeap(_ year: Int) -> Bool {
    year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
  }

  public static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2: return isLeap(year) ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }

  public var year: Int { parts.year }
  public var month: Int { parts.month }
  public var day: Int { parts.day }

  public var parts: (year: Int, month: Int, day: Int) {
    let z = daysSinceEpoch + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let mp = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * mp + 2) / 5 + 1
    let month = mp < 10 ? mp + 3 : mp - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }

  /// 0 = Sunday … 6 = Saturday.
  public var weekday: Int { ((daysSinceEpoch % 7) + 7 + 4) % 7 }

  public func adding(days: Int) -> CivilDate { CivilDate(daysSinceEpoch: daysSinceEpoch + days) }

  /// Whole calendar days from `self` to `other` (positive when `other` is later).
  public func days(until other: CivilDate) -> Int { other.daysSinceEpoch - daysSinceEpoch }

  /// Age in whole years on `day`. A 29 February birthday is reached on 1 March in common years.
  public func age(on day: CivilDate) -> Int {
    let birth = parts
    let now = day.parts
    var years = now.year - birth.year
    if (now.month, now.day) < (birth.month, birth.day) { years -= 1 }
    return years
  }

  /// `YYYY-MM-DD`.
  public var iso: String {
    let p = parts
    return CivilDate.pad(p.year, 4) + "-" + CivilDate.pad(p.month, 2) + "-"
      + CivilDate.pad(p.day, 2)
  }

  public var description: String { iso }

  public static func < (a: CivilDate, b: CivilDate) -> Bool { a.daysSinceEpoch < b.daysSinceEpoch }

  static func pad(_ value: Int, _ width: Int) -> String {
    let digits = String(value)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
  }

  private static func days(year: Int, month: Int, day: Int) -> Int {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let mp = month > 2 ? month - 3 : month + 9
    let dayOfYear = (153 * mp + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }
}

/// The value of a run of ASCII digits, or nil if any byte is not one.
func asciiNumber(_ bytes: ArraySlice<UInt8>) -> Int? {
  var value = 0
  for byte in bytes {
    guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
    value = value * 10 + Int(byte - UInt8(ascii: "0"))
  }
  return value
}
