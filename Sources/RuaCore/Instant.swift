// SPDX-License-Identifier: Apache-2.0
/// A moment as whole seconds since 1970-01-01T00:00:00Z, parsed from RFC 3339 text.
///
/// `--now` and `SOURCE_DATE_EPOCH` become one of these, which sets both the printed time and the
/// PDF dates, so the same input always gives the same bytes.
public struct Instant: Hashable, Comparable, Sendable {
  public let secondsSinceEpoch: Int64

  public init(secondsSinceEpoch: Int64) { self.secondsSinceEpoch = secondsSinceEpoch }

  /// `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM)`; `t`, `z` and a space for `T` are accepted as
  /// RFC 3339 allows. The fraction is dropped (documents print minutes).
  public init?(rfc3339 text: String) {
    let bytes = Array(text.utf8)
    guard bytes.count >= 20,
      let date = CivilDate(iso: String(decoding: bytes[0..<10], as: UTF8.self)),
      [UInt8(ascii: "T"), UInt8(ascii: "t"), UInt8(ascii: " ")].contains(bytes[10]),
      bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
      let hour = asciiNumber(bytes[11..<13]), hour <= 23,
      let minute = asciiNumber(bytes[14..<16]), minute <= 59,
      let second = asciiNumber(bytes[17..<19]), second <= 60
    else { return nil }
    var index = 19
    if bytes[index] == UInt8(ascii: ".") {
      index += 1
      let start = index
      while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
        index += 1
      }
      guard index > start else { return nil }
    }
    guard index < bytes.count else { return nil }
    var offsetSeconds = 0
    switch bytes[index] {
    case UInt8(ascii: "Z"), UInt8(ascii: "z"):
      guard index + 1 == bytes.count else { return nil }
    case UInt8(ascii: "+"), UInt8(ascii: "-"):
      guard index + 6 == bytes.count, bytes[index + 3] == UInt8(ascii: ":"),
        let hours = asciiNumber(bytes[(index + 1)..<(index + 3)]), hours <= 23,
        let minutes = asciiNumber(bytes[(index + 4)..<(index + 6)]), minutes <= 59
      else { return nil }
      offsetSeconds = (hours * 3600 + minutes * 60) * (bytes[index] == UInt8(ascii: "-") ? -1 : 1)
    default:
      return nil
    }
    let local = date.daysSinceEpoch * 86_400 + hour * 3600 + minute * 60 + min(second, 59)
    secondsSinceEpoch = Int64(local - offsetSeconds)
  }

  /// The UTC calendar date of this moment.
  public var utcDate: CivilDate {
    let days =
      secondsSinceEpoch >= 0
      ? secondsSinceEpoch / 86_400 : (secondsSinceEpoch - 86_399) / 86_400
    return CivilDate(daysSinceEpoch: Int(days))
  }

  /// `YYYY-MM-DD HH:MM UTC`, the printed time on documents.
  public var printedUTC: String {
    let seconds = Int(secondsSinceEpoch - Int64(utcDate.daysSinceEpoch) * 86_400)
    return utcDate.iso + " " + CivilDate.pad(seconds / 3600, 2) + ":"
      + CivilDate.pad(seconds % 3600 / 60, 2) + " UTC"
  }

  /// `YYYY-MM-DDTHH:MM:SSZ`.
  public var rfc3339: String {
    let seconds = Int(secondsSinceEpoch - Int64(utcDate.daysSinceEpoch) * 86_400)
    return utcDate.iso + "T" + CivilDate.pad(seconds / 3600, 2) + ":"
      + CivilDate.pad(seconds % 3600 / 60, 2) + ":" + CivilDate.pad(seconds % 60, 2) + "Z"
  }

  public static func < (a: Instant, b: Instant) -> Bool {
    a.secondsSinceEpoch < b.secondsSinceEpoch
  }
}
