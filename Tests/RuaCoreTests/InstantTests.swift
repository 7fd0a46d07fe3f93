// SPDX-License-Identifier: Apache-2.0
import RuaCore
import Testing

@Suite struct InstantTests {
  @Test(arguments: [
    ("1970-01-01T00:00:00Z", Int64(0)), ("2026-11-29T12:00:00Z", 1_795_953_600),
    ("2026-11-29T12:00:00.75Z", 1_795_953_600), ("2026-11-29T14:00:00+02:00", 1_795_953_600),
    ("2026-11-29T07:30:00-04:30", 1_795_953_600), ("1969-12-31T23:59:59Z", -1),
    ("2026-11-29 12:00:00z", 1_795_953_600),
  ])
  func parsesRFC3339(text: String, seconds: Int64) throws {
    let instant = try #require(Instant(rfc3339: text))
    #expect(instant.secondsSinceEpoch == seconds)
  }

  @Test(arguments: [
    "2026-11-29", "2026-11-29T12:00:00", "2026-02-30T12:00:00Z", "2026-11-29T24:00:00Z",
    "2026-11-29T12:00:00+0200", "2026-11-29T12:00:00.Z", "2026-11-29T12:00Z", "now",
  ])
  func refusesWhatIsNotRFC3339(text: String) {
    #expect(Instant(rfc3339: text) == nil)
  }

  @Test func printsTheUTCTimeAndDate() throws {
    let instant = try #require(Instant(rfc3339: "2026-11-29T23:30:00-02:00"))
    #expect(instant.printedUTC == "2026-11-30 01:30 UTC")
    #expect(instant.rfc3339 == "2026-11-30T01:30:00Z")
    #expect(Instant(secondsSinceEpoch: -1).utcDate.iso == "1969-12-31")
  }

  @Test func aLocalDateAndPrintedTimeCarryTheOffset() throws {
    // 04:30 UTC on 30 November is 20:30 on 29 November in Los Angeles (UTC-8).
    let instant = try #require(Instant(rfc3339: "2026-11-30T04:30:00Z"))
    #expect(instant.date(offsetSeconds: -8 * 3600).iso == "2026-11-29")
    #expect(instant.printed(offsetSeconds: -8 * 3600) == "2026-11-29 20:30 -08:00")
    #expect(instant.date(offsetSeconds: 0).iso == "2026-11-30")
    #expect(instant.printed(offsetSeconds: 0) == "2026-11-30 04:30 UTC")
    #expect(instant.printed(offsetSeconds: 5 * 3600 + 45 * 60) == "2026-11-30 10:15 +05:45")
    #expect(instant.date(offsetSeconds: 14 * 3600).iso == "2026-11-30")
    #expect(
      Instant(secondsSinceEpoch: 0).printed(offsetSeconds: -3600) == "1969-12-31 23:00 -01:00")
  }
}
