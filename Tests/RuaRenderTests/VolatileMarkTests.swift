// SPDX-License-Identifier: Apache-2.0
import RuaCore
import RuaDocuments
import RuaRender
import RuaVisual
import Testing

/// The per-print values are marked where they are drawn, and `diff` masks them by that mark:
/// real ER sheets rendered at two print times, no coordinates given anywhere.
@Suite struct VolatileMarkTests {
  /// The sample sheet printed at `printedAt`, reviewed by the print date plus `staleAfterDays`.
  func sheet(printedAt: String, staleAfterDays: Int = 90) throws -> PDFDocument {
    let template = try RenderFixture.template()
    let patient = SamplePatients.typical
    let table = SamplePatients.drugClasses
    let labels = try RenderFixture.labels()
    let document = ERSheet.build(
      patient: patient,
      facts: ERFacts.derive(patient: patient, table: table, today: SamplePatients.today),
      today: SamplePatients.today, informationAsOf: nil, printedAt: printedAt, labels: labels,
      template: template, contentVersion: String(table.contentVersion),
      pendingReview: !table.isReviewed,
      freshness: Freshness(
        asOf: nil, today: SamplePatients.today, staleAfterDays: staleAfterDays))
    let pdf = try PDFRenderer(fontsConf: RenderFixture.fontsConf).render(
      document, template: template, now: RenderFixture.now, creator: "rua-paper test")
    return try PDFDocument(bytes: pdf.bytes, name: printedAt)
  }

  @Test func thePrintedTimeIsMarkedWhereItIsDrawn() throws {
    let pdf = try sheet(printedAt: "2026-11-29 12:00 UTC")
    let marks = VolatileMarks(pdf.bytes)
    let fields = try #require(marks.pages[1])
    #expect(fields.map(\.name) == ["printed-time"])
    // Every page's footer carries it, and nothing else is marked.
    #expect(marks.pages.keys.sorted() == Array(1...pdf.pageCount))
    #expect(marks.count == pdf.pageCount)
    // The box holds the time and nothing beside it, by poppler's own text layout.
    let text = try pdf.pageText(page: 1)
    #expect(text.words(in: fields[0].rect) == "2026-11-29 12:00 UTC")
    #expect(text.words(in: marks.masks(page: 1)[0]) == "2026-11-29 12:00 UTC")
  }

  @Test func twoPrintTimesAreTheSameByTheMarksAndDifferWithoutThem() throws {
    let noon = try sheet(printedAt: "2026-11-29 12:00 UTC")
    let evening = try sheet(printedAt: "2026-11-29 17:45 UTC")
    #expect(noon.bytes != evening.bytes)
    let report = try VisualDiff.compare(noon, evening, options: DiffOptions())
    #expect(report.isSame, "\(report.summary(nameA: "noon", nameB: "evening"))")
    #expect(report.volatileFields == 2 * noon.pageCount)
    #expect(report.pages.allSatisfy { $0.regions.isEmpty && $0.maskedPixels > 0 })

    // --text leaves the marked values out too.
    let withText = try VisualDiff.compare(noon, evening, options: DiffOptions(compareText: true))
    #expect(withText.isSame, "\(withText.summary(nameA: "noon", nameB: "evening"))")
    let textCompared = try VisualDiff.compare(
      noon, evening, options: DiffOptions(compareText: true, maskVolatile: false))
    #expect(textCompared.pages.allSatisfy { $0.reasons.contains(.text) })

    let compared = try VisualDiff.compare(
      noon, evening, options: DiffOptions(maskVolatile: false))
    #expect(!compared.isSame)
    for page in compared.pages {
      let regions = page.regions.filter(\.counts)
      #expect(regions.count == 1)
      #expect(regions.first?.textA == "12:00" && regions.first?.textB == "17:45")
    }
  }

  @Test func anEditBesideThePrintedTimeIsStillFound() throws {
    // The review-by date follows the time on the same footer line, in the same marked group.
    let noon = try sheet(printedAt: "2026-11-29 12:00 UTC")
    let edited = try sheet(printedAt: "2026-11-29 17:45 UTC", staleAfterDays: 91)
    let report = try VisualDiff.compare(noon, edited, options: DiffOptions())
    #expect(!report.isSame)
    let marks = VolatileMarks(noon.bytes)
    for page in report.pages {
      let regions = page.regions.filter(\.counts)
      #expect(
        regions.count == 1, "\(regions.map { $0.kindSummary + " " + ($0.textSummary ?? "") })")
      let region = try #require(regions.first)
      #expect(region.textA == "27," && region.textB == "28,", "\(region.kindSummary)")
      let time = try #require(marks.pages[page.pageA ?? 0]?.first?.rect)
      #expect(!region.points.intersects(time))
    }
  }
}
