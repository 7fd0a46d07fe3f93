// SPDX-License-Identifier: Apache-2.0
/// The pictures made for one differing page.
public struct PageArtifacts {
  /// A's page number; B's for a page only B has (`side` says which).
  public let page: Int
  /// Which documents hold the page.
  public var side: PageSide = .both
  /// A key no two pages of one report share: `page`, or minus B's number for a page only B
  /// has (as `PageDiff.pictureKey`).
  public var pictureKey: Int { side == .onlyB ? -page : page }
  /// Red over a faded copy of page A (masked areas tinted blue, ignored pixels yellow,
  /// counted regions framed).
  public let diff: Raster
  /// The two pages as rendered, for reports that show them apart.
  public let a: Raster
  public let b: Raster

  /// `A | B | diff`, made on demand (the reports show the three apart).
  public var sideBySide: Raster { DiffImages.sideBySide(a, b, diff) }

  /// `sideBySide` as PNG bytes, encoded row by row without making the canvas.
  public func sideBySidePNG() throws(VisualError) -> [UInt8] {
    try DiffImages.sideBySidePNG(a, b, diff)
  }
}

/// Which documents hold a page.
public enum PageSide: Sendable, Equatable {
  case both
  /// Removed: only in A.
  case onlyA
  /// Inserted: only in B.
  case onlyB
}

extension PageDiff {
  /// A key no two pages of one report share: A's number, or minus B's for a page only B has.
  public var pictureKey: Int { pageA ?? -(pageB ?? 0) }
}

/// Compares PDFs: identical bytes first, then structure, page pairing, sizes, text, pixels.
public enum VisualDiff {
  /// Compares two documents page by page under `options`.
  public static func compare(_ a: PDFDocument, _ b: PDFDocument, options: DiffOptions)
    throws(VisualError) -> DiffReport
  {
    try compare(a, b, options: options, artifacts: nil)
  }

  /// As `compare(_:_:options:)`, handing the diff pictures of every page that differs in pixels
  /// to `artifacts` (one page at a time, so only one page's images are held in memory).
  public static func compare(
    _ a: PDFDocument, _ b: PDFDocument, options: DiffOptions,
    artifacts: ((PageArtifacts) throws(VisualError) -> Void)?
  ) throws(VisualError) -> DiffReport {
    try compare(a, b, options: options, artifacts: artifacts, unpaired: nil)
  }

