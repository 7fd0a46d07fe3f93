// SPDX-License-Identifier: Apache-2.0
/// The dates a document may be printed for. A `--now` or `--today` in 1900 or 9999 would print
/// "Age −42 years" or "8058 years"; a print time before the last change would say the sheet was
/// printed before the facts it shows were recorded.
public enum PrintDate {
  /// The last year a document may be dated.
  public static let lastYear = 2200

  /// Why a document for someone born on `dateOfBirth` cannot be dated `today` / `now`, or nil.
  public static func problem(
    today: CivilDate, now: Instant, dateOfBirth: CivilDate, informationAsOf: Instant?
  ) -> String? {
    if today.year > lastYear {
      return "the print date \(today.iso) is after the year \(lastYear)"
    }
    if today < dateOfBirth {
      return "the print date \(today.iso) is before the person's birth (\(dateOfBirth.iso))"
    }
    if let informationAsOf, now < informationAsOf {
      return "the print time \(now.rfc3339) is before the record's last change "
        + "(\(informationAsOf.rfc3339)), so the sheet would be printed before its information"
    }
    return nil
  }
}
