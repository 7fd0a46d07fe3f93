// SPDX-License-Identifier: Apache-2.0
import RuaCore
import Testing

/// The pure half of "dated by its source": a patient's `sourceDate` read from a Bundle and a
/// care-circle file, kept by the format, sent back in an export's Composition.date, and the
/// one rule for "information as of" (the older of it and the last change).
@Suite struct SourceDateCoreTests {
  static func instant(_ text: String) throws -> Instant { try #require(Instant(rfc3339: text)) }

  @Test func hl7ExamplesCarryTheirCompositionDate() throws {
    let (minimal, _) = try FHIRBundleTests.read(try FHIRBundleTests.fixture("bundle-minimal.json"))
    #expect(minimal.patients.first?.sourceDate == "2020-12-11T13:30:00Z")
    // A date alone is its noon UTC (the day it names from UTC−12 to UTC+11); the file's
    // exportedAt, which the revert check uses, stays at its midnight.
    let (dateOnly, _) = try FHIRBundleTests.read(
      try FHIRBundleTests.fixture("bundle-no-info-required-sections.json"))
    #expect(dateOnly.patients.first?.sourceDate == "2021-05-03T12:00:00Z")
    #expect(dateOnly.exportedAt == "2021-05-03T00:00:00Z")
  }

  @Test func aCareCirclePatientIsDatedByTheFileUnlessItHasItsOwnDate() throws {
    var circle = CareCircle(exportedAt: "2017-06-15T12:00:00Z")
    var own = Patient(id: "a", fullName: "A", dateOfBirth: CivilDate(iso: "1940-01-01")!)
    own.sourceDate = "2016-01-01T00:00:00Z"
    circle.patients = [own, Patient(id: "b", fullName: "B", dateOfBirth: own.dateOfBirth)]
    let dated = circle.datedBySource()
    #expect(dated.patients.map(\.sourceDate) == ["2016-01-01T00:00:00Z", "2017-06-15T12:00:00Z"])
    // The format keeps it: encoded and decoded back the same.
    let again = try CareCircleDecoder.decode(
      json: CareCircleEncoder.encode(dated), today: CivilDate(iso: "2026-12-01")!)
    #expect(again == dated)
  }

  @Test func aSourceDateThatIsNotAUTCTimestampIsRefused() throws {
    let text = """
      {"format": "rua-care-circle", "version": 1, "patients": [{"id": "a", "fullName": "A",
       "dateOfBirth": "1940-01-01", "sourceDate": "2017-06-15"}]}
      """
    #expect(throws: CareCircleError.self) {
      try CareCircleDecoder.decode(Array(text.utf8), today: CivilDate(iso: "2026-12-01")!)
    }
  }

  @Test func informationAsOfIsTheOlderOfSourceAndLastChange() throws {
    var patient = Patient(id: "a", fullName: "A", dateOfBirth: CivilDate(iso: "1940-01-01")!)
    let imported = try Self.instant("2026-11-18T09:00:00Z")
    #expect(patient.informationAsOf(lastChange: imported) == imported)
    patient.sourceDate = "2017-06-15T12:00:00Z"
    #expect(
      patient.informationAsOf(lastChange: imported) == (try Self.instant("2017-06-15T12:00:00Z")))
    // A source dated after the import (a clock ahead) never dates the record later than it.
    patient.sourceDate = "2026-11-18T09:04:00Z"
    #expect(patient.informationAsOf(lastChange: imported) == imported)
  }

  @Test func anExportIsAsOldAsItsSource() throws {
    var patient = Patient(id: "a", fullName: "A", dateOfBirth: CivilDate(iso: "1940-01-01")!)
    patient.sourceDate = "2020-12-11T13:30:00Z"
    let bundle = FHIRBundleWriter.bundle(patient, timestamp: "2026-12-01T09:00:00Z")
    let composition = bundle["entry"]?.arrayValue?.first?["resource"]
    #expect(composition?["date"]?.stringValue == "2020-12-11T13:30:00Z")
    #expect(bundle["timestamp"]?.stringValue == "2026-12-01T09:00:00Z")
    patient.sourceDate = nil
    let current = FHIRBundleWriter.bundle(patient, timestamp: "2026-12-01T09:00:00Z")
    #expect(
      current["entry"]?.arrayValue?.first?["resource"]?["date"]?.stringValue
        == "2026-12-01T09:00:00Z")
  }
}
