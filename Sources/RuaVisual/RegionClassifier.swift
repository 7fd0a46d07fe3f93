// SPDX-License-Identifier: Apache-2.0
/// Turns the differing pixels of one page into classified regions: one move of the whole page
/// when there is one (`PageShift`), then, region by region, moved (within or beyond
/// --max-shift), colour changed, anti-aliasing only, or changed. On a line whose words changed
/// (`edited`, points) nothing is a move: the rest of the line moved with the edit.
enum RegionClassifier {
  /// A page move is judged to this fraction of a pixel: the profiles find it to about a
  /// sixteenth, so a shift of exactly --max-shift is not failed by its measuring error.
  static let pageSlack = 0.25
  /// A region moved by the page's displacement within this (pixels; glyphs snap to quarter
  /// pixels and rules do not) is part of the page move.
  static let pageMoveSlack = 1.0

  /// The regions of `classes` (1 = differing), each classified; pixels of regions that do not
  /// count are re-marked 3 in `classes` so the pictures can show them apart.
  static func classify(
    _ a: Raster, _ b: Raster, classes: inout [UInt8], width: Int, height: Int,
    options: DiffOptions, sameWords: ((PointRect) -> Bool)? = nil,
    textShift: (dx: Double, dy: Double)? = nil, edited: [PointRect] = []
  ) -> [ChangeRegion] {
    let grid = PixelGrid(dpi: options.dpi)
    let editedPixels = edited.compactMap {
      grid.pixelRect($0, clipWidth: width, clipHeight: height)
    }
    let cell = Int((options.mergeDistance * grid.scale).rounded(.up))
    let maxShiftPixels = options.maxShift * grid.scale
    // Search a little beyond the limit so a move just over it is still named a move.
    let search = Int((max(maxShiftPixels, 2 * grid.scale)).rounded(.up))
    let colourLimit = ColourDifference.limit(options.colourThreshold)
    // Pixels explained by the page move are 4 until the move is judged.
    var page: (dx: Double, dy: Double, box: PixelRect, count: Int)?
    // The page move is looked for farther than the regions' moves: it is one cheap search.
    let pageSearch = max(search, Int((PageShift.search * grid.scale).rounded(.up)))
    if let found = PageShift.find(
      a, b, classes: classes, width: width, height: height, search: pageSearch,
      colourLimit: colourLimit, edited: editedPixels)
    {
      for index in found.explained { classes[index] = 4 }
      page = (found.dx, found.dy, found.box, found.explained.count)
    }
    // What the page move leaves is first tried against A moved by the page's whole pixels,
    // where only a sub-pixel remainder is left to explain: a region that fits there is part
    // of the page move. Any other region is classified on its own, as on a page that did not
    // move (its colours compared with every pixel the page move could have brought there).
    let whole = (x: Int((page?.dx ?? 0).rounded()), y: Int((page?.dy ?? 0).rounded()))
    let shifted = page == nil ? a : a.translated(x: whole.x, y: whole.y)
    var offsets: [(Int, Int)] = []
    if page != nil {
      for oy in -1...1 {
        for ox in -1...1 where (whole.x + ox, whole.y + oy) != (0, 0) {
          offsets.append((whole.x + ox, whole.y + oy))
        }
      }
    }
    let clusters = RegionFinder.clusters(classes, width: width, height: height, cell: cell)
    var regions: [ChangeRegion] = []
    for cluster in clusters {
      let box = cluster.box
      let points = grid.pointRect(box)
      let onEditedLine = editedPixels.contains { $0.intersects(box) }
      if !onEditedLine, let moved = page,
        partOfPageMove(
          shifted, b, box: box, page: (moved.dx, moved.dy), whole: whole, classes: classes,
          width: width, colourLimit: colourLimit)
      {
        mark(&classes, box, width: width, as: 4)
        page = (moved.dx, moved.dy, moved.box.union(box), moved.count + cluster.count)
        continue
      }
      var verdict =
        onEditedLine ? .changed : ShiftCheck.verdict(a, b, around: box, search: search)
      if verdict == .changed, !onEditedLine, let sameWords, sameWords(points),
        let second = WindowShift.explain(
          a, b, box: box, classes: classes, width: width, search: search)
      {
        verdict = second
      }
      func colourRegion() -> ChangeRegion? {
        let found = ColourDifference.changedPixels(
          a, b, box: box, limit: colourLimit, offsets: offsets
        ) {
          classes[$1 * width + $0] == 1
        }
        guard found.count > 0 else { return nil }
        return ChangeRegion(
          kind: .colour, pixels: box, points: points, pixelCount: found.count, counts: true,
          colourA: ColourDifference.hex(found.colourA),
          colourB: ColourDifference.hex(found.colourB))
      }
      switch verdict {
      case .moved(let dx, let dy, let largest):
        // A move keeps the hue of the ink; a move that also recolours does not.
        if !ColourDifference.sameInkColour(a, b, box, margin: search + 2),
          let region = colourRegion()
        {
          regions.append(region)
          continue
        }
        let counts = largest > maxShiftPixels + 1e-9
        if !counts { mark(&classes, box, width: width) }
        regions.append(
          ChangeRegion(
            kind: .moved, pixels: box, points: points, pixelCount: cluster.count,
            shiftX: grid.points(dx), shiftY: grid.points(dy), counts: counts))
        continue
      case .still:
        // The darkness matches where it was; the colour may not (a hue change of the same
        // luma, a light fill on white).
        if let region = colourRegion() {
          regions.append(region)
          continue
        }
        mark(&classes, box, width: width)
        regions.append(
          ChangeRegion(
            kind: .antialiasing, pixels: box, points: points, pixelCount: cluster.count,
            counts: false))
        continue
      case .changed:
        // The same pixels are ink on both sides: only the colour changed (black text turned
        // red, darker than the object test allows).
        if ColourDifference.sameShape(a, b, box: box), let region = colourRegion() {
          regions.append(region)
          continue
        }
      }
      var real = 0
      for y in box.y..<box.y + box.height {
        for x in box.x..<box.x + box.width where classes[y * width + x] == 1 {
          if AntiAliasing.isEdgeInBoth(a, b, x, y) {
            classes[y * width + x] = 3
          } else {
            real += 1
          }
        }
      }
      regions.append(
        ChangeRegion(
          kind: real == 0 ? .antialiasing : .changed, pixels: box, points: points,
          pixelCount: real == 0 ? cluster.count : real, counts: real > 0))
    }
    if var page {
      // The letters' own move, when they all moved alike and agree with the pixels, is the
      // exact distance (the pixels show each glyph where the renderer rounded it).
      if let text = textShift {
        let (tx, ty) = (text.dx * grid.scale, text.dy * grid.scale)
        if ((tx - page.dx) * (tx - page.dx) + (ty - page.dy) * (ty - page.dy)).squareRoot()
          <= pageMoveSlack
        {
          (page.dx, page.dy) = (tx, ty)
        }
      }
      let distance = (page.dx * page.dx + page.dy * page.dy).squareRoot()
      let counts = distance > maxShiftPixels + pageSlack
      for index in classes.indices where classes[index] == 4 { classes[index] = counts ? 1 : 3 }
      regions.insert(
        ChangeRegion(
          kind: .moved, pixels: page.box, points: grid.pointRect(page.box),
          pixelCount: page.count, shiftX: grid.points(page.dx), shiftY: grid.points(page.dy),
          counts: counts, wholePage: true), at: 0)
    }
    return regions
  }

