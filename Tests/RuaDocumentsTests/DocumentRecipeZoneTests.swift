import RuaCore
import RuaDocuments
import Testing

/// The recipe takes "information as of" and the printed time in the zone it is given, and the
/// printed time carries the offset: an ER sheet and a medication list made at the same moment
/// agree on the date.
@Suite struct DocumentRecipeZoneTests {
  func inputs() throws -> DocumentInputs {
    DocumentInputs(
      labels: try BuiltDocument.labels(), drugClasses: try BuiltDocument.drugClasses(),
      templates: [
        .er: try BuiltDocument.template("er-sheet.json"),
        .meds: try BuiltDocument.template("medication-list.json"),
      ], fallContent: nil)
  }

  @Test func losAngelesEveningIsTheLocalDateEverywhere() throws {
    // 04:30 UTC on 30 November: 20:30 on 29 November in Los Angeles.
    let now = try #require(Instant(rfc3339: "2026-11-30T04:30:00Z"))
    let changed = try #require(Instant(rfc3339: "2026-11-30T04:00:00Z"))
    let patient = Patient(
      id: "p-1", fullName: "Ann Example", dateOfBirth: day(1940, 1, 1))
    let losAngeles: (Instant) -> Int = { _ in -8 * 3600 }
    let today = now.date(offsetSeconds: -8 * 3600)
    let er = try DocumentRecipe.describe(
      .er, patient: patient, today: today, now: now, informationAsOf: changed,
      inputs: try inputs(), offsetSeconds: losAngeles)
    let meds = try DocumentRecipe.describe(
      .meds, patient: patient, today: today, now: now, informationAsOf: changed,
      inputs: try inputs(), offsetSeconds: losAngeles)
    #expect(er.document.footerLeft.plainText.contains("2026-11-29 20:30 -08:00"))
    #expect(meds.document.footerLeft.plainText == er.document.footerLeft.plainText)
    #expect(er.document.firstPageHeader.plainText.contains("Nov 29, 2026"))
    #expect(meds.document.firstPageHeader.plainText.contains("Nov 29, 2026"))
    // Without a zone the recipe is UTC, as golden snapshots need.
    let utc = try DocumentRecipe.describe(
      .er, patient: patient, today: now.utcDate, now: now, informationAsOf: changed,
      inputs: try inputs())
    #expect(utc.document.footerLeft.plainText.contains("2026-11-30 04:30 UTC"))
    #expect(utc.document.firstPageHeader.plainText.contains("Nov 30, 2026"))
  }
}
