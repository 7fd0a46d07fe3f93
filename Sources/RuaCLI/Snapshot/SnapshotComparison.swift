import RuaVisual

/// One new document held against its golden files.
///
/// Bytes first (the golden PDF); when they differ, every page of the new PDF is rendered with
/// poppler at the golden dpi and compared with the golden PNG of that page.
struct SnapshotComparison {
  enum Result {
    /// No golden PDF.
    case missing
    case identicalBytes
    /// The bytes differ but every page matches its golden PNG under the options.
    case samePixels
    case different(DiffReport)
  }

  let result: Result
  /// The new pages at the golden dpi (empty when the bytes matched or nothing was golden).
  let newPages: [Raster]
  /// Diff pictures of the pages whose pixels or size differ.
  let artifacts: [PagePictures]

  /// What `DiffCommand --out` writes for a page, made here from the golden PNG.
  struct PagePictures {
    let page: Int
    let diff: Raster
    let sideBySide: Raster
  }

  static func compare(
    _ bytes: [UInt8], _ name: SnapshotName, golden root: String, options: DiffOptions
  ) throws(CLIError) -> SnapshotComparison {
    guard let goldenBytes = GoldenFolder.readFile(name.pdf(in: root)) else {
      return SnapshotComparison(result: .missing, newPages: [], artifacts: [])
    }
    if goldenBytes == bytes {
      return SnapshotComparison(result: .identicalBytes, newPages: [], artifacts: [])
    }
    let newPages = try render(bytes, name, dpi: options.dpi)
    let goldenCount = GoldenFolder.pageCount(of: name, in: root)
    var pages: [PageDiff] = []
    var artifacts: [PagePictures] = []
    for page in 1...max(1, max(goldenCount, newPages.count)) {
      guard page <= goldenCount, page <= newPages.count else {
        pages.append(
          PageDiff(
            page: page, sizeA: nil, sizeB: nil, differingPixels: 0, maskedPixels: 0,
            allowedPixels: options.maxDiffPixels, changedPixels: nil, changedPoints: nil,
            textChanges: [], reasons: [.missingPage]))
        continue
      }
      let golden = try GoldenFolder.readPNG(
        name.png(page, in: root), shownAs: name.shown + "-p\(page).png")
      let new = newPages[page - 1]
      let pageDiff = VisualDiff.compare(raster: golden, raster: new, page: page, options: options)
      pages.append(pageDiff)
      if pageDiff.isDifferent {
        artifacts.append(pictures(golden, new, page: page, options: options))
      }
    }
    let report = DiffReport(
      options: options, identicalBytes: false, pageCountA: goldenCount,
      pageCountB: newPages.count, pages: pages)
    return SnapshotComparison(
      result: report.isSame ? .samePixels : .different(report), newPages: newPages,
      artifacts: artifacts)
  }

  /// Every page of a PDF at `dpi`, as the goldens are made.
  static func render(_ bytes: [UInt8], _ name: SnapshotName, dpi: Double) throws(CLIError)
    -> [Raster]
  {
    do {
      let document = try PDFDocument(bytes: bytes, name: name.shown + ".pdf")
      var pages: [Raster] = []
      for page in 0..<document.pageCount {
        pages.append(try document.render(page: page + 1, dpi: dpi))
      }
      return pages
    } catch {
      throw CLIError(error.message, code: SnapshotPlan.error)
    }
  }

  /// The diff image (red over the faded golden) and `golden | new | diff`.
  private static func pictures(_ golden: Raster, _ new: Raster, page: Int, options: DiffOptions)
    -> PagePictures
  {
    let grid = PixelGrid(dpi: options.dpi)
    let width = max(golden.width, new.width)
    let height = max(golden.height, new.height)
    let masks = options.masks.filter { $0.applies(to: page) }.compactMap {
      grid.pixelRect($0.rect, clipWidth: width, clipHeight: height)
    }
    let comparison = PixelDiff.compare(
      golden, new, tolerance: options.tolerance, masks: masks, keepClasses: true)
    let diff = DiffImages.highlight(reference: golden, comparison: comparison)
    return PagePictures(
      page: page, diff: diff, sideBySide: DiffImages.sideBySide(golden, new, diff))
  }
}
