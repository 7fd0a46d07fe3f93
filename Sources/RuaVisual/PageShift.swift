// SPDX-License-Identifier: Apache-2.0
/// One displacement of everything that differs on a page (the whole page, or the block that
/// moved), found before the regions are classified, so a shifted page is one move of its true
/// distance ("moved by 2 pt down") instead of hundreds of glyph moves of a quarter pixel more
/// or less (cairo places glyphs at quarter pixels), each judged alone against --max-shift.
///
/// The displacement is read off the darkness profiles of the differing area: the sum of each
/// row (for the vertical move) and of each column (for the horizontal), laid on the other
/// side's at every eighth of a pixel within the search distance (linear interpolation), the
/// least absolute difference winning, refined by a parabola through its neighbours and then by
/// one Lucas–Kanade step over the area (`refine`). Then A, moved by it (bilinear, per channel)
/// or by a neighbouring whole-pixel move (glyphs land on whole pixels with cairo 1.16, on
/// quarter pixels with later versions), must match B at the differing pixels: a pixel is
/// explained when no channel differs by more than 64/255 and, where B's 3 × 3 neighbourhood is
/// one flat colour (a filled area, never an anti-aliased edge), the colour difference is within
/// the colour threshold. Three in four of the differing pixels must be explained, and three
/// in four of those where B has ink (white matching white explains nothing); those that
/// are not are classified region by region as before. Pixels on a line whose words changed
/// (`edited`: the rest of the line moved with the edit) are never explained by a move.
enum PageShift {
  struct Found {
    /// Pixels, A to B (x right, y down).
    let dx: Double
    let dy: Double
    /// Indices (row by row over the compared canvas) of the explained differing pixels.
    let explained: [Int]
    let box: PixelRect
  }

  /// Fewer differing pixels than this are left to the region tests.
  static let minimumPixels = 64
  /// The channel tolerance of the rebuilt page, as the object test's.
  static let tolerance = 64.0
  /// How far (points) a page move is looked for, at least: beyond the regions' search.
  static let search = 6.0
  /// Profile offsets tried per pixel.
  static let steps = 8

