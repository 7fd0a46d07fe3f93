// SPDX-License-Identifier: Apache-2.0
import Testing

@testable import RuaCore

@Suite("Dates a document may be printed for")
struct PrintDateTests {
  private let birth = CivilDate(daysSinceEpoch: -10_000)  // 1942-08-16
  private let changed = Instant(secondsSinceEpoch: 1_795_000_000)  // 2026-11-18T11:06:40Z

  @Test(
    arguments: [
      ("1942-08-16", 1_795_000_000, nil),  // born that day, printed at the last change
      ("2200-12-31", 7_289_000_000, nil),
      ("2201-01-01", 7_289_000_000, "after the year 2200"),
      ("9999-12-31", 7_289_000_000, "after the year 2200"),
      ("1942-08-15", 1_795_000_000, "before the person's birth"),
      ("1900-01-01", 1_795_000_000, "before the person's birth"),
      ("2026-11-18", 1_794_999_999, "before the record's last change"),
    ] as [(String, Int64, String?)])
  func refusesImpossibleDates(today: String, now: Int64, problem: String?) throws {
    let date = try #require(CivilDate(iso: today))
    let found = PrintDate.problem(
      today: date, now: Instant(secondsSinceEpoch: now), dateOfBirth: birth,
      informationAsOf: changed)
    if let problem {
      #expect(found?.contains(problem) == true, "\(today): \(found ?? "accepted")")
    } else {
      #expect(found == nil, "\(today): \(found ?? "")")
    }
  }

  @Test func noRecordedChangeSetsNoLowerBoundOnTheTime() {
    #expect(
      PrintDate.problem(
        today: birth, now: Instant(secondsSinceEpoch: -900_000_000), dateOfBirth: birth,
        informationAsOf: nil) == nil)
  }
}
