// SPDX-License-Identifier: Apache-2.0
// The small text formats of the care-circle file that are not plain text: timestamps,
// partial dates and language tags.

/// RFC 3339 timestamps in UTC: `YYYY-MM-DDTHH:MM:SS[.fraction]Z`.
public enum Timestamp {
  /// True for a real calendar date, a time from 00:00:00 to 23:59:60 (a leap second is allowed,
  /// as RFC 3339 allows it), an optional fraction of 1–9 digits, and the `Z` offset.
  public static func isRFC3339UTC(_ text: String) -> Bool {
    let bytes = Array(text.utf8)
    guard bytes.count >= 20, bytes.count <= 30, bytes[10] == UInt8(ascii: "T"),
      bytes.last == UInt8(ascii: "Z")
    else { return false }
    return Instant(rfc3339: text) != nil
  }
}

/// The `since` of a condition: `YYYY`, `YYYY-MM` or a `YYYY-MM-DD` calendar date.
public enum PartialDate {
  public static func isValid(_ text: String) -> Bool {
    let bytes = Array(text.utf8)
    switch bytes.count {
    case 4: return CivilDate(iso: text + "-01-01") != nil
    case 7: return CivilDate(iso: text + "-01") != nil
    case 10: return CivilDate(iso: text) != nil
    default: return false
    }
  }
}

/// A syntactic check of BCP 47 tags: a 2–3 letter (or 4–8 letter) language subtag, then
/// subtags of 1–8 letters and digits separated by hyphens (`es`, `zh-Hant`, `pt-BR`, `sr-Latn-RS`).
/// Whether the subtags are registered is not checked, so a new region or script still imports.
public enum LanguageTag {
  public static func isWellFormed(_ text: String) -> Bool {
    let subtags = text.split(separator: "-", omittingEmptySubsequences: false)
    guard let language = subtags.first, (2...8).contains(language.utf8.count),
      language.utf8.allSatisfy(isLetter)
    else { return false }
    return subtags.dropFirst().allSatisfy { subtag in
      (1...8).contains(subtag.utf8.count)
        && subtag.utf8.allSatisfy {
          isLetter($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0)
        }
    }
  }

  private static func isLetter(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
      || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
  }
}