  static func find(
    _ a: Raster, _ b: Raster, classes: [UInt8], width: Int, height: Int, search: Int,
    colourLimit: Double, edited: [PixelRect] = []
  ) -> Found? {
    let common = (width: min(a.width, b.width), height: min(a.height, b.height))
    var box: PixelRect?
    var differing = 0
    for y in 0..<common.height {
      let row = y * width
      for x in 0..<common.width where classes[row + x] == 1 {
        differing += 1
        let dot = PixelRect(x: x, y: y, width: 1, height: 1)
        box = box?.union(dot) ?? dot
      }
    }
    guard differing >= minimumPixels, let differingBox = box else { return nil }
    // The profiles cover the differing area and the search distance around it.
    let x0 = max(0, differingBox.x - search - 1)
    let y0 = max(0, differingBox.y - search - 1)
    let x1 = min(common.width, differingBox.x + differingBox.width + search + 1)
    let y1 = min(common.height, differingBox.y + differingBox.height + search + 1)
    guard x1 - x0 > 2 * search + 2, y1 - y0 > 2 * search + 2 else { return nil }
    var rowsA = [Double](repeating: 0, count: y1 - y0)
    var rowsB = rowsA
    var columnsA = [Double](repeating: 0, count: x1 - x0)
    var columnsB = columnsA
    for y in y0..<y1 {
      for x in x0..<x1 {
        let da = Double(ShiftCheck.darkness(a[x, y]))
        let db = Double(ShiftCheck.darkness(b[x, y]))
        rowsA[y - y0] += da
        rowsB[y - y0] += db
        columnsA[x - x0] += da
        columnsB[x - x0] += db
      }
    }
    guard let columns = offset(columnsA, columnsB, search: search),
      let rows = offset(rowsA, rowsB, search: search)
    else { return nil }
    let (dx, dy) = refine(
      a, b, classes: classes, width: width, box: differingBox, count: differing, dx: columns,
      dy: rows)
    guard (dx * dx + dy * dy).squareRoot() >= ShiftCheck.stillLimit else { return nil }
    // Glyphs land on whole (or quarter) pixels, rules and boxes where they fall: a pixel is
    // explained by the move itself or by its neighbouring whole-pixel moves.
    var candidates = [(dx, dy)]
    for cx in Set([dx.rounded(.down), dx.rounded(.up)]) {
      for cy in Set([dy.rounded(.down), dy.rounded(.up)]) { candidates.append((cx, cy)) }
    }
    var explained: [Int] = []
    var explainedBox: PixelRect?
    // Where B has ink the move must bring A's (white matching white explains nothing).
    var inkInB = 0
    var inkExplained = 0
    for y in differingBox.y..<differingBox.y + differingBox.height {
      let row = y * width
      for x in differingBox.x..<differingBox.x + differingBox.width where classes[row + x] == 1 {
        guard x < common.width, y < common.height else { continue }
        let ink = ShiftCheck.darkness(b[x, y]) > 64
        if ink { inkInB += 1 }
        guard !edited.contains(where: { $0.contains(x, y) }),
          candidates.contains(where: {
            matches(a, b, x, y, dx: $0.0, dy: $0.1, colourLimit: colourLimit)
          })
        else { continue }
        if ink { inkExplained += 1 }
        explained.append(row + x)
        let dot = PixelRect(x: x, y: y, width: 1, height: 1)
        explainedBox = explainedBox?.union(dot) ?? dot
      }
    }
    guard explained.count * 4 >= differing * 3, inkExplained * 4 >= inkInB * 3,
      let explainedBox, spans(explainedBox, dx: dx, dy: dy)
    else { return nil }
    return Found(dx: dx, dy: dy, explained: explained, box: explainedBox)
  }

  /// Whether what moved is wider and taller than three times the move: a page or a block moves
  /// much more than its own distance, while one glyph laid on its neighbour ("5562" → "5662":
  /// the second 5 one digit left is the first) is an edit, not a move of the page.
  static func spans(_ box: PixelRect, dx: Double, dy: Double) -> Bool {
    let distance = (dx * dx + dy * dy).squareRoot()
    return Double(min(box.width, box.height)) >= 3 * distance
  }

  /// The displacement (pixels, to about a sixteenth) that best lays profile `a` on `b`.
  /// Nil when the best offset lies at the end of the search: the content moved farther (or
  /// did not move as one), and a move cut off there would explain the wrong pixels.
  static func offset(_ a: [Double], _ b: [Double], search: Int) -> Double? {
    let count = a.count
    func cost(_ d: Double) -> Double {
      var sum = 0.0
      // Only where both ends stay inside the profile.
      for index in search + 1..<count - search - 1 {
        let source = Double(index) - d
        let left = Int(source.rounded(.down))
        let fraction = source - Double(left)
        let value = a[left] * (1 - fraction) + a[left + 1] * fraction
        sum += abs(value - b[index])
      }
      return sum
    }
    let total = steps * search
    var costs: [Double] = []
    for step in -total...total { costs.append(cost(Double(step) / Double(steps))) }
    var best = 0
    for index in costs.indices where costs[index] < costs[best] { best = index }
    // Ties (flat costs) go to the shortest move.
    for index in costs.indices
    where costs[index] == costs[best] && abs(index - total) < abs(best - total) {
      best = index
    }
    guard abs(best - total) < total - steps / 2 else { return nil }
    var refined = Double(best - total) / Double(steps)
    if best > 0, best < costs.count - 1 {
      let (left, centre, right) = (costs[best - 1], costs[best], costs[best + 1])
      let curvature = left - 2 * centre + right
      if curvature > 0 {
        refined += 0.5 * (left - right) / curvature / Double(steps)
      }
    }
    return refined
  }

