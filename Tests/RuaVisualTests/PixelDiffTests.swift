// SPDX-License-Identifier: Apache-2.0
import RuaVisual
import Testing

@Suite struct PixelDiffTests {
  let white = Raster(width: 40, height: 30, filledWith: Raster.white)

  func with(_ raster: Raster, _ pixel: UInt32, at points: [(Int, Int)]) -> Raster {
    var copy = raster
    for (x, y) in points { copy[x, y] = pixel }
    return copy
  }

  @Test func equalRastersHaveNoDifference() {
    let result = PixelDiff.compare(white, white, tolerance: 0, masks: [])
    #expect(result.differingPixels == 0)
    #expect(result.changedRegion == nil)
  }

  @Test func countsPixelsAndBoundsTheChange() {
    let black = Raster.rgb(0, 0, 0)
    let changed = with(white, black, at: [(3, 4), (10, 20), (5, 6)])
    let result = PixelDiff.compare(white, changed, tolerance: 0, masks: [])
    #expect(result.differingPixels == 3)
    #expect(result.changedRegion == PixelRect(x: 3, y: 4, width: 8, height: 17))
  }

  @Test func toleranceIsPerChannel() {
    let nearWhite = with(white, Raster.rgb(255, 240, 255), at: [(1, 1)])
    #expect(PixelDiff.compare(white, nearWhite, tolerance: 15, masks: []).differingPixels == 0)
    #expect(PixelDiff.compare(white, nearWhite, tolerance: 14, masks: []).differingPixels == 1)
  }

  @Test func masksHidePixelsAndAreCounted() {
    let changed = with(white, Raster.rgb(0, 0, 0), at: [(2, 2), (30, 25)])
    let result = PixelDiff.compare(
      white, changed, tolerance: 0, masks: [PixelRect(x: 0, y: 0, width: 5, height: 5)])
    #expect(result.differingPixels == 1)
    #expect(result.maskedPixels == 1)
    #expect(result.changedRegion == PixelRect(x: 30, y: 25, width: 1, height: 1))
  }

  @Test func pixelsOutsideTheSmallerRasterDiffer() {
    let wider = Raster(width: 42, height: 30, filledWith: Raster.white)
    let result = PixelDiff.compare(white, wider, tolerance: 255, masks: [])
    #expect(result.width == 42)
    #expect(result.differingPixels == 60)
    #expect(result.changedRegion == PixelRect(x: 40, y: 0, width: 2, height: 30))
  }

  @Test func rasterComparisonAppliesMaxDiffPixelsAndPointMasks() {
    let changed = with(white, Raster.rgb(0, 0, 0), at: [(10, 10), (11, 10)])
    let strict = VisualDiff.compare(raster: white, raster: changed)
    #expect(strict.reasons == [.pixels])
    #expect(strict.differingPixels == 2)
    let lenient = VisualDiff.compare(
      raster: white, raster: changed, options: DiffOptions(maxDiffPixels: 2))
    #expect(!lenient.isDifferent)
    // At 72 dpi one point is one pixel.
    let masked = VisualDiff.compare(
      raster: white, raster: changed, page: 3,
      options: DiffOptions(
        dpi: 72, masks: [Mask(page: 3, rect: PointRect(x: 9, y: 9, width: 4, height: 4))]))
    #expect(!masked.isDifferent)
    #expect(masked.maskedPixels == 2)
  }

  @Test func diffImageMarksChangesInRedAndSideBySideHoldsThreePanels() {
    let changed = with(white, Raster.rgb(0, 0, 0), at: [(10, 10)])
    let comparison = PixelDiff.compare(white, changed, tolerance: 0, masks: [], keepClasses: true)
    let diff = DiffImages.highlight(reference: white, comparison: comparison)
    #expect(Raster.channels(diff[10, 10]).r > 200 && Raster.channels(diff[10, 10]).g < 50)
    #expect(diff[0, 0] == Raster.white)
    let masked = PixelDiff.compare(
      white, changed, tolerance: 0, masks: [PixelRect(x: 0, y: 0, width: 4, height: 4)],
      keepClasses: true)
    let tinted = DiffImages.highlight(reference: white, comparison: masked)
    #expect(Raster.channels(tinted[1, 1]).b > Raster.channels(tinted[1, 1]).r)
    #expect(tinted[20, 20] == Raster.white)
    let sideBySide = DiffImages.sideBySide(white, changed, diff)
    #expect(sideBySide.width == 3 * 40 + 2 * 8)
    #expect(sideBySide[40 + 8 + 10, 10] == Raster.rgb(0, 0, 0))
  }

  @Test func textDiffListsRemovedThenAddedLines() {
    let changes = TextDiff.lines(
      "Fall guide\nKeep the hallway lit\nEnd", "Fall guide\nKeep the stairway lit\nEnd")
    #expect(
      changes == [
        TextChange(.removed, "Keep the hallway lit"), TextChange(.added, "Keep the stairway lit"),
      ])
    #expect(TextDiff.lines("same", "same").isEmpty)
    #expect(TextDiff.lines("a", "a\nb") == [TextChange(.added, "b")])
  }
}
