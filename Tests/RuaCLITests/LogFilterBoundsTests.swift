// SPDX-License-Identifier: Apache-2.0
import RuaCore
import RuaPaperKit
import Testing

@testable import RuaCLI

/// `log --since`/`--until` to the second: a row written at exactly the --since second is in,
/// and an --until time includes its own second; dates are whole UTC days.
@Suite("log filter bounds")
struct LogFilterBoundsTests {
  static let second: Int64 = 1_795_000_000  // 2026-11-18T11:06:40Z

  @Test func aTimeStartsAtItsOwnSecondAndIncludesItWhenItEnds() throws {
    let since = try LogFilter.moment("2026-11-18T11:06:40Z", option: "since", endOfDay: false)
    #expect(since.secondsSinceEpoch == Self.second)
    let until = try LogFilter.moment("2026-11-18T11:06:40Z", option: "until", endOfDay: true)
    #expect(until.secondsSinceEpoch == Self.second + 1)
    let offset = try LogFilter.moment("2026-11-18T12:06:40+01:00", option: "since", endOfDay: false)
    #expect(offset.secondsSinceEpoch == Self.second)
  }

  @Test func aDateIsTheWholeUTCDay() throws {
    let midnight = Int64(CivilDate(iso: "2026-11-18")!.daysSinceEpoch) * 86_400
    let since = try LogFilter.moment("2026-11-18", option: "since", endOfDay: false)
    #expect(since.secondsSinceEpoch == midnight)
    let until = try LogFilter.moment("2026-11-18", option: "until", endOfDay: true)
    #expect(until.secondsSinceEpoch == midnight + 86_400)
  }

  @Test func neitherADateNorATimeIsRefusedNamingTheOption() {
    #expect(throws: (any Error).self) {
      try LogFilter.moment("yesterday", option: "since", endOfDay: false)
    }
    let error = #expect(throws: PaperError.self) {
      try LogFilter.moment("18/11/2026", option: "until", endOfDay: true)
    }
    #expect(error?.message.contains("--until '18/11/2026'") == true)
  }
}