  /// The profiles' estimate refined to a fraction of a pixel over the differing area
  /// (Lucas–Kanade, one step): A moved by the estimate's whole pixels, the
  /// remainder `f` solving `∇A · f = A − B` in least squares. Resampling A (bilinear) to
  /// try fractions would blur it and favour whole pixels; the gradients do not, and with
  /// coverage anti-aliasing the darkness of an edge pixel is linear in its position, so the
  /// mean of the glyphs' quarter-pixel moves comes out, which is the true shift.
  static func refine(
    _ a: Raster, _ b: Raster, classes: [UInt8], width: Int, box: PixelRect, count: Int,
    dx: Double, dy: Double
  ) -> (Double, Double) {
    let (kx, ky) = (Int(dx.rounded()), Int(dy.rounded()))
    func darkA(_ x: Int, _ y: Int) -> Double {
      let (sx, sy) = (x - kx, y - ky)
      guard sx >= 0, sy >= 0, sx < a.width, sy < a.height else { return 0 }
      return Double(ShiftCheck.darkness(a[sx, sy]))
    }
    var (gxx, gxy, gyy, bx, by) = (0.0, 0.0, 0.0, 0.0, 0.0)
    // Every pixel of the area, not only those that differ: a glyph that the renderer left on
    // its pixel (cairo 1.16 puts glyphs on whole pixels) moved too, by none.
    let every = max(1, box.width * box.height / 400_000)
    for y in stride(from: max(1, box.y), to: min(b.height - 1, box.y + box.height), by: every) {
      for x in max(1, box.x)..<min(b.width - 1, box.x + box.width) {
        let gx = (darkA(x + 1, y) - darkA(x - 1, y)) / 2
        let gy = (darkA(x, y + 1) - darkA(x, y - 1)) / 2
        let r = Double(ShiftCheck.darkness(b[x, y])) - darkA(x, y)
        gxx += gx * gx
        gxy += gx * gy
        gyy += gy * gy
        bx += gx * r
        by += gy * r
      }
    }
    let determinant = gxx * gyy - gxy * gxy
    guard determinant > 1e-9 * max(1, gxx * gyy) else { return (dx, dy) }
    // B ≈ A(p − f) ≈ A(p) − f · ∇A, so f = −(GᵀG)⁻¹ Gᵀ (B − A).
    let fx = -(gyy * bx - gxy * by) / determinant
    let fy = -(gxx * by - gxy * bx) / determinant
    guard abs(fx) <= 1, abs(fy) <= 1 else { return (dx, dy) }
    return (Double(kx) + fx, Double(ky) + fy)
  }

  /// A at (x, y) moved by (dx, dy), against B at (x, y).
  private static func matches(
    _ a: Raster, _ b: Raster, _ x: Int, _ y: Int, dx: Double, dy: Double, colourLimit: Double
  ) -> Bool {
    let (sx, sy) = (Double(x) - dx, Double(y) - dy)
    func channel(_ shift: UInt32) -> Double {
      ShiftCheck.bilinear(sx, sy) { px, py in
        guard px >= 0, py >= 0, px < a.width, py < a.height else { return 255 }
        let pixel = a[px, py]
        return Double(min(255, Int(pixel >> shift & 0xFF) + 255 - Int(pixel >> 24)))
      }
    }
    let moved = (channel(16), channel(8), channel(0))
    let target = ColourDifference.overWhite(b[x, y])
    let worst = max(
      abs(moved.0 - target.0), abs(moved.1 - target.1), abs(moved.2 - target.2))
    if worst > tolerance { return false }
    guard ColourDifference.flat(b, x, y) else { return true }
    let rebuilt =
      0xFF00_0000 | UInt32(moved.0.rounded()) << 16 | UInt32(moved.1.rounded()) << 8
      | UInt32(moved.2.rounded())
    return ColourDifference.delta(rebuilt, b[x, y]) <= colourLimit
  }
}
