// SPDX-License-Identifier: Apache-2.0
import RuaVisual
import Testing

@Suite struct PixelGridTests {
  @Test(arguments: [
    // A4 as pdfinfo shows it, like pdftoppm: ceil, not round (1754) or truncate (1239 × 1754).
    (595.0, 842.0, 150.0, 1240, 1755),
    // Letter: exact products must not gain a pixel from floating-point noise.
    (612.0, 792.0, 150.0, 1275, 1650),
    (612.0, 792.0, 72.0, 612, 792),
    // A4 as pango defines it.
    (595.276, 841.89, 150.0, 1241, 1754),
    (595.276, 841.89, 300.0, 2481, 3508),
  ])
  func pageSizesRoundUp(
    width: Double, height: Double, dpi: Double, pixelsWide: Int, pixelsHigh: Int
  ) {
    let size = PixelGrid(dpi: dpi).pixelSize(of: PageSize(width: width, height: height))
    #expect(size.width == pixelsWide)
    #expect(size.height == pixelsHigh)
  }

  @Test func rectanglesCoverEveryPixelTheyTouch() throws {
    let grid = PixelGrid(dpi: 150)
    // 10 pt = 20.83 px: from pixel 20 (floor) to 42 (ceil of 41.67) exclusive.
    let rect = try #require(
      grid.pixelRect(
        PointRect(x: 10, y: 10, width: 10, height: 10), clipWidth: 1000, clipHeight: 1000))
    #expect(rect == PixelRect(x: 20, y: 20, width: 22, height: 22))
    #expect(
      grid.pixelRect(
        PointRect(x: 900, y: 0, width: 10, height: 10), clipWidth: 100, clipHeight: 100)
        == nil)
    #expect(
      grid.pointRect(PixelRect(x: 150, y: 300, width: 75, height: 15))
        == PointRect(x: 72, y: 144, width: 36, height: 7.2))
  }

  @Test func masksParseFromPageAndPoints() throws {
    let mask = try Mask(parsing: "2:36,700.5,200,40")
    #expect(mask.page == 2)
    #expect(mask.rect == PointRect(x: 36, y: 700.5, width: 200, height: 40))
    #expect(mask.description == "2:36,700.5,200,40")
    let everyPage = try Mask(parsing: "*:0,0,10,10")
    #expect(everyPage.page == nil)
    #expect(everyPage.applies(to: 7))
    #expect(!mask.applies(to: 1))
  }

  @Test(arguments: [
    "2", "2:1,2,3", "0:1,2,3,4", "x:1,2,3,4", "1:1,2,0,4", "1:-1,2,3,4", "1:a,b,c,d", "1:1,2,3,4,5",
  ])
  func badMasksAreRefusedWithTheText(text: String) {
    #expect {
      try Mask(parsing: text)
    } throws: { error in
      guard let error = error as? VisualError else { return false }
      return error.kind == .invalidArgument && error.message.contains("'\(text)'")
    }
  }
}
