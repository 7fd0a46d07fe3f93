/// Tells a moved region from an edited one.
///
/// The displacement is the difference of the ink centroids of A and B in a box around the
/// region (sub-pixel exact for a pure shift); it is accepted only when A resampled at that
/// displacement (bilinear) matches B everywhere in the box, so an edit, which changes the
/// shapes, never passes as a move.
enum ShiftCheck {
  /// Darkness difference allowed between resampled A and B (rounding of anti-aliased edges).
  static let resampleTolerance = 64
  /// Below this (pixels) a matching region has not moved: its differences are rendering noise.
  static let stillLimit = 0.1

  /// The displacement A → B in pixels of the content around `box`, when the content matches
  /// after moving it by at most `search` pixels; nil for an edit.
  static func displacement(_ a: Raster, _ b: Raster, around box: PixelRect, search: Int)
    -> (dx: Double, dy: Double)?
  {
    let margin = search + 2
    let width = min(a.width, b.width)
    let height = min(a.height, b.height)
    let x0 = max(0, box.x - margin)
    let y0 = max(0, box.y - margin)
    let x1 = min(width, box.x + box.width + margin)
    let y1 = min(height, box.y + box.height + margin)
    guard x1 > x0, y1 > y0 else { return nil }
    var (inkA, sumAX, sumAY) = (0.0, 0.0, 0.0)
    var (inkB, sumBX, sumBY) = (0.0, 0.0, 0.0)
    for y in y0..<y1 {
      for x in x0..<x1 {
        let da = Double(darkness(a[x, y]))
        let db = Double(darkness(b[x, y]))
        inkA += da
        sumAX += da * Double(x)
        sumAY += da * Double(y)
        inkB += db
        sumBX += db * Double(x)
        sumBY += db * Double(y)
      }
    }
    // Content added or removed changes the amount of ink; a move keeps it.
    guard inkA > 0, inkB > 0, abs(inkA - inkB) <= 0.05 * max(inkA, inkB) else { return nil }
    let dx = sumBX / inkB - sumAX / inkA
    let dy = sumBY / inkB - sumAY / inkA
    let limit = Double(search) + 0.5
    guard abs(dx) <= limit, abs(dy) <= limit else { return nil }
    for y in max(0, box.y - 1)..<min(height, box.y + box.height + 1) {
      for x in max(0, box.x - 1)..<min(width, box.x + box.width + 1) {
        let moved = sample(a, Double(x) - dx, Double(y) - dy)
        if abs(moved - Double(darkness(b[x, y]))) > Double(resampleTolerance) { return nil }
      }
    }
    return (dx, dy)
  }

  /// Bilinear darkness of `raster` at a fractional position (white outside).
  static func sample(_ raster: Raster, _ x: Double, _ y: Double) -> Double {
    let left = Int(x.rounded(.down))
    let top = Int(y.rounded(.down))
    let fx = x - Double(left)
    let fy = y - Double(top)
    func at(_ px: Int, _ py: Int) -> Double {
      guard px >= 0, py >= 0, px < raster.width, py < raster.height else { return 0 }
      return Double(darkness(raster[px, py]))
    }
    let upper = at(left, top) * (1 - fx) + at(left + 1, top) * fx
    let lower = at(left, top + 1) * (1 - fx) + at(left + 1, top + 1) * fx
    return upper * (1 - fy) + lower * fy
  }

  /// 255 minus the luma of a premultiplied pixel shown over white: 0 white, 255 black.
  @inline(__always)
  static func darkness(_ pixel: UInt32) -> Int {
    let background = 255 - Int(pixel >> 24)
    let r = Int(pixel >> 16 & 0xFF) + background
    let g = Int(pixel >> 8 & 0xFF) + background
    let b = Int(pixel & 0xFF) + background
    return 255 - min(255, (r * 299 + g * 587 + b * 114) / 1000)
  }
}
