// SPDX-License-Identifier: Apache-2.0
/// How urgently a medication needs a refill (`care-circle-format.md`, "Runway").
public enum RunwayStatus: String, Sendable, CaseIterable {
  case overdue, urgent, soon, ok
  case asNeeded = "as-needed"
  case noFill = "no-fill"

  /// Position in document order, most urgent first. A scheduled medication with no fill sorts
  /// after `soon` and before `ok`: its run-out is unknown, so it may already be out, and it needs
  /// an action (add a fill) that an `ok` line does not. As-needed lines have no forecast, so last.
  public var urgencyRank: Int {
    switch self {
    case .overdue: return 0
    case .urgent: return 1
    case .soon: return 2
    case .noFill: return 3
    case .ok: return 4
    case .asNeeded: return 5
    }
  }
}

/// The supply forecast of one medication on one day.
public struct Runway: Equatable, Sendable {
  /// `daysRemaining` at or below this is overdue (the supply ran out today or earlier).
  public static let overdueAtMost = 0
  /// At or below this (and above `overdueAtMost`) is urgent.
  public static let urgentAtMost = 3
  /// At or below this (and above `urgentAtMost`) is soon; above it is ok.
  public static let soonAtMost = 10

  public let status: RunwayStatus
  /// `currentFill.fillDate + daySupply`; nil for as-needed and no-fill.
  public let runOutDate: CivilDate?
  /// `runOutDate − today` in whole calendar days (negative when past); nil without a run-out.
  public let daysRemaining: Int?
  /// The fill the forecast uses: the latest `fillDate`, the one listed last on a tie.
  public let currentFill: Fill?

  public init(
    status: RunwayStatus, runOutDate: CivilDate?, daysRemaining: Int?, currentFill: Fill?
  ) {
    self.status = status
    self.runOutDate = runOutDate
    self.daysRemaining = daysRemaining
    self.currentFill = currentFill
  }

  /// The forecast for `medication` on `today`.
  ///
  /// The arithmetic depends only on `asNeeded` and the fills, never on `status`: an on-hold or
  /// stopped medication gets the figures its last fill gives. Which medications a document lists
  /// (active and on-hold, never stopped) is decided by `documentOrder`, in one place.
  public static func evaluate(_ medication: Medication, today: CivilDate) -> Runway {
    let fill = currentFill(of: medication.fills)
    if medication.asNeeded {
      return Runway(status: .asNeeded, runOutDate: nil, daysRemaining: nil, currentFill: fill)
    }
    guard let fill else {
      return Runway(status: .noFill, runOutDate: nil, daysRemaining: nil, currentFill: nil)
    }
    let runOut = fill.fillDate.adding(days: fill.daySupply)
    let remaining = today.days(until: runOut)
    return Runway(
      status: status(daysRemaining: remaining), runOutDate: runOut, daysRemaining: remaining,
      currentFill: fill)
  }

  /// The status for a number of days left, by the named thresholds.
  public static func status(daysRemaining: Int) -> RunwayStatus {
    if daysRemaining <= overdueAtMost { return .overdue }
    if daysRemaining <= urgentAtMost { return .urgent }
    if daysRemaining <= soonAtMost { return .soon }
    return .ok
  }

  /// The latest fill by `fillDate`; on a tie the one listed last.
  public static func currentFill(of fills: [Fill]) -> Fill? {
    var best: Fill?
    for fill in fills where best.map({ fill.fillDate >= $0.fillDate }) ?? true {
      best = fill
    }
    return best
  }

  /// Whether documents list a medication at all: active and on-hold yes, stopped no.
  public static func isListed(_ medication: Medication) -> Bool {
    medication.status != .stopped
  }

  /// The medications a document lists, most urgent first.
  ///
  /// Stopped medications are left out. Active medications come before on-hold ones: a held
  /// medicine is not being taken, so its run-out asks for no refill now and must not lead the
  /// list as "overdue". Within each group: status by `urgencyRank`; then fewer days remaining
  /// first (the next to run out leads within a status); then name, case-insensitive; then id, so
  /// the order is total and the same on every run.
  public static func documentOrder(_ medications: [Medication], today: CivilDate) -> [Medication] {
    let keyed = medications.filter(isListed).map { medication in
      (
        medication: medication, runway: evaluate(medication, today: today),
        name: medication.name.lowercased()
      )
    }
    let sorted = keyed.sorted { a, b in
      let aHeld = a.medication.status == .onHold
      let bHeld = b.medication.status == .onHold
      if aHeld != bHeld { return !aHeld }
      if a.runway.status.urgencyRank != b.runway.status.urgencyRank {
        return a.runway.status.urgencyRank < b.runway.status.urgencyRank
      }
      let aDays = a.runway.daysRemaining ?? Int.max
      let bDays = b.runway.daysRemaining ?? Int.max
      if aDays != bDays { return aDays < bDays }
      if a.name != b.name { return a.name < b.name }
      return a.medication.id < b.medication.id
    }
    return sorted.map(\.medication)
  }
}
