// SPDX-License-Identifier: Apache-2.0
/// Tells a moved region from an edited one, object by object.
///
/// Around the region, the ink of A and of B is split into objects (connected pixels darker
/// than a quarter, plus their faint anti-aliased rim), because a renderer places each glyph on
/// its own: a 0.2 pt shift moves some glyphs a whole pixel and leaves others. Each object near
/// the region is paired with an object of the other side whose ink centroid is within the
/// search distance and whose amount of ink matches; then A is rebuilt with every paired object
/// moved by its own displacement (bilinear, so sub-pixel moves of rules and boxes count) and
/// must match B everywhere near the region. An edit changes a shape, so it finds no partner.
enum ShiftCheck {
  enum Verdict: Equatable {
    /// Objects moved; `dx`, `dy` the ink-weighted mean displacement of those that moved
    /// (pixels), `largest` the longest displacement.
    case moved(dx: Double, dy: Double, largest: Double)
    /// Everything matches where it was: rendering noise.
    case still
    case changed
  }

  /// Darkness difference allowed between rebuilt A and B (rounding of anti-aliased edges).
  static let tolerance = 64
  /// Darker than this is ink; fainter pixels join the object they touch. When the objects do
  /// not explain the region at the first level, the second splits glyphs joined by a darker
  /// anti-aliased gap (two glyphs may touch in A and their neighbours in B).
  static let inkLevels = [64, 128]
  /// Pixels no darker than this on both sides are anti-aliased edges: where one lies between
  /// two glyphs, the mean darkness of its 3 × 3 neighbourhood must match within
  /// `faintTolerance` instead of the pixel itself.
  static let faintLevel = 128
  static let faintTolerance = 16
  /// Below this (pixels) an object has not moved.
  static let stillLimit = 0.1

  private struct Object {
    var ink = 0.0
    var sumX = 0.0
    var sumY = 0.0
    var box = PixelRect(x: Int.max, y: Int.max, width: 0, height: 0)
    var centroid: (x: Double, y: Double) { (sumX / ink, sumY / ink) }
  }

  private struct Side {
    let width: Int
    let height: Int
    var dark: [Int]
    var labels: [Int]
    var objects: [Object]
  }

  static func verdict(_ a: Raster, _ b: Raster, around box: PixelRect, search: Int) -> Verdict {
    let margin = search + 2
    let x0 = max(0, box.x - margin)
    let y0 = max(0, box.y - margin)
    let x1 = min(min(a.width, b.width), box.x + box.width + margin)
    let y1 = min(min(a.height, b.height), box.y + box.height + margin)
    guard x1 > x0, y1 > y0 else { return .changed }
    let area = PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    // The area checked: the region and one pixel around it, in area coordinates.
    let check = PixelRect(
      x: max(0, box.x - 1 - x0), y: max(0, box.y - 1 - y0),
      width: min(area.width, box.x + box.width + 1 - x0) - max(0, box.x - 1 - x0),
      height: min(area.height, box.y + box.height + 1 - y0) - max(0, box.y - 1 - y0))
    for level in inkLevels {
      let sideA = side(a, area, level: level)
      let sideB = side(b, area, level: level)
      // A rebuilt from B's objects is tried too: two glyphs that touch in A and not in B (an
      // anti-aliased gap darker than the ink level) are one object in A, two in B.
      if let moves = displacements(sideA, sideB, check: check, search: search) {
        return summary(moves)
      }
      if let moves = displacements(sideB, sideA, check: check, search: search) {
        return summary(moves.map { (ink: $0.ink, dx: -$0.dx, dy: -$0.dy) })
      }
    }
    return .changed
  }

  /// Each object of `a` near `check` with the displacement that best lays it on `b`, when `a`
  /// rebuilt with those moves matches `b` inside `check`; nil otherwise.
  private static func displacements(_ a: Side, _ b: Side, check: PixelRect, search: Int)
    -> [(ink: Double, dx: Double, dy: Double)]?
  {
    var pairs: [Int: (dx: Double, dy: Double)] = [:]
    for (index, object) in a.objects.enumerated() where overlaps(object.box, check) {
      let guess = partner(object, in: b.objects, search: search)
      pairs[index] = bestFit(a, label: index + 1, on: b, search: search, guess: guess)
    }
    guard rebuiltMatches(a, b, pairs, check) else { return nil }
    return pairs.map { (ink: a.objects[$0.key].ink, dx: $0.value.dx, dy: $0.value.dy) }
  }

  /// The ink-weighted mean and the longest of the displacements; `.still` when none moved.
  private static func summary(_ moves: [(ink: Double, dx: Double, dy: Double)]) -> Verdict {
    var largest = 0.0
    var weight = 0.0
    var sumX = 0.0
    var sumY = 0.0
    for move in moves {
      let length = (move.dx * move.dx + move.dy * move.dy).squareRoot()
      largest = max(largest, length)
      guard length >= stillLimit else { continue }
      weight += move.ink
      sumX += move.dx * move.ink
      sumY += move.dy * move.ink
    }
    guard largest >= stillLimit, weight > 0 else { return .still }
    return .moved(dx: sumX / weight, dy: sumY / weight, largest: largest)
  }

