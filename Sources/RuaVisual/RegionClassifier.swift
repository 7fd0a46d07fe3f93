/// Turns the differing pixels of one page into classified regions: moved (within or beyond
/// --max-shift), anti-aliasing only, or changed.
enum RegionClassifier {
  /// The regions of `classes` (1 = differing), each classified; pixels of regions that do not
  /// count are re-marked 3 in `classes` so the pictures can show them apart.
  static func classify(
    _ a: Raster, _ b: Raster, classes: inout [UInt8], width: Int, height: Int,
    options: DiffOptions, sameWords: ((PointRect) -> Bool)? = nil
  ) -> [ChangeRegion] {
    let grid = PixelGrid(dpi: options.dpi)
    let cell = Int((options.mergeDistance * grid.scale).rounded(.up))
    let clusters = RegionFinder.clusters(classes, width: width, height: height, cell: cell)
    let maxShiftPixels = options.maxShift * grid.scale
    // Search a little beyond the limit so a move just over it is still named a move.
    let search = Int((max(maxShiftPixels, 2 * grid.scale)).rounded(.up))
    var regions: [ChangeRegion] = []
    for cluster in clusters {
      let box = cluster.box
      let points = grid.pointRect(box)
      var verdict = ShiftCheck.verdict(a, b, around: box, search: search)
      if verdict == .changed, let sameWords, sameWords(points),
        let second = WindowShift.explain(
          a, b, box: box, classes: classes, width: width, search: search)
      {
        verdict = second
      }
      switch verdict {
      case .moved(let dx, let dy, let largest):
        let counts = largest > maxShiftPixels + 1e-9
        if !counts { mark(&classes, box, width: width) }
        regions.append(
          ChangeRegion(
            kind: .moved, pixels: box, points: points, pixelCount: cluster.count,
            shiftX: grid.points(dx), shiftY: grid.points(dy), counts: counts))
        continue
      case .still:
        mark(&classes, box, width: width)
        regions.append(
          ChangeRegion(
            kind: .antialiasing, pixels: box, points: points, pixelCount: cluster.count,
            counts: false))
        continue
      case .changed:
        break
      }
      var real = 0
      for y in box.y..<box.y + box.height {
        for x in box.x..<box.x + box.width where classes[y * width + x] == 1 {
          if AntiAliasing.isEdge(a, b, x, y) {
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
    return regions
  }

  private static func mark(_ classes: inout [UInt8], _ box: PixelRect, width: Int) {
    for y in box.y..<box.y + box.height {
      for x in box.x..<box.x + box.width where classes[y * width + x] == 1 {
        classes[y * width + x] = 3
      }
    }
  }
}

extension PixelGrid {
  /// Points to a fractional pixel distance.
  func points(_ pixels: Double) -> Double { pixels * 72 / dpi }
}
