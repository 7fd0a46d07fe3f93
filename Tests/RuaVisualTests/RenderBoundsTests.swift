// SPDX-License-Identifier: Apache-2.0
import RuaTestSupport
import Testing

@testable import RuaVisual

@Suite("A hostile page size is refused before a pixel is drawn")
struct RenderBoundsTests {
  @Test func theLargestPDFPageIsRefusedWithTheDPIThatFits() throws {
    var huge = MinimalPDF.base
    (huge.width, huge.height) = (14_400, 14_400)
    let document = try PDFDocument(bytes: huge.bytes(), name: "huge.pdf")
    let error = #expect(throws: VisualError.self) { try document.render(page: 1, dpi: 150) }
    #expect(error?.kind == .invalidArgument)
    #expect(
      error?.message
        == "page 1 of huge.pdf would be 30000 × 30000 pixels at 150 dpi (14400 × 14400 pt), more "
        + "than the 100,000,000 pixels rua-paper renders of one page; use --dpi 50 or lower")
    let fits = try document.render(page: 1, dpi: 50)
    #expect(fits.width * fits.height <= RenderBounds.pixelsPerPage)
    #expect(throws: VisualError.self) { try document.render(page: 1, dpi: 51) }
  }

  @Test func aPageOverTheSideLimitSaysSoAndTheDPIThatFits() {
    let banner = PageSize(width: 2000, height: 100)
    let error = #expect(throws: VisualError.self) {
      try RenderBounds.check(banner, dpi: 1200, name: "banner.pdf", page: 1)
    }
    #expect(
      error?.message
        == "page 1 of banner.pdf would be 33334 × 1667 pixels at 1200 dpi, more than the 32767 "
        + "cairo allows per side; use --dpi 1179 or lower")
    #expect(RenderBounds.highestDPI(for: banner) == 1179)
  }

  @Test(arguments: [(595.0, 842.0, 1017), (842.0, 1191.0, 718), (14_400.0, 14_400.0, 50)])
  func theHighestDPIFitsAndOneMoreDoesNot(width: Double, height: Double, dpi: Int) throws {
    let size = PageSize(width: width, height: height)
    #expect(RenderBounds.highestDPI(for: size) == dpi)
    try RenderBounds.check(size, dpi: Double(dpi), name: "a.pdf", page: 1)
    #expect(throws: VisualError.self) {
      try RenderBounds.check(size, dpi: Double(dpi + 1), name: "a.pdf", page: 1)
    }
  }

  @Test func aRunOfTooManyPixelsInAllIsRefused() throws {
    let a4 = PageSize(width: 595, height: 842)
    try RenderBounds.checkTotal(Array(repeating: a4, count: 400), dpi: 300)
    let error = #expect(throws: VisualError.self) {
      try RenderBounds.checkTotal(Array(repeating: a4, count: 500), dpi: 300)
    }
    #expect(
      error?.message
        == "the 500 pages would be more than 4,000,000,000 pixels in all at 300 dpi; use a lower "
        + "--dpi or --pages to render fewer")
  }

  @Test func thePageWatchSeesEveryPieceOfPageWork() throws {
    let document = try PDFDocument(bytes: MinimalPDF.base.bytes(), name: "base.pdf")
    final class Seen: @unchecked Sendable { var started: [Int] = []; var ended = 0 }
    let seen = Seen()
    document.pageWatch = { page in
      seen.started.append(page)
      return { seen.ended += 1 }
    }
    _ = try document.render(page: 2, dpi: 10)
    _ = try document.text(page: 3)
    #expect(seen.started.contains(2) && seen.started.contains(3))
    #expect(seen.ended == seen.started.count)
  }
}