  /// The displacement (within `search`, to a quarter pixel) that lays object `label` of `a` on
  /// `b` with the least difference over the object's own pixels. Searched, not only read off a
  /// partner's centroid, because a glyph that touches its neighbour on one side only has no
  /// partner of its own ink: its centroid move (the `guess`) is tried first.
  private static func bestFit(
    _ a: Side, label: Int, on b: Side, search: Int, guess: (dx: Double, dy: Double)?
  ) -> (dx: Double, dy: Double) {
    let object = a.objects[label - 1]
    var pixels: [(x: Int, y: Int, dark: Double)] = []
    for y in object.box.y..<object.box.y + object.box.height {
      for x in object.box.x..<object.box.x + object.box.width
      where a.labels[y * a.width + x] == label {
        pixels.append((x, y, Double(a.dark[y * a.width + x])))
      }
    }
    // Summing stops once past `limit` (the best fit so far): a worse fit need not be exact.
    func cost(_ dx: Double, _ dy: Double, limit: Double = .infinity) -> Double {
      var sum = 0.0
      for pixel in pixels {
        let target = bilinear(Double(pixel.x) + dx, Double(pixel.y) + dy) { px, py in
          guard px >= 0, py >= 0, px < b.width, py < b.height else { return 0 }
          return Double(b.dark[py * b.width + px])
        }
        sum += abs(pixel.dark - target)
        if sum > limit { return sum }
      }
      return sum
    }
    var best = guess ?? (0, 0)
    var bestCost =
      cost(best.dx, best.dy) + (best.dx * best.dx + best.dy * best.dy).squareRoot()
      * Double(pixels.count)
    // A partner that already fits (a sixteenth of full darkness per pixel) needs no search.
    if guess != nil, bestCost <= 16 * Double(pixels.count) { return best }
    // Among fits alike, the shorter move wins: a long rule fits anywhere along itself.
    let perPixel = Double(pixels.count)
    // Whole-pixel offsets read B directly: the bilinear weights there are 1 and 0.
    func wholeCost(_ dx: Int, _ dy: Int, limit: Double) -> Double {
      var sum = 0.0
      for pixel in pixels {
        let (px, py) = (pixel.x + dx, pixel.y + dy)
        let target =
          px >= 0 && py >= 0 && px < b.width && py < b.height
          ? Double(b.dark[py * b.width + px]) : 0
        sum += abs(pixel.dark - target)
        if sum > limit { return sum }
      }
      return sum
    }
    for dy in -search...search {
      for dx in -search...search {
        let length = Double(dx * dx + dy * dy).squareRoot()
        let value = wholeCost(dx, dy, limit: bestCost - length * perPixel) + length * perPixel
        if value < bestCost { (best, bestCost) = ((Double(dx), Double(dy)), value) }
      }
    }
    let centre = best
    for fy in -3...3 {
      for fx in -3...3 where fx != 0 || fy != 0 {
        let (dx, dy) = (centre.dx + Double(fx) / 4, centre.dy + Double(fy) / 4)
        guard abs(dx) <= Double(search), abs(dy) <= Double(search) else { continue }
        let length = (dx * dx + dy * dy).squareRoot()
        let value = cost(dx, dy, limit: bestCost - length * perPixel) + length * perPixel
        if value < bestCost { (best, bestCost) = ((dx, dy), value) }
      }
    }
    return best
  }

  /// The centroid displacement to the object of `others` with the nearest centroid within
  /// `search` and the same ink (±25 %).
  private static func partner(_ object: Object, in others: [Object], search: Int)
    -> (dx: Double, dy: Double)?
  {
    let limit = Double(search) + 0.5
    let (cx, cy) = object.centroid
    var best: (dx: Double, dy: Double)?
    var bestDistance = Double.infinity
    for other in others {
      guard abs(other.ink - object.ink) <= 0.25 * max(other.ink, object.ink) else { continue }
      let (ox, oy) = other.centroid
      let dx = ox - cx
      let dy = oy - cy
      guard abs(dx) <= limit, abs(dy) <= limit else { continue }
      let distance = dx * dx + dy * dy
      if distance < bestDistance {
        bestDistance = distance
        best = (dx, dy)
      }
    }
    return best
  }

