// SPDX-License-Identifier: Apache-2.0
/// The second test for a move, for text whose glyphs touch in one rendering and not in the
/// other (so objects do not pair up): nine in ten clearly differing pixels's 3 × 3 neighbourhood must appear
/// in the other image displaced by at most the search distance (whole or half pixels), in
/// both directions. Used only when the words under the region are the same in A and B and the
/// amount of ink is the same, so an edit to the text can never pass as a move.
enum WindowShift {
  /// Wider than the object test's: a glyph drawn at another quarter-pixel phase changes shape
  /// slightly, not only place.
  static let tolerance = 96

  /// Displacements tried, shortest first: half pixels within one pixel, then whole pixels.
  static func candidates(search: Int) -> [(Double, Double)] {
    var list: [(Double, Double)] = []
    for y in stride(from: -1.0, through: 1.0, by: 0.5) {
      for x in stride(from: -1.0, through: 1.0, by: 0.5) { list.append((x, y)) }
    }
    for y in -search...search {
      for x in -search...search where abs(x) > 1 || abs(y) > 1 {
        list.append((Double(x), Double(y)))
      }
    }
    return list.sorted { $0.0 * $0.0 + $0.1 * $0.1 < $1.0 * $1.0 + $1.1 * $1.1 }
  }

  /// The mean and the longest displacement explaining the clearly differing pixels (class 1,
  /// darkness differing by more than the tolerance) of `box`, or nil when more than a tenth
  /// are not explained or the ink differs.
  static func explain(
    _ a: Raster, _ b: Raster, box: PixelRect, classes: [UInt8], width: Int, search: Int
  ) -> ShiftCheck.Verdict? {
    // A wide window, so a long rule or dash cut by its edge barely changes the sum.
    guard sameInk(a, b, box, margin: 4 * search + 8) else { return nil }
    let list = candidates(search: search)
    // The clearly differing pixels first, so the search stops as soon as too many are left
    // unexplained (a reflowed page has thousands of regions, none of them moved).
    var clearly = 0
    for y in box.y..<box.y + box.height {
      for x in box.x..<box.x + box.width where classes[y * width + x] == 1 {
        if abs(ShiftCheck.darkness(a[x, y]) - ShiftCheck.darkness(b[x, y])) > tolerance {
          clearly += 1
        }
      }
    }
    var lengths: [Double] = []
    var sumX = 0.0
    var sumY = 0.0
    var explained = 0
    var unexplained = 0
    for y in box.y..<box.y + box.height {
      for x in box.x..<box.x + box.width where classes[y * width + x] == 1 {
        // A faint difference (an anti-aliased edge) needs no explaining.
        if abs(ShiftCheck.darkness(a[x, y]) - ShiftCheck.darkness(b[x, y])) <= tolerance {
          continue
        }
        guard let forward = list.first(where: { matches(a, b, x, y, $0) }),
          list.contains(where: { matches(b, a, x, y, $0) })
        else {
          unexplained += 1
          if unexplained * 10 > clearly, unexplained > 2 { return nil }
          continue
        }
        lengths.append((forward.0 * forward.0 + forward.1 * forward.1).squareRoot())
        sumX += forward.0
        sumY += forward.1
        explained += 1
      }
    }
    // Where two glyphs moved by different amounts their neighbourhoods overlap and a few
    // pixels explain neither way; the words and the ink already show nothing was edited.
    guard unexplained * 10 <= explained + unexplained || unexplained <= 2 else { return nil }
    // The move is what nine in ten pixels show; a few match farther away by chance.
    lengths.sort()
    let largest = lengths.isEmpty ? 0 : lengths[(lengths.count - 1) * 9 / 10]
    guard explained > 0, largest >= ShiftCheck.stillLimit else { return .still }
    return .moved(dx: sumX / Double(explained), dy: sumY / Double(explained), largest: largest)
  }

  /// `from`'s 3 × 3 neighbourhood of (x, y) equals `to`'s at (x, y) + d within the tolerance.
  private static func matches(
    _ from: Raster, _ to: Raster, _ x: Int, _ y: Int, _ d: (Double, Double)
  ) -> Bool {
    for ny in y - 1...y + 1 {
      for nx in x - 1...x + 1 {
        guard nx >= 0, ny >= 0, nx < from.width, ny < from.height else { continue }
        let source = Double(ShiftCheck.darkness(from[nx, ny]))
        let target = ShiftCheck.sample(to, Double(nx) + d.0, Double(ny) + d.1)
        if abs(source - target) > Double(tolerance) { return false }
      }
    }
    return true
  }

  private static func sameInk(_ a: Raster, _ b: Raster, _ box: PixelRect, margin: Int) -> Bool {
    var inkA = 0
    var inkB = 0
    for y in max(0, box.y - margin)..<min(min(a.height, b.height), box.y + box.height + margin) {
      for x in max(0, box.x - margin)..<min(min(a.width, b.width), box.x + box.width + margin) {
        inkA += ShiftCheck.darkness(a[x, y])
        inkB += ShiftCheck.darkness(b[x, y])
      }
    }
    return abs(inkA - inkB) * 20 <= max(inkA, inkB)
  }
}

extension ShiftCheck {
  /// Bilinear darkness of `raster` at a fractional position (white outside).
  static func sample(_ raster: Raster, _ x: Double, _ y: Double) -> Double {
    bilinear(x, y) { px, py in
      guard px >= 0, py >= 0, px < raster.width, py < raster.height else { return 0 }
      return Double(darkness(raster[px, py]))
    }
  }

  /// Bilinear interpolation of `value` (read at whole pixels) at a fractional position.
  static func bilinear(_ x: Double, _ y: Double, _ value: (Int, Int) -> Double) -> Double {
    let left = Int(x.rounded(.down))
    let top = Int(y.rounded(.down))
    let fx = x - Double(left)
    let fy = y - Double(top)
    let upper = value(left, top) * (1 - fx) + value(left + 1, top) * fx
    let lower = value(left, top + 1) * (1 - fx) + value(left + 1, top + 1) * fx
    return upper * (1 - fy) + lower * fy
  }
}