  /// As `compare(_:_:options:artifacts:)`, also handing `unpaired` the picture of every page
  /// that only one document has (`side` `.onlyA` or `.onlyB`; the missing side blank, the
  /// diff the page itself), for reports that show inserted and removed pages.
  public static func compare(
    _ a: PDFDocument, _ b: PDFDocument, options: DiffOptions,
    artifacts: ((PageArtifacts) throws(VisualError) -> Void)?,
    unpaired: ((PageArtifacts) throws(VisualError) -> Void)?
  ) throws(VisualError) -> DiffReport {
    try options.validate()
    let patterns = try MaskText.patterns(options.maskText)
    if a.bytes == b.bytes {
      return DiffReport(
        options: options, identicalBytes: true, pageCountA: a.pageCount,
        pageCountB: b.pageCount, pages: [])
    }
    let marks =
      options.maskVolatile
      ? (VolatileMarks(a.bytes), VolatileMarks(b.bytes))
      : (VolatileMarks.none, VolatileMarks.none)
    let structure =
      options.compareStructure
      ? StructureDiff.changes(try DocumentStructure(a), try DocumentStructure(b)) : []
    // Pages are paired with every mask applied, so a changed footer or print time does not
    // keep two versions of a page apart.
    let pairs =
      options.alignPages && (a.pageCount > 1 || b.pageCount > 1)
      ? try PageAlignment.pairs(a, b) { document, page, text in
        options.masks.filter { $0.applies(to: page) }.map(\.rect)
          + (document == 0 ? marks.0 : marks.1).masks(page: page)
          + MaskText.boxes(patterns, in: text)
      } : PageAlignment.positional(a.pageCount, b.pageCount)
    var pages: [PageDiff] = []
    for pair in pairs {
      guard let pageA = pair.a, let pageB = pair.b else {
        pages.append(
          PageDiff(
            pageA: pair.a, pageB: pair.b,
            sizeA: try pair.a.map { (p) throws(VisualError) in try a.pageSize(p) },
            sizeB: try pair.b.map { (p) throws(VisualError) in try b.pageSize(p) },
            differingPixels: 0,
            maskedPixels: 0, allowedPixels: options.maxDiffPixels, changedPixels: nil,
            changedPoints: nil, textChanges: [], reasons: [pair.a == nil ? .inserted : .removed]))
        if let unpaired {
          let page: Raster
          if let number = pair.a {
            page = try a.render(page: number, dpi: options.dpi)
          } else {
            page = try b.render(page: pair.b ?? 1, dpi: options.dpi)
          }
          let blank = Raster(width: page.width, height: page.height, filledWith: Raster.white)
          try unpaired(
            PageArtifacts(
              page: pair.a ?? pair.b ?? 0, side: pair.a == nil ? .onlyB : .onlyA, diff: page,
              a: pair.a == nil ? blank : page, b: pair.a == nil ? page : blank))
        }
        continue
      }
      pages.append(
        try comparePage(
          pageA, pageB, a, b, options: options,
          extraMasks: marks.0.masks(page: pageA) + marks.1.masks(page: pageB), patterns: patterns,
          artifacts: artifacts))
    }
    return DiffReport(
      options: options, identicalBytes: false, pageCountA: a.pageCount, pageCountB: b.pageCount,
      pages: pages, structureChanges: structure, volatileFields: marks.0.count + marks.1.count)
  }

  /// Compares two rasters as page `page` at `options.dpi` (masks in points, as for PDFs).
  public static func compare(
    raster a: Raster, raster b: Raster, page: Int = 1, options: DiffOptions = DiffOptions()
  ) -> PageDiff {
    let (pageDiff, _) = compareRasters(a, b, pageA: page, pageB: page, options: options)
    return pageDiff
  }

  /// Compares two rasters and also returns the per-pixel classes used for the diff pictures.
  static func compareRasters(
    _ a: Raster, _ b: Raster, pageA: Int, pageB: Int, options: DiffOptions,
    sizeA: PageSize? = nil, sizeB: PageSize? = nil, textChanges: [TextChange] = [],
    extraMasks: [PointRect] = [], texts: (PageText, PageText)? = nil,
    pageMove: ChangeRegion? = nil, editedLines: [PointRect] = []
  ) -> (PageDiff, PixelComparison) {
    let grid = PixelGrid(dpi: options.dpi)
    let width = max(a.width, b.width)
    let height = max(a.height, b.height)
    let pointMasks = options.masks.filter { $0.applies(to: pageA) }.map(\.rect) + extraMasks
    let masks = pointMasks.compactMap {
      grid.pixelRect($0, clipWidth: width, clipHeight: height)
    }
    var comparison = PixelDiff.compare(
      a, b, tolerance: options.tolerance, masks: masks, keepClasses: true)
    var classes = comparison.classes ?? []
    var regions =
      comparison.differingPixels == 0
      ? []
      : RegionClassifier.classify(
        a, b, classes: &classes, width: width, height: height, options: options,
        sameWords: texts.map { texts in
          { box in texts.0.words(centredIn: box) == texts.1.words(centredIn: box) }
        }, textShift: texts.flatMap { $0.0.displacement(to: $0.1) }, edited: editedLines)
    comparison = comparison.replacingClasses(classes)
    if let pageMove {
      // What is left once A is laid on B by the page's move: what does not count there (glyphs
      // the renderer rounded to other pixels) is the page move's own, not a region of its own.
      regions = [pageMove] + regions.filter(\.counts)
    }
    let counted = regions.filter(\.counts)
    let differing = counted.reduce(0) { $0 + $1.pixelCount }
    let box = counted.map(\.pixels).reduce(nil) { (sum: PixelRect?, next) in
      sum?.union(next) ?? next
    }
    let allowed = options.allowedPixels(area: width * height)
    var reasons: [DiffReason] = []
    let sizeDiffers =
      sizeA != nil && sizeB != nil ? sizeA != sizeB : (a.width != b.width || a.height != b.height)
    if sizeDiffers { reasons.append(.size) }
    if differing > allowed { reasons.append(.pixels) }
    if !textChanges.isEmpty { reasons.append(.text) }
    let pageDiff = PageDiff(
      pageA: pageA, pageB: pageB, sizeA: sizeA, sizeB: sizeB, differingPixels: differing,
      maskedPixels: comparison.maskedPixels, allowedPixels: allowed, changedPixels: box,
      changedPoints: box.map(grid.pointRect), textChanges: textChanges, reasons: reasons,
      regions: regions)
    return (pageDiff, comparison)
  }

