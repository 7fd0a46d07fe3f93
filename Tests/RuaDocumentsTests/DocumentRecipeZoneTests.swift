// SPDX-License-Identifier: Apache-2.0
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

  /// Kiritimati is UTC+14: a change at noon UTC on 1 December is 2 December there. The header's
  /// "as of" and the footer's review-by (as of + 90 days) must count from the same local day;
  /// the review-by was counted from the UTC day (Mar 1) while the header said Dec 2.
  @Test func reviewByCountsFromTheLocalDayOfTheLastChange() throws {
    let changed = try #require(Instant(rfc3339: "2026-12-01T12:00:00Z"))
    let now = try #require(Instant(rfc3339: "2026-12-01T13:00:00Z"))
    let kiritimati: (Instant) -> Int = { _ in 14 * 3600 }
    let today = now.date(offsetSeconds: 14 * 3600)
    let patient = Patient(id: "p-1", fullName: "Ann Example", dateOfBirth: day(1940, 1, 1))
    for kind in [DocumentKind.er, .meds] {
      let document = try DocumentRecipe.describe(
        kind, patient: patient, today: today, now: now, informationAsOf: changed,
        inputs: try inputs(), offsetSeconds: kiritimati
      ).document
      #expect(document.firstPageHeader.plainText.contains("Dec 2, 2026"), "\(kind)")
      // The footer keeps a date on one line with no-break spaces; read them as spaces.
      let footer = String(
        String.UnicodeScalarView(
          document.footerLeft.plainText.unicodeScalars.map { $0.properties.isWhitespace ? " " : $0 }
        ))
      #expect(footer.contains("Review by Mar 2, 2027"), "\(kind)")
      #expect(!footer.contains("Mar 1, 2027"), "\(kind)")
    }
  }

  /// A binder's access-log row carries the versions its pages carry: a binder of fall guides
  /// says what one fall guide says.
  @Test func aBinderCarriesTheContentVersionsOfItsPages() throws {
    let guide = "falls 1.0.0 · drug classes 1.2.0"
    let sheet = "drug classes 1.2.0"
    #expect(BinderRecipe.contentVersion(of: [guide, guide]) == guide)
    #expect(BinderRecipe.contentVersion(of: [sheet, sheet]) == sheet)
    #expect(BinderRecipe.contentVersion(of: [sheet, sheet, guide]) == guide)
    #expect(
      BinderRecipe.contentVersion(of: [guide, "falls 1.1.0 · drug classes 1.2.0"])
        == "falls 1.0.0 · falls 1.1.0 · drug classes 1.2.0")
  }
}
