// SPDX-License-Identifier: Apache-2.0
import RuaCore
import Testing

/// The care-circle format's `hold` ({since, until, reason}, only with status on-hold) and
/// `minIntervalMinutes`: optional and additive, so a file without them imports as before.
@Suite("Hold and interval in the format")
struct HoldFormatTests {
  private let med = "patients[0].medications[0]"

  private func held(_ hold: JSON) throws -> JSON {
    try CareCircleFixture.base()
      .setting("patients.0.medications.0.status", to: .string("on-hold"))
      .setting("patients.0.medications.0.hold", to: hold)
  }

  private func refusal(_ document: JSON) -> CareCircleError? {
    CareCircleFixture.refusal { () throws(CareCircleError) in
      try CareCircleFixture.decode(document)
    }
  }

  @Test func aDatedHoldImportsAndExportsUnchanged() throws {
    let document = try held(
      .object([
        ("since", .string("2026-10-29")), ("until", .string("2026-11-05")),
        ("reason", .string("dental extraction")),
      ])
    ).setting("patients.0.medications.0.minIntervalMinutes", to: .int(240))
    let circle = try CareCircleFixture.decode(document)
    let medication = try #require(circle.patients.first?.medications.first)
    #expect(
      medication.hold
        == MedicationHold(
          since: CivilDate(iso: "2026-10-29"), until: CivilDate(iso: "2026-11-05"),
          reason: "dental extraction"))
    #expect(medication.minIntervalMinutes == 240)
    let again = try CareCircleDecoder.decode(
      Array(JSONWriter.write(CareCircleEncoder.encode(circle)).utf8),
      today: CareCircleFixture.today)
    #expect(again == circle)
  }

  @Test func aHoldWithoutDatesStillImports() throws {
    // The files written before holds had dates: status on-hold and nothing else.
    let document = try CareCircleFixture.base()
      .setting("patients.0.medications.0.status", to: .string("on-hold"))
    let medication = try #require(
      try CareCircleFixture.decode(document).patients.first?.medications.first)
    #expect(medication.status == .onHold && medication.hold == nil)
    #expect(medication.isHeld(on: CareCircleFixture.today))
    // An empty hold object is no hold.
    let empty = try #require(
      try CareCircleFixture.decode(try held(.object([]))).patients.first?.medications.first)
    #expect(empty.hold == nil)
  }

  @Test(arguments: [
    ([("since", "2026-11-02")], "hold.since", "must not be after today (2026-11-01)"),
    (
      [("since", "2026-10-20"), ("until", "2026-10-19")], "hold.until",
      "must not be before hold.since (2026-10-20)"
    ),
    (
      [("since", "2026-10-20"), ("until", "2027-10-22")], "hold.until",
      "must be at most 366 days after hold.since"
    ),
    ([("until", "2027-11-03")], "hold.until", "must be at most 366 days after today"),
    ([("since", "1939-12-31")], "hold.since", "must not be before the date of birth"),
    ([("since", "2026-13-01")], "hold.since", "must be a calendar date"),
    ([("reason", String(repeating: "a", count: 201))], "hold.reason", "200"),
  ])
  func aBrokenHoldIsRefusedNamingItsField(
    members: [(String, String)], path: String, reason: String
  ) throws {
    let document = try held(.object(members.map { ($0.0, .string($0.1)) }))
    let error = try #require(refusal(document))
    #expect(error.path == "\(med).\(path)", "\(error)")
    #expect(error.reason.contains(reason), "\(error)")
  }

  @Test func aHoldNeedsStatusOnHoldAndAStartedMedicine() throws {
    let active = try CareCircleFixture.base()
      .setting("patients.0.medications.0.hold", to: .object([("since", .string("2026-10-20"))]))
    let error = try #require(refusal(active))
    #expect(error.path == "\(med).hold" && error.reason.contains("only with status"))
    let early = try held(.object([("since", .string("2026-09-01"))]))
      .setting("patients.0.medications.0.startDate", to: .string("2026-09-15"))
    let before = try #require(refusal(early))
    #expect(before.path == "\(med).hold.since", "\(before)")
    #expect(before.reason.contains("startDate (2026-09-15)"), "\(before)")
  }

  @Test func theIntervalIsBounded() throws {
    for (value, accepted) in [(4, false), (5, true), (4320, true), (4321, false)] {
      let document = try CareCircleFixture.base()
        .setting("patients.0.medications.0.minIntervalMinutes", to: .int(value))
      #expect((refusal(document) == nil) == accepted, "\(value)")
    }
  }

  @Test func theHoldCoversExactlyItsDays() {
    let hold = MedicationHold(
      since: CivilDate(iso: "2026-11-03"), until: CivilDate(iso: "2026-11-05"))
    let days = (1...7).map { CivilDate(iso: "2026-11-0\($0)")! }
    #expect(days.map(hold.covers) == [false, false, true, true, true, false, false])
    #expect(hold.dueToEnd(today: CivilDate(iso: "2026-11-05")!) == nil)
    #expect(hold.dueToEnd(today: CivilDate(iso: "2026-11-06")!) == CivilDate(iso: "2026-11-05"))
  }

  @Test func theCommandLineReadsAnInterval() throws {
    let cases: [(String, JSON?)] = [
      ("4h", .int(240)), ("4 hours", .int(240)), ("30 min", .int(30)), ("1h 30min", .int(90)),
      ("6", .int(360)), ("1.5 h", .int(90)),
    ]
    for (text, expected) in cases {
      #expect(try RecordValue.read(text, as: .interval).get() == expected, "\(text)")
    }
    for text in ["four hours", "4 parsecs", "30 10", "0.1 min"] {
      if case .success(let value) = RecordValue.read(text, as: .interval) {
        Issue.record("\(text) read as \(String(describing: value))")
      }
    }
  }
}