  /// True when the region is the page move's: against A moved by the move's whole pixels
  /// (`shifted`), its content is still or moved by the sub-pixel remainder (within a pixel of
  /// the page's move), and no colour changed.
  private static func partOfPageMove(
    _ shifted: Raster, _ b: Raster, box: PixelRect, page: (dx: Double, dy: Double),
    whole: (x: Int, y: Int), classes: [UInt8], width: Int, colourLimit: Double
  ) -> Bool {
    let neighbours = [(-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)]
    let recoloured =
      ColourDifference.changedPixels(
        shifted, b, box: box, limit: colourLimit, offsets: neighbours
      ) { classes[$1 * width + $0] == 1 }.count > 0
    guard !recoloured else { return false }
    switch ShiftCheck.verdict(shifted, b, around: box, search: 1) {
    case .still:
      return true
    case .moved(let dx, let dy, _):
      let (x, y) = (dx + Double(whole.x) - page.dx, dy + Double(whole.y) - page.dy)
      return (x * x + y * y).squareRoot() <= pageMoveSlack
        && ColourDifference.sameInkColour(shifted, b, box, margin: 3)
    case .changed:
      return false
    }
  }

  private static func mark(
    _ classes: inout [UInt8], _ box: PixelRect, width: Int, as value: UInt8 = 3
  ) {
    for y in box.y..<box.y + box.height {
      for x in box.x..<box.x + box.width where classes[y * width + x] == 1 {
        classes[y * width + x] = value
      }
    }
  }
}

extension Raster {
  /// The raster moved by whole pixels (x right, y down), white where nothing moved in.
  func translated(x dx: Int, y dy: Int) -> Raster {
    var moved = Raster(width: width, height: height, filledWith: Raster.white)
    for y in max(0, dy)..<min(height, height + dy) {
      let from = (y - dy) * width
      let to = y * width
      for x in max(0, dx)..<min(width, width + dx) { moved.pixels[to + x] = pixels[from + x - dx] }
    }
    return moved
  }
}

extension PixelGrid {
  /// Points to a fractional pixel distance.
  func points(_ pixels: Double) -> Double { pixels * 72 / dpi }
}
