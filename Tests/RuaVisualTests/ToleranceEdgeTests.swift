// SPDX-License-Identifier: Apache-2.0
import RuaVisual
import Testing

/// A second guard on the per-channel tolerance and on page masks: every channel, both
/// directions, exactly at the edge, and through `VisualDiff` as `snapshot check` uses it.
@Suite struct ToleranceEdgeTests {
  let grey = Raster(width: 24, height: 24, filledWith: Raster.rgb(128, 128, 128))

  /// `grey` with an 8×8 block whose one channel is moved by `delta`.
  func block(channel: Int, delta: Int) -> Raster {
    var value = [128, 128, 128]
    value[channel] += delta
    var copy = grey
    for y in 8..<16 {
      for x in 8..<16 {
        copy[x, y] = Raster.rgb(UInt8(value[0]), UInt8(value[1]), UInt8(value[2]))
      }
    }
    return copy
  }

  @Test(arguments: [0, 1, 2], [-20, 20])
  func aChannelOffByExactlyTheToleranceIsTheSame(channel: Int, delta: Int) {
    let moved = block(channel: channel, delta: delta)
    let at = PixelDiff.compare(grey, moved, tolerance: 20, masks: [])
    let under = PixelDiff.compare(grey, moved, tolerance: 19, masks: [])
    #expect(at.differingPixels == 0)
    #expect(under.differingPixels == 64)
    let options = { (tolerance: Int) in DiffOptions(dpi: 72, tolerance: tolerance) }
    // A flat 8×8 change is classed (here as anti-aliasing); what matters is that it is found.
    #expect(VisualDiff.compare(raster: grey, raster: moved, options: options(20)).regions.isEmpty)
    let found = VisualDiff.compare(raster: grey, raster: moved, options: options(19)).regions
    #expect(found.map(\.pixelCount) == [64])
  }

  @Test func aMaskHidesOnlyOnItsOwnPage() throws {
    let moved = block(channel: 1, delta: 100)
    let mask = try Mask(parsing: "2:8,8,8,8")
    #expect(mask.applies(to: 2) && !mask.applies(to: 1) && !mask.applies(to: 3))
    let options = DiffOptions(dpi: 72, masks: [mask])
    let onTwo = VisualDiff.compare(raster: grey, raster: moved, page: 2, options: options)
    #expect(onTwo.regions.isEmpty && onTwo.maskedPixels == 64)
    let onOne = VisualDiff.compare(raster: grey, raster: moved, page: 1, options: options)
    #expect(onOne.maskedPixels == 0 && onOne.regions.map(\.pixelCount) == [64])
    let everyPage = DiffOptions(dpi: 72, masks: [try Mask(parsing: "*:8,8,8,8")])
    let onFive = VisualDiff.compare(raster: grey, raster: moved, page: 5, options: everyPage)
    #expect(onFive.regions.isEmpty && onFive.maskedPixels == 64)
  }
}
