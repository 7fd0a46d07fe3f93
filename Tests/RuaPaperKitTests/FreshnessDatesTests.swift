// SPDX-License-Identifier: Apache-2.0
import Foundation
import RuaCore
import RuaDocuments
import RuaPaperKit
import RuaRender
import RuaStore
import RuaTestSupport
import RuaVisual
import Testing

/// Every date a document prints about its own freshness — "information as of", the review-by
/// date and the stale band — comes from the record's last change in the store, never from the
/// print time ("list as of" is the print day the run-outs count from). Checked against dates computed here from the change time the
/// test itself chose, for a fresh record and for one older than the template's threshold.
@Suite struct FreshnessDatesTests {
  /// "Dec 2, 2026", as the English labels write a date.
  static func written(_ date: CivilDate) -> String {
    let months = [
      "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ]
    return "\(months[date.month - 1]) \(date.day), \(date.year)"
  }

  /// The page text with its no-break spaces read as spaces and its lines joined.
  static func text(_ made: MadeDocument) throws -> String {
    let document = try PDFDocument(bytes: made.pdf.bytes, name: "document")
    var text = ""
    for page in 1...document.pageCount { text += try document.text(page: page) + " " }
    return String(
      String.UnicodeScalarView(text.unicodeScalars.map { $0.properties.isWhitespace ? " " : $0 }))
  }

  @Test(arguments: [10, 200])
  func theDatesCountFromTheLastChange(daysBefore: Int) throws {
    let fixture = try KitFixture(changedSecondsBefore: Int64(daysBefore) * 86_400)
    let session = try fixture.session()
    let changed = Instant(
      secondsSinceEpoch: fixture.now.secondsSinceEpoch - Int64(daysBefore) * 86_400)
    // Computed here, independently of the recipe: the change's UTC day (the fixture's host
    // is UTC), the review-by 90 days later (the shipped templates' threshold), stale past it.
    let asOf = changed.utcDate
    let reviewBy = asOf.adding(days: 90)
    let stale = asOf.days(until: fixture.now.utcDate) > 90
    for kind in [DocumentKind.er, .meds] {
      let made = try session.make(
        DocumentRequest(
          kind: kind, patient: "p-agnes-01", settings: try fixture.settings(language: "en"),
          anchorsFooter: false))
      let text = try Self.text(made)
      // Both headers say when the information was true, not when it was printed.
      #expect(text.contains("Information as of " + Self.written(asOf)), "\(kind) \(daysBefore)")
      if kind == .meds {
        // The strip's "List as of" is the day its run-outs are counted from: the print day.
        #expect(text.contains(Self.written(fixture.now.utcDate)), "\(daysBefore)")
        #expect(!text.contains("List as of " + Self.written(fixture.now.utcDate)))
      }
      #expect(text.contains("Review by " + Self.written(reviewBy)), "\(kind) \(daysBefore)")
      #expect(text.contains("MAY BE OUT OF DATE") == stale, "\(kind) \(daysBefore)")
      if stale {
        #expect(text.contains("\(daysBefore) days before this printing"), "\(kind)")
      }
      // Never the print day in their place.
      #expect(!text.contains("Review by " + Self.written(fixture.now.utcDate.adding(days: 90))))
    }
  }
}
