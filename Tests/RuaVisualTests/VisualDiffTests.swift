// SPDX-License-Identifier: Apache-2.0
import RuaTestSupport
import RuaVisual
import Testing

@Suite struct VisualDiffTests {
  func open(_ pdf: MinimalPDF, _ name: String) throws -> PDFDocument {
    try PDFDocument(bytes: pdf.bytes(), name: name)
  }

  @Test func identicalBytesTakeTheFastPath() throws {
    let report = try VisualDiff.compare(
      open(.base, "a.pdf"), open(.base, "b.pdf"), options: DiffOptions())
    #expect(report.identicalBytes)
    #expect(report.pages.isEmpty)
    #expect(report.isSame)
    #expect(
      report.summary(nameA: "a.pdf", nameB: "b.pdf")
        == "a.pdf and b.pdf are the same (identical bytes)\n")
  }

  @Test func sameContentWithAnotherCreationDateIsTheSame() throws {
    var later = MinimalPDF.base
    later.creationDate = "2025-06-30T12:00:00Z"
    let a = try open(.base, "a.pdf")
    let b = try open(later, "b.pdf")
    #expect(a.bytes != b.bytes)
    let report = try VisualDiff.compare(a, b, options: DiffOptions(compareText: true))
    #expect(!report.identicalBytes)
    #expect(report.pages.count == 3)
    #expect(report.isSame)
  }

  @Test func movedBoxIsReportedOnPage2WithItsBoundingBox() throws {
    let dpi = 150.0
    var pictures: [Int] = []
    let report = try VisualDiff.compare(
      open(.base, "a.pdf"), open(.moved, "b.pdf"), options: DiffOptions(dpi: dpi)
    ) { artifacts in
      pictures.append(artifacts.page)
      #expect(artifacts.sideBySide.width == 3 * artifacts.diff.width + 16)
    }
    #expect(!report.isSame)
    #expect(report.differingPages.map(\.page) == [2])
    #expect(pictures == [2])
    let page = try #require(report.differingPages.first)
    #expect(page.reasons == [.pixels])
    // Old box 100…250 pt, new 110…260 pt, both 200…280 pt high: the union changed.
    let box = try #require(page.changedPoints)
    let onePixel = 72 / dpi
    #expect(abs(box.x - 100) <= onePixel)
    #expect(abs(box.y - 200) <= onePixel)
    #expect(abs(box.x + box.width - 260) <= onePixel)
    #expect(abs(box.y + box.height - 280) <= onePixel)
    let summary = report.summary(nameA: "a.pdf", nameB: "b.pdf")
    #expect(summary.contains("page 2: \(page.differingPixels) pixel(s) differ (allowed 0) in x"))
  }

  @Test func maskOverTheChangeMakesTheDocumentsTheSame() throws {
    let mask = try Mask(parsing: "2:95,195,170,90")
    let report = try VisualDiff.compare(
      open(.base, "a.pdf"), open(.moved, "b.pdf"), options: DiffOptions(masks: [mask]))
    #expect(report.isSame)
    #expect(report.pages[1].maskedPixels > 0)
    // The same mask on another page hides nothing.
    let elsewhere = try Mask(parsing: "1:95,195,170,90")
    let unmasked = try VisualDiff.compare(
      open(.base, "a.pdf"), open(.moved, "b.pdf"), options: DiffOptions(masks: [elsewhere]))
    #expect(!unmasked.isSame)
  }

  @Test func aSubPixelNudgeIsAntiAliasingNoiseAndNotCounted() throws {
    var nudged = MinimalPDF.base
    nudged.pages[1].boxes[0].x += 0.02  // a twentieth of a pixel at 150 dpi: only edges change
    let report = try VisualDiff.compare(
      open(.base, "a.pdf"), open(nudged, "b.pdf"), options: DiffOptions())
    #expect(report.isSame)
    let regions = report.pages[1].regions
    #expect(!regions.isEmpty)
    #expect(regions.allSatisfy { $0.kind == .antialiasing && !$0.counts })
    #expect(report.summary(nameA: "a", nameB: "b").contains("anti-aliasing only (not counted)"))
  }

  @Test func toleranceMaxDiffPixelsAndThresholdRatioAcceptAChange() throws {
    let a = try open(.base, "a.pdf")
    let b = try open(.moved, "b.pdf")
    let strict = try VisualDiff.compare(a, b, options: DiffOptions())
    let page = try #require(strict.differingPages.first)
    #expect(page.page == 2)
    let count = page.differingPixels
    #expect(count > 0)
    #expect(try VisualDiff.compare(a, b, options: DiffOptions(maxDiffPixels: count)).isSame)
    #expect(!(try VisualDiff.compare(a, b, options: DiffOptions(maxDiffPixels: count - 1)).isSame))
    let area = Double(1240 * 1755)
    let ratio = Double(count) / area
    #expect(try VisualDiff.compare(a, b, options: DiffOptions(thresholdRatio: ratio * 1.01)).isSame)
    #expect(
      !(try VisualDiff.compare(a, b, options: DiffOptions(thresholdRatio: ratio * 0.99)).isSame))
    #expect(throws: VisualError.self) {
      try VisualDiff.compare(a, b, options: DiffOptions(thresholdRatio: 1.5))
    }
  }

  @Test func textComparisonFindsTheChangedWord() throws {
    let report = try VisualDiff.compare(
      open(.base, "a.pdf"), open(.reworded, "b.pdf"), options: DiffOptions(compareText: true))
    let page = try #require(report.differingPages.first)
    #expect(report.differingPages.count == 1)
    #expect(page.page == 3)
    #expect(page.reasons.contains(.text))
    #expect(page.textChanges.contains(TextChange(.removed, "Keep the hallway lit")))
    #expect(page.textChanges.contains(TextChange(.added, "Keep the stairway lit")))
    #expect(report.summary(nameA: "a.pdf", nameB: "b.pdf").contains("+ Keep the stairway lit"))
  }

  @Test func pageCountMismatchNamesTheExtraPage() throws {
    let report = try VisualDiff.compare(
      open(.base, "a.pdf"), open(.longer, "b.pdf"), options: DiffOptions(dpi: 36))
    #expect(report.pageCountA == 3)
    #expect(report.pageCountB == 4)
    #expect(!report.isSame)
    #expect(report.differingPages.map(\.page) == [4])
    #expect(report.differingPages[0].reasons == [.inserted])
    let summary = report.summary(nameA: "a.pdf", nameB: "b.pdf")
    #expect(summary.contains("page count: 3 in a.pdf, 4 in b.pdf"))
    #expect(summary.contains("page 4 of b.pdf: only in b.pdf (inserted)"))
    #expect(summary.contains("page 4 inserted in b.pdf"))
  }

  @Test func differentPageSizesAreReported() throws {
    var letter = MinimalPDF.base
    letter.width = 612
    letter.height = 792
    let report = try VisualDiff.compare(
      open(.base, "a.pdf"), open(letter, "b.pdf"), options: DiffOptions(dpi: 36))
    #expect(report.differingPages.count == 3)
    #expect(report.differingPages.allSatisfy { $0.reasons.contains(.size) })
  }

  @Test func outOfRangeOptionsAreRefused() throws {
    let a = try open(.base, "a.pdf")
    let b = try open(.moved, "b.pdf")
    for options in [
      DiffOptions(dpi: 0), DiffOptions(tolerance: 256), DiffOptions(maxDiffPixels: -1),
    ] {
      #expect(throws: VisualError.self) { try VisualDiff.compare(a, b, options: options) }
    }
  }
}
