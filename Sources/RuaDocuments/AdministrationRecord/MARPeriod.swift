// SPDX-License-Identifier: Apache-2.0
public import RuaCore

/// The days a MAR covers: whole weeks from a first day (`mar --week-of DATE --weeks N`).
public struct MARPeriod: Equatable, Sendable {
  /// The first of the days; nil: the document's `today`.
  public var start: CivilDate?
  /// How many weeks of seven days, one grid each (1 to `maximumWeeks`).
  public var weeks: Int

  /// Four weeks: a month of sheets, what a home-care agency hands out at a time.
  public static let maximumWeeks = 4
  /// What changed since the previous sheet of the patient was printed (none printed: the
  /// default, which the sheet says).
  public var changes = MARChanges()

  public init(start: CivilDate? = nil, weeks: Int = 1, changes: MARChanges = MARChanges()) {
    self.start = start
    self.weeks = weeks
    self.changes = changes
  }

  public static let oneWeekFromToday = MARPeriod()
}

/// What changed in a patient's medicines since the previous MAR of that patient was printed
/// (`fhir-ips.md` §5, "changes since the last sheet"): taken by the application from the access
/// log (the last completed delivery of a MAR) and the change log, so the same store gives the
/// same sheet whatever the clock says.
public struct MARChanges: Equatable, Sendable {
  /// The day the previous sheet was printed; nil when none was (the first sheet says so).
  public var lastSheet: CivilDate?
  /// Names of the medicines added since then.
  public var started: [String]
  /// Names of the medicines stopped since then.
  public var stopped: [String]
  /// Names of the medicines whose dose, strength, schedule or times changed since then.
  public var doseChanged: [String]

  public init(
    lastSheet: CivilDate? = nil, started: [String] = [], stopped: [String] = [],
    doseChanged: [String] = []
  ) {
    self.lastSheet = lastSheet
    self.started = started
    self.stopped = stopped
    self.doseChanged = doseChanged
  }
}