  /// A with every paired object moved by its displacement, against B, inside `check`.
  private static func rebuiltMatches(
    _ a: Side, _ b: Side, _ pairs: [Int: (dx: Double, dy: Double)], _ check: PixelRect
  ) -> Bool {
    let width = a.width
    var rebuilt = [Double](repeating: 0, count: check.width * check.height)
    // Ink no object claims stays where it is.
    for y in 0..<check.height {
      for x in 0..<check.width {
        let index = (check.y + y) * width + check.x + x
        if a.labels[index] == 0 { rebuilt[y * check.width + x] = Double(a.dark[index]) }
      }
    }
    for (label, pair) in pairs {
      let object = a.objects[label]
      let left = max(check.x, object.box.x + Int((pair.dx).rounded(.down)) - 1)
      let right = min(
        check.x + check.width, object.box.x + object.box.width + Int(pair.dx.rounded(.up)) + 1)
      let top = max(check.y, object.box.y + Int((pair.dy).rounded(.down)) - 1)
      let bottom = min(
        check.y + check.height, object.box.y + object.box.height + Int(pair.dy.rounded(.up)) + 1)
      guard right > left, bottom > top else { continue }
      for y in top..<bottom {
        for x in left..<right {
          let value = sample(a, label: label + 1, Double(x) - pair.dx, Double(y) - pair.dy)
          let slot = (y - check.y) * check.width + x - check.x
          rebuilt[slot] = max(rebuilt[slot], value)
        }
      }
    }
    func target(_ x: Int, _ y: Int) -> Double {
      Double(b.dark[(check.y + y) * width + check.x + x])
    }
    for y in 0..<check.height {
      for x in 0..<check.width {
        let (made, wanted) = (rebuilt[y * check.width + x], target(x, y))
        if abs(made - wanted) <= Double(tolerance) { continue }
        // A faint pixel between two glyphs holds the edges of both; which object it joined is
        // a guess, so there only the ink of its 3 × 3 neighbourhood has to match.
        guard max(made, wanted) <= Double(faintLevel) else { return false }
        var difference = 0.0
        var count = 0.0
        for ny in max(0, y - 1)...min(check.height - 1, y + 1) {
          for nx in max(0, x - 1)...min(check.width - 1, x + 1) {
            difference += rebuilt[ny * check.width + nx] - target(nx, ny)
            count += 1
          }
        }
        if abs(difference) > Double(faintTolerance) * count { return false }
      }
    }
    return true
  }

  /// Bilinear darkness of one object (`label`) of a side; 0 elsewhere.
  private static func sample(_ side: Side, label: Int, _ x: Double, _ y: Double) -> Double {
    bilinear(x, y) { px, py in
      guard px >= 0, py >= 0, px < side.width, py < side.height else { return 0 }
      let index = py * side.width + px
      return side.labels[index] == label ? Double(side.dark[index]) : 0
    }
  }

  /// Darkness and objects of `raster` inside `area` (coordinates relative to the area).
  private static func side(_ raster: Raster, _ area: PixelRect, level: Int) -> Side {
    let width = area.width
    let height = area.height
    var dark = [Int](repeating: 0, count: width * height)
    for y in 0..<height {
      for x in 0..<width { dark[y * width + x] = darkness(raster[area.x + x, area.y + y]) }
    }
    var labels = [Int](repeating: 0, count: width * height)
    var objects: [Object] = []
    var stack: [Int] = []
    for start in 0..<dark.count where dark[start] > level && labels[start] == 0 {
      objects.append(Object())
      let label = objects.count
      labels[start] = label
      stack.append(start)
      while let index = stack.popLast() {
        let (x, y) = (index % width, index / width)
        for ny in max(0, y - 1)...min(height - 1, y + 1) {
          for nx in max(0, x - 1)...min(width - 1, x + 1) {
            let next = ny * width + nx
            if labels[next] == 0 && dark[next] > level {
              labels[next] = label
              stack.append(next)
            }
          }
        }
      }
    }
    // The faint rim joins the darkest object pixel it touches.
    var rim: [(Int, Int)] = []
    for index in 0..<dark.count where labels[index] == 0 && dark[index] > 0 {
      let (x, y) = (index % width, index / width)
      var darkest = level
      var owner = 0
      for ny in max(0, y - 1)...min(height - 1, y + 1) {
        for nx in max(0, x - 1)...min(width - 1, x + 1) where labels[ny * width + nx] > 0 {
          if dark[ny * width + nx] > darkest {
            darkest = dark[ny * width + nx]
            owner = labels[ny * width + nx]
          }
        }
      }
      if owner > 0 { rim.append((index, owner)) }
    }
    for (index, label) in rim { labels[index] = label }
    for index in 0..<dark.count where labels[index] > 0 {
      let (x, y) = (index % width, index / width)
      let value = Double(dark[index])
      var object = objects[labels[index] - 1]
      object.ink += value
      object.sumX += value * Double(x)
      object.sumY += value * Double(y)
      object.box =
        object.box.x == Int.max
        ? PixelRect(x: x, y: y, width: 1, height: 1)
        : object.box.union(PixelRect(x: x, y: y, width: 1, height: 1))
      objects[labels[index] - 1] = object
    }
    return Side(width: width, height: height, dark: dark, labels: labels, objects: objects)
  }

  private static func overlaps(_ a: PixelRect, _ b: PixelRect) -> Bool {
    a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height
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
