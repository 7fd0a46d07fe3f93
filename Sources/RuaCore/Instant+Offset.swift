// SPDX-License-Identifier: Apache-2.0
/// Local dates and printed times for a moment, given the zone's UTC offset at that moment. The
/// offset comes from the shell (the local zone, `TZ` respected); the core never reads a clock.
extension Instant {
  /// The calendar date of this moment at `offsetSeconds` east of UTC.
  public func date(offsetSeconds: Int) -> CivilDate {
    Instant(secondsSinceEpoch: secondsSinceEpoch + Int64(offsetSeconds)).utcDate
  }

  /// `YYYY-MM-DD HH:MM ±HH:MM`, the printed time on documents; `UTC` for a zero offset.
  public func printed(offsetSeconds: Int) -> String {
    guard offsetSeconds != 0 else { return printedUTC }
    let shifted = Instant(secondsSinceEpoch: secondsSinceEpoch + Int64(offsetSeconds))
    let minutes = abs(offsetSeconds) / 60
    let sign = offsetSeconds < 0 ? "-" : "+"
    return String(shifted.printedUTC.dropLast(4)) + " " + sign + CivilDate.pad(minutes / 60, 2)
      + ":" + CivilDate.pad(minutes % 60, 2)
  }
}
