// SPDX-License-Identifier: Apache-2.0
internal import Glibc

/// What a pixel comparison found on one page.
public struct PixelComparison: Sendable, Equatable {
  /// The compared canvas: the larger width and height of the two rasters.
  public let width: Int
  public let height: Int
  /// Pixels over the tolerance outside every mask (a pixel present in one raster only counts).
  public let differingPixels: Int
  /// Pixels over the tolerance that masks hid.
  public let maskedPixels: Int
  /// The smallest rectangle holding every counted differing pixel, or nil when there is none.
  public let changedRegion: PixelRect?
  /// Per pixel, row by row: 0 same, 1 differing, 2 differing but masked. Only when asked for.
  public let classes: [UInt8]?
  /// The masks that applied, in pixels.
  public let masks: [PixelRect]
}

/// Pixel-by-pixel comparison of two rasters; pure Swift over the buffers.
public enum PixelDiff {
  /// Compares `a` with `b`. `masks` are pixel rectangles to ignore; `tolerance` is per channel.
  public static func compare(
    _ a: Raster, _ b: Raster, tolerance: Int, masks: [PixelRect], keepClasses: Bool = false
  ) -> PixelComparison {
    let width = max(a.width, b.width)
    let height = max(a.height, b.height)
    let masked = maskBitmap(masks, width: width, height: height)
    var classes: [UInt8]? = keepClasses ? [UInt8](repeating: 0, count: width * height) : nil
    var differing = 0
    var hidden = 0
    var left = Int.max
    var top = Int.max
    var right = -1
    var bottom = -1
    let limit = UInt32(max(0, min(255, tolerance)))
    a.pixels.withUnsafeBufferPointer { pa in
      b.pixels.withUnsafeBufferPointer { pb in
        for y in 0..<height {
          // Rows present in both and byte-identical cannot hold a difference.
          if a.width == b.width, y < a.height, y < b.height,
            memoryEqual(pa, pb, from: y * a.width, count: a.width)
          {
            continue
          }
          for x in 0..<width {
            let inA = x < a.width && y < a.height
            let inB = x < b.width && y < b.height
            if inA && inB {
              let wordA = pa[y * a.width + x]
              let wordB = pb[y * b.width + x]
              if wordA == wordB || withinTolerance(wordA, wordB, limit) { continue }
            }
            let index = y * width + x
            if let masked, masked[index] {
              hidden += 1
              classes?[index] = 2
              continue
            }
            differing += 1
            classes?[index] = 1
            left = min(left, x)
            right = max(right, x)
            top = min(top, y)
            bottom = max(bottom, y)
          }
        }
      }
    }
    let region =
      differing == 0
      ? nil : PixelRect(x: left, y: top, width: right - left + 1, height: bottom - top + 1)
    return PixelComparison(
      width: width, height: height, differingPixels: differing, maskedPixels: hidden,
      changedRegion: region, classes: classes, masks: masks)
  }

  @inline(__always)
  static func memoryEqual(
    _ a: UnsafeBufferPointer<UInt32>, _ b: UnsafeBufferPointer<UInt32>, from start: Int, count: Int
  ) -> Bool {
    guard let baseA = a.baseAddress, let baseB = b.baseAddress else { return count == 0 }
    return memcmp(baseA + start, baseB + start, count * 4) == 0
  }

  /// True when every channel differs by at most `limit`.
  @inline(__always)
  static func withinTolerance(_ a: UInt32, _ b: UInt32, _ limit: UInt32) -> Bool {
    if limit == 0 { return false }
    var shift: UInt32 = 0
    while shift < 32 {
      let x = a >> shift & 0xFF
      let y = b >> shift & 0xFF
      if (x > y ? x - y : y - x) > limit { return false }
      shift += 8
    }
    return true
  }

  private static func maskBitmap(_ masks: [PixelRect], width: Int, height: Int) -> [Bool]? {
    guard !masks.isEmpty else { return nil }
    var bitmap = [Bool](repeating: false, count: width * height)
    for mask in masks {
      let x0 = max(0, mask.x)
      let y0 = max(0, mask.y)
      let x1 = min(width, mask.x + mask.width)
      let y1 = min(height, mask.y + mask.height)
      guard x1 > x0, y1 > y0 else { continue }
      for y in y0..<y1 {
        for x in x0..<x1 { bitmap[y * width + x] = true }
      }
    }
    return bitmap
  }
}