  private static func comparePage(
    _ pageA: Int, _ pageB: Int, _ a: PDFDocument, _ b: PDFDocument, options: DiffOptions,
    extraMasks marked: [PointRect], patterns: [MaskText.Pattern],
    artifacts: ((PageArtifacts) throws(VisualError) -> Void)?
  ) throws(VisualError) -> PageDiff {
    let texts = (try a.pageText(page: pageA), try b.pageText(page: pageB))
    // The marked per-print values are left out of the text as out of the pixels.
    let textChanges =
      options.compareText
      ? TextDiff.lines(texts.0.text(leavingOut: marked), texts.1.text(leavingOut: marked)) : []
    let extraMasks =
      marked + MaskText.boxes(patterns, in: texts.0) + MaskText.boxes(patterns, in: texts.1)
    let editedLines = TextEdits.lines(texts.0, texts.1)
    let rasterA = try a.render(page: pageA, dpi: options.dpi)
    let rasterB = try b.render(page: pageB, dpi: options.dpi)
    let sizes = (try a.pageSize(pageA), try b.pageSize(pageB))
    var (pageDiff, comparison) = compareRasters(
      rasterA, rasterB, pageA: pageA, pageB: pageB, options: options,
      sizeA: sizes.0, sizeB: sizes.1, textChanges: textChanges,
      extraMasks: extraMasks, texts: texts, editedLines: editedLines)
    if let move = pageDiff.regions.first, move.wholePage, pageDiff.regions.count > 1 {
      // The page moved as a whole and something is left: A drawn moved by the move's exact
      // distance is laid on B, so rules and images that the move turned into other pixels
      // (a 0.4 pt rule 0.25 pt lower is two grey rows, not one black) are the move's, and
      // only what differs beyond it is classified.
      let movedA = try a.render(
        page: pageA, dpi: options.dpi, offset: (move.shiftX, move.shiftY))
      (pageDiff, comparison) = compareRasters(
        movedA, rasterB, pageA: pageA, pageB: pageB, options: options,
        sizeA: sizes.0, sizeB: sizes.1, textChanges: textChanges,
        extraMasks: extraMasks, pageMove: move, editedLines: editedLines)
    }
    if !pageDiff.regions.isEmpty {
      let (textA, textB) = texts
      pageDiff.regions = pageDiff.regions.map { region in
        var region = region
        region.textA = textA.words(in: region.points)
        region.textB = textB.words(in: region.points)
        return region
      }
    }
    if let artifacts, pageDiff.reasons.contains(.pixels) || pageDiff.reasons.contains(.size) {
      let diff = DiffImages.highlight(
        reference: rasterA, comparison: comparison,
        frames: pageDiff.regions.filter(\.counts).map(\.pixels))
      try artifacts(
        PageArtifacts(
          page: pageA, diff: diff, a: rasterA, b: rasterB))
    }
    return pageDiff
  }
}

extension PixelComparison {
  func replacingClasses(_ classes: [UInt8]) -> PixelComparison {
    PixelComparison(
      width: width, height: height, differingPixels: differingPixels, maskedPixels: maskedPixels,
      changedRegion: changedRegion, classes: classes, masks: masks)
  }
}
