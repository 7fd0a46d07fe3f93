/// The pictures made for one differing page.
public struct PageArtifacts {
  public let page: Int
  /// Red over a faded copy of page A (masked areas tinted blue).
  public let diff: Raster
  /// `A | B | diff`.
  public let sideBySide: Raster
}

/// Compares PDFs: identical bytes first, then page count and sizes, text, then pixels.
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
    try options.validate()
    if a.bytes == b.bytes {
      return DiffReport(
        options: options, identicalBytes: true, pageCountA: a.pageCount,
        pageCountB: b.pageCount, pages: [])
    }
    var pages: [PageDiff] = []
    for page in 1...max(1, max(a.pageCount, b.pageCount)) {
      guard page <= a.pageCount, page <= b.pageCount else {
        if page > a.pageCount && page > b.pageCount { break }
        pages.append(
          PageDiff(
            page: page, sizeA: page <= a.pageCount ? try a.pageSize(page) : nil,
            sizeB: page <= b.pageCount ? try b.pageSize(page) : nil, differingPixels: 0,
            maskedPixels: 0, allowedPixels: options.maxDiffPixels, changedPixels: nil,
            changedPoints: nil, textChanges: [], reasons: [.missingPage]))
        continue
      }
      pages.append(try comparePage(page, a, b, options: options, artifacts: artifacts))
    }
    return DiffReport(
      options: options, identicalBytes: false, pageCountA: a.pageCount, pageCountB: b.pageCount,
      pages: pages)
  }

  /// Compares two rasters as page `page` at `options.dpi` (masks in points, as for PDFs).
  public static func compare(
    raster a: Raster, raster b: Raster, page: Int = 1, options: DiffOptions = DiffOptions()
  ) -> PageDiff {
    let (pageDiff, _) = compareRasters(a, b, page: page, options: options, keepClasses: false)
    return pageDiff
  }

  /// Compares two rasters and also returns the per-pixel classes used for the diff pictures.
  static func compareRasters(
    _ a: Raster, _ b: Raster, page: Int, options: DiffOptions, keepClasses: Bool,
    sizeA: PageSize? = nil, sizeB: PageSize? = nil, textChanges: [TextChange] = []
  ) -> (PageDiff, PixelComparison) {
    let grid = PixelGrid(dpi: options.dpi)
    let width = max(a.width, b.width)
    let height = max(a.height, b.height)
    let masks = options.masks.filter { $0.applies(to: page) }.compactMap {
      grid.pixelRect($0.rect, clipWidth: width, clipHeight: height)
    }
    let comparison = PixelDiff.compare(
      a, b, tolerance: options.tolerance, masks: masks, keepClasses: keepClasses)
    var reasons: [DiffReason] = []
    let sizeDiffers =
      sizeA != nil && sizeB != nil ? sizeA != sizeB : (a.width != b.width || a.height != b.height)
    if sizeDiffers { reasons.append(.size) }
    if comparison.differingPixels > options.maxDiffPixels { reasons.append(.pixels) }
    if !textChanges.isEmpty { reasons.append(.text) }
    let pageDiff = PageDiff(
      page: page, sizeA: sizeA, sizeB: sizeB, differingPixels: comparison.differingPixels,
      maskedPixels: comparison.maskedPixels, allowedPixels: options.maxDiffPixels,
      changedPixels: comparison.changedRegion,
      changedPoints: comparison.changedRegion.map(grid.pointRect), textChanges: textChanges,
      reasons: reasons)
    return (pageDiff, comparison)
  }

  private static func comparePage(
    _ page: Int, _ a: PDFDocument, _ b: PDFDocument, options: DiffOptions,
    artifacts: ((PageArtifacts) throws(VisualError) -> Void)?
  ) throws(VisualError) -> PageDiff {
    let textChanges =
      options.compareText ? TextDiff.lines(try a.text(page: page), try b.text(page: page)) : []
    let rasterA = try a.render(page: page, dpi: options.dpi)
    let rasterB = try b.render(page: page, dpi: options.dpi)
    let (pageDiff, comparison) = compareRasters(
      rasterA, rasterB, page: page, options: options, keepClasses: artifacts != nil,
      sizeA: try a.pageSize(page), sizeB: try b.pageSize(page), textChanges: textChanges)
    if let artifacts, pageDiff.reasons.contains(.pixels) || pageDiff.reasons.contains(.size) {
      let diff = DiffImages.highlight(reference: rasterA, comparison: comparison)
      try artifacts(
        PageArtifacts(
          page: page, diff: diff, sideBySide: DiffImages.sideBySide(rasterA, rasterB, diff)))
    }
    return pageDiff
  }
}
