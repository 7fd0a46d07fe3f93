// SPDX-License-Identifier: Apache-2.0
import Foundation
import RuaCLITestSupport
import RuaTestSupport
import Testing

/// A record is dated by its source, not by the import: HL7's example (Composition.date
/// 2020-12-11) and a care-circle file exported in 2017 print their own date as "information as
/// of", with the review-by date and the stale band that follow, until a local edit makes the
/// record current again. Run through the real executable in two time zones, west and east of
/// Greenwich, because the printed day is taken in the local zone.
@Suite("dated by the source")
struct SourceDateTests {
  static let zones = ["America/Los_Angeles", "Asia/Tokyo"]

  /// Runs the built `rua-paper` in `box` with `TZ` set to `zone`, on the real clock (import
  /// and the edit commands take no `--now`).
  static func run(_ box: CLISandbox, _ zone: String, _ arguments: [String]) throws
    -> (Int32, String, String)
  {
    let executable = try #require(ProcessRunTests.executable)
    let environment = ["HOME": box.path + "/home", "TZ": zone, "PAPERSIZE": "letter"]
    return try ProcessRunTests.run(executable, arguments + box.storeFlags, environment: environment)
  }

  /// The ER sheet's text, printed now in `zone`.
  static func erText(_ box: CLISandbox, _ zone: String, patient: String) throws -> String {
    let output = box.file("er-\(UUID().uuidString).pdf")
    let (status, _, stderr) = try run(
      box, zone, ["er", patient, "-o", output, "--templates", PackageRoot.templates])
    #expect(status == 0, "\(stderr)")
    return try PDFText.of(output)
  }

  /// "Dec 2, 2026": the local day in `zone` now, as the English labels write it.
  static func localToday(_ zone: String) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: zone)
    formatter.dateFormat = "MMM d, yyyy"
    return formatter.string(from: Date())
  }

  /// The text says the record is current: as of the local day of the edit (read before and
  /// after printing, in case midnight passed), with no stale band.
  static func expectCurrent(_ text: String, _ zone: String, before: String) {
    let after = localToday(zone)
    #expect(
      text.contains("Information as of " + before) || text.contains("Information as of " + after),
      "\(zone): \(text.prefix(400))")
    #expect(!text.contains("MAY BE OUT OF DATE"), "\(zone)")
  }

  static func imported(_ zone: String, _ file: String) throws -> CLISandbox {
    let box = CLISandbox()
    #expect(try run(box, zone, ["init"]).0 == 0)
    let (status, _, stderr) = try run(
      box, zone, ["import", file, "--templates", PackageRoot.templates])
    #expect(status == 0, "\(stderr)")
    return box
  }

  @Test(
    .enabled(if: ProcessRunTests.executable != nil, "the rua-paper binary is not built"),
    arguments: zones)
  func hl7ExampleIsAsOfItsCompositionDateUntilALocalEdit(zone: String) throws {
    let box = try Self.imported(zone, PackageRoot.file("Tests/Fixtures/fhir/bundle-minimal.json"))
    let patient = "7685713c-e29e-4a75-8a90-45be7ba3be94"
    // Composition.date 2020-12-11T14:30:00+01:00: Dec 11 in Los Angeles and in Tokyo.
    let old = try Self.erText(box, zone, patient: patient)
    #expect(old.contains("Information as of Dec 11, 2020"), "\(zone): \(old.prefix(400))")
    #expect(old.contains("Review by Mar 11, 2021"), "\(zone)")
    #expect(old.contains("MAY BE OUT OF DATE"), "\(zone)")

    // A local edit after the import makes the record current again.
    let today = Self.localToday(zone)
    let (edited, _, stderr) = try Self.run(
      box, zone, ["patient", "set", patient, "--phone", "555-0100"])
    #expect(edited == 0, "\(stderr)")
    Self.expectCurrent(try Self.erText(box, zone, patient: patient), zone, before: today)
  }

  /// A date alone (`"date": "2021-05-03"`) is that day in both zones, not the day before.
  @Test(
    .enabled(if: ProcessRunTests.executable != nil, "the rua-paper binary is not built"),
    arguments: zones)
  func aCompositionDateAloneIsThatDayInEveryZone(zone: String) throws {
    let box = try Self.imported(
      zone, PackageRoot.file("Tests/Fixtures/fhir/bundle-no-info-required-sections.json"))
    let text = try Self.erText(box, zone, patient: "AAA1234")
    #expect(text.contains("Information as of May 3, 2021"), "\(zone): \(text.prefix(400))")
    #expect(text.contains("MAY BE OUT OF DATE"), "\(zone)")
  }

  @Test(
    .enabled(if: ProcessRunTests.executable != nil, "the rua-paper binary is not built"),
    arguments: zones)
  func aCareCircleFileIsAsOfItsExportTimeUntilALocalEdit(zone: String) throws {
    let box = CLISandbox()
    box.write(
      "old.json",
      """
      {"format": "rua-care-circle", "version": 1, "exportedAt": "2017-06-15T12:00:00Z",
       "patients": [{"id": "p-old", "fullName": "Ada Old", "dateOfBirth": "1940-02-03",
         "allergies": [{"substance": "penicillin"}]}]}
      """)
    #expect(try Self.run(box, zone, ["init"]).0 == 0)
    let (status, _, stderr) = try Self.run(
      box, zone, ["import", box.file("old.json"), "--templates", PackageRoot.templates])
    #expect(status == 0, "\(stderr)")
    let old = try Self.erText(box, zone, patient: "p-old")
    #expect(old.contains("Information as of Jun 15, 2017"), "\(zone): \(old.prefix(400))")
    #expect(old.contains("Review by Sep 13, 2017"), "\(zone)")
    #expect(old.contains("MAY BE OUT OF DATE"), "\(zone)")

    // The export keeps the date, so the file it writes is as old as its source.
    let (exported, json, _) = try Self.run(box, zone, ["export", "-o", "-"])
    #expect(exported == 0)
    #expect(json.contains("\"sourceDate\": \"2017-06-15T12:00:00Z\""), "\(json)")

    let today = Self.localToday(zone)
    let (edited, _, editError) = try Self.run(
      box, zone, ["allergy", "add", "p-old", "--substance", "latex"])
    #expect(edited == 0, "\(editError)")
    Self.expectCurrent(try Self.erText(box, zone, patient: "p-old"), zone, before: today)
    let (_, after, _) = try Self.run(box, zone, ["export", "-o", "-"])
    #expect(!after.contains("sourceDate"), "\(after)")
  }
}
