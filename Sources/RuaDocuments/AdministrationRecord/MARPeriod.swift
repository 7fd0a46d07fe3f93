// SPDX-License-Identifier: Apache-2.0
import RuaCore

/// The days a MAR covers: whole weeks from a first day (`mar --week-of DATE --weeks N`).
public struct MARPeriod: Equatable, Sendable {
  /// The first of the days; nil: the document's `today`.
  public var start: CivilDate?
  /// How many weeks of seven days, one grid each (1 to `maximumWeeks`).
  public var weeks: Int

  /// Four weeks: a month of sheets, what a home-care agency hands out at a time.
  public static let maximumWeeks = 4

  public init(start: CivilDate? = nil, weeks: Int = 1) {
    self.start = start
    self.weeks = weeks
  }

  public static let oneWeekFromToday = MARPeriod()
}
