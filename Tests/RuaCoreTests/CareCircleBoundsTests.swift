// SPDX-License-Identifier: Apache-2.0
import RuaCore
import Testing

private let med = "patients[0].medications[0]"

/// Issue 34: dates that cannot be true (a stop in the future, a fill before birth), texts that
/// print blank and quantities no pharmacy dispenses are refused by the one decoder that import
/// and every editing command use.
@Suite struct CareCircleBoundsTests {
  /// The base file with medication 0 stopped on `date`.
  private func stopped(on date: String) throws -> JSON {
    try CareCircleFixture.base()
      .setting("patients.0.medications.0.status", to: .string("stopped"))
      .setting("patients.0.medications.0.stoppedDate", to: .string(date))
  }

  private func refusal(_ document: JSON) -> CareCircleError? {
    CareCircleFixture.refusal { () throws(CareCircleError) in
      try CareCircleFixture.decode(document)
    }
  }

  @Test func aStopDateInTheFutureIsRefusedAndTodayIsKept() throws {
    let error = try #require(refusal(try stopped(on: "2026-11-02")))
    #expect(error.path == "\(med).stoppedDate")
    #expect(error.reason.contains("must not be after today (2026-11-01)"), "\(error)")
    #expect(error.reason.contains("stop it on the day"), "\(error)")
    let circle = try CareCircleFixture.decode(try stopped(on: "2026-11-01"))
    #expect(circle.patients[0].medications[0].stoppedDate?.iso == "2026-11-01")
  }

  @Test(arguments: [
    ("patients.0.medications.0.fills.0.fillDate", "\(med).fills[0].fillDate"),
    ("patients.0.medications.0.startDate", "\(med).startDate"),
  ])
  func aDateBeforeBirthIsRefused(_ change: String, _ path: String) throws {
    let document = try CareCircleFixture.base().setting(change, to: .string("1939-12-31"))
    let error = try #require(refusal(document))
    #expect(error.path == path)
    #expect(error.reason.contains("before the date of birth (1940-01-01)"), "\(error)")
  }

  @Test func aStopDateBeforeBirthIsRefused() throws {
    let error = try #require(refusal(try stopped(on: "1939-12-31")))
    #expect(error.path == "\(med).stoppedDate")
    #expect(error.reason.contains("before the date of birth"), "\(error)")
    // The day of birth itself is allowed.
    let birthday = try stopped(on: "1940-01-01")
      .setting("patients.0.medications.0.fills.0.fillDate", to: .string("1940-01-01"))
    #expect(refusal(birthday) == nil)
  }

  @Test(arguments: ["\u{2800}", "\u{FFFC}", "\u{0600}", "\u{2800}\u{FFFC}", "\u{0301}"])
  func aTextWithNoVisibleCharacterIsRefused(_ text: String) throws {
    for (change, path) in [
      ("patients.0.medications.0.name", "\(med).name"),
      ("patients.0.allergies.0.substance", "patients[0].allergies[0].substance"),
      ("patients.0.medications.0.purpose", "\(med).purpose"),
    ] {
      let document = try CareCircleFixture.base().setting(change, to: .string(text))
      let error = try #require(refusal(document), "\(change)")
      #expect(error.path == path)
      #expect(error.reason.contains("has no visible character"), "\(error)")
      #expect(!error.reason.contains(text))
    }
  }

  @Test(arguments: ["\u{0600}\u{0661}", "x\u{2800}", "é", "李"])
  func aTextWithAVisibleCharacterIsKept(_ text: String) throws {
    let document = try CareCircleFixture.base()
      .setting("patients.0.medications.0.name", to: .string(text))
    #expect(refusal(document) == nil)
  }

  @Test(arguments: ["100000", "1e308"])
  func anImpossibleQuantityIsRefused(_ number: String) throws {
    let document = try CareCircleFixture.base()
      .setting("patients.0.medications.0.fills.0.quantity", to: .number(number))
    let error = try #require(refusal(document))
    #expect(error.path == "\(med).fills[0].quantity")
    #expect(error.reason.contains("less than 100000"), "\(error)")
    let kept = try CareCircleFixture.base()
      .setting("patients.0.medications.0.fills.0.quantity", to: .number("99999.5"))
    #expect(refusal(kept) == nil)
  }
}
