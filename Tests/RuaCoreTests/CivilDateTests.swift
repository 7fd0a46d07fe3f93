// SPDX-License-Identifier: Apache-2.0
import RuaCore
import Testing

@Suite struct CivilDateTests {
  @Test(arguments: [
    ("1970-01-01", 0), ("2000-02-29", 11_016), ("1969-12-31", -1), ("2100-03-01", 47_541),
  ])
  func daysFromTheEpoch(text: String, days: Int) throws {
    let date = try #require(CivilDate(iso: text))
    #expect(date.daysSinceEpoch == days)
    #expect(date.iso == text)
  }

  @Test(arguments: [
    "2026-02-29", "2100-02-29", "2026-13-01", "2026-00-10", "2026-04-31", "26-01-01",
    "2026-1-01", "2026/01/01", "２０２６-01-01", "2026-01-01T00:00", "", "0000-01-01",
  ])
  func refusesTextThatIsNotACalendarDate(text: String) {
    #expect(CivilDate(iso: text) == nil)
  }

  @Test func leapYearsFollowTheGregorianRule() {
    #expect(CivilDate.isLeap(2000))
    #expect(!CivilDate.isLeap(2100))
    #expect(CivilDate.isLeap(2024))
    #expect(!CivilDate.isLeap(2026))
    #expect(CivilDate(iso: "2000-02-29") != nil)
  }

  @Test func everyDayOfFourCenturiesRoundTrips() throws {
    let start = try #require(CivilDate(iso: "1900-01-01"))
    var previous = start.parts
    for offset in 1..<146_097 {
      let date = start.adding(days: offset)
      let again = try #require(CivilDate(year: date.year, month: date.month, day: date.day))
      #expect(again == date)
      let parts = date.parts
      #expect(parts.day == 1 || parts.day == previous.day + 1)
      previous = parts
    }
  }

  @Test(arguments: [
    ("1945-02-14", "2026-02-13", 80), ("1945-02-14", "2026-02-14", 81),
    ("1944-02-29", "2025-02-28", 80), ("1944-02-29", "2025-03-01", 81),
    ("1944-02-29", "2024-02-29", 80), ("1944-02-29", "2024-02-28", 79),
  ])
  func ageInWholeYears(birth: String, on day: String, age: Int) throws {
    let born = try #require(CivilDate(iso: birth))
    let today = try #require(CivilDate(iso: day))
    #expect(born.age(on: today) == age)
  }
}
