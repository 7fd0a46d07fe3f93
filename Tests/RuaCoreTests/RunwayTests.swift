// SPDX-License-Identifier: Apache-2.0
import RuaCore
import Testing

@Suite struct RunwayTests {
  @Test(arguments: [
    // fill date, day supply, run-out date
    ("2024-02-28", 1, "2024-02-29"),  // leap day
    ("2024-02-29", 1, "2024-03-01"),
    ("2026-02-28", 1, "2026-03-01"),  // common year
    ("2000-02-28", 1, "2000-02-29"),  // 2000 is leap
    ("2100-02-28", 1, "2100-03-01"),  // 2100 is not
    ("2026-01-31", 30, "2026-03-02"),
    ("2026-12-31", 1, "2027-01-01"),  // year boundary
    ("2099-12-31", 1, "2100-01-01"),  // century boundary
    ("1999-12-31", 1, "2000-01-01"),
    ("2026-01-01", 365, "2027-01-01"),
    ("2024-01-01", 365, "2024-12-31"),  // 365 days in a leap year stop a day short
    ("2099-03-01", 365, "2100-03-01"),
    ("2026-04-30", 90, "2026-07-29"),
  ])
  func runOutIsFillDatePlusDaySupply(fill: String, supply: Int, runOut: String) {
    let runway = Runway.evaluate(
      medication("m", "metformin", fills: [(fill, supply)]), today: day(fill))
    #expect(runway.runOutDate == day(runOut))
    #expect(runway.daysRemaining == supply)
    #expect(runway.currentFill?.fillDate == day(fill))
  }

  @Test(arguments: [
    (-30, RunwayStatus.overdue), (-1, .overdue), (0, .overdue), (1, .urgent), (3, .urgent),
    (4, .soon), (10, .soon), (11, .ok), (365, .ok),
  ])
  func thresholds(daysRemaining: Int, status: RunwayStatus) {
    #expect(Runway.status(daysRemaining: daysRemaining) == status)
    // The same through a real fill: 30-day supply filled on 2026-03-01 runs out on 2026-03-31.
    let today = day("2026-03-31").adding(days: -daysRemaining)
    let runway = Runway.evaluate(
      medication("m", "lisinopril", fills: [("2026-03-01", 30)]), today: today)
    #expect(runway.daysRemaining == daysRemaining)
    #expect(runway.status == status)
  }

  @Test func thresholdsAreTheOnesTheFormatPageNames() {
    #expect(Runway.overdueAtMost == 0)
    #expect(Runway.urgentAtMost == 3)
    #expect(Runway.soonAtMost == 10)
  }

  @Test func aFillOnTheEvaluationDayCounts() {
    let runway = Runway.evaluate(
      medication("m", "lisinopril", fills: [("2026-03-01", 30), ("2026-03-20", 1)]),
      today: day("2026-03-20"))
    #expect(runway.currentFill?.daySupply == 1)
    #expect(runway.daysRemaining == 1)
    #expect(runway.status == .urgent)
  }

  @Test func theLatestFillWinsWhateverTheOrder() {
    let runway = Runway.evaluate(
      medication("m", "amlodipine", fills: [("2026-05-01", 30), ("2026-03-01", 90)]),
      today: day("2026-05-10"))
    #expect(runway.currentFill?.fillDate == day("2026-05-01"))
    #expect(runway.runOutDate == day("2026-05-31"))
  }

  @Test func onATieTheFillListedLastWins() {
    let first = medication("m", "amlodipine", fills: [("2026-05-01", 30), ("2026-05-01", 90)])
    let second = medication("m", "amlodipine", fills: [("2026-05-01", 90), ("2026-05-01", 30)])
    let today = day("2026-05-10")
    #expect(Runway.evaluate(first, today: today).currentFill?.daySupply == 90)
    #expect(Runway.evaluate(second, today: today).currentFill?.daySupply == 30)
  }

  @Test func asNeededGetsNoForecastEvenWithFills() {
    let runway = Runway.evaluate(
      medication("m", "acetaminophen", fills: [("2026-01-01", 30)], asNeeded: true),
      today: day("2026-06-01"))
    #expect(runway.status == .asNeeded)
    #expect(runway.runOutDate == nil)
    #expect(runway.daysRemaining == nil)
    #expect(runway.currentFill?.fillDate == day("2026-01-01"))
  }

  @Test func aScheduledMedicationWithoutAFillIsNeverEstimated() {
    let runway = Runway.evaluate(medication("m", "metformin"), today: day("2026-06-01"))
    #expect(
      runway == Runway(status: .noFill, runOutDate: nil, daysRemaining: nil, currentFill: nil))
  }

  @Test func statusOfTheMedicationDoesNotChangeTheArithmetic() {
    for status in MedicationStatus.allCases {
      let runway = Runway.evaluate(
        medication("m", "warfarin", fills: [("2026-06-01", 30)], status: status),
        today: day("2026-06-25"))
      #expect(runway.status == .soon)
      #expect(runway.daysRemaining == 6)
    }
  }
}
