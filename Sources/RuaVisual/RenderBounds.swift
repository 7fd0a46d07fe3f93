// SPDX-License-Identifier: Apache-2.0
/// How much a hostile PDF may make `rasterize` and `diff` render, checked from the page sizes
/// before a pixel is drawn: an image side at most cairo's 32,767 pixels, at most
/// `pixelsPerPage` pixels in one page image (400 MB as ARGB32) and at most `pixelsInTotal`
/// pixels over a whole run. A refusal names the page, its size in points and pixels, and the
/// highest `--dpi` that fits (docs/visual-regression.md, "Bounds").
public enum RenderBounds {
  /// 100 million pixels: A4 up to 1,017 dpi, A3 up to 718.
  public static let pixelsPerPage = 100_000_000
  /// 4,000 million pixels: about 460 A4 pages at 300 dpi, both sides of a diff counted.
  public static let pixelsInTotal = 4_000_000_000

  /// Refuses page `page` of `name` (`size` in points) when its image at `dpi` is too large.
  public static func check(_ size: PageSize, dpi: Double, name: String, page: Int)
    throws(VisualError)
  {
    let (width, height) = PixelGrid(dpi: dpi).pixelSize(of: size)
    let edge = ImageSurface.maximumEdge
    let what =
      "page \(page) of \(name) would be \(width) × \(height) pixels at \(dpiText(dpi)) dpi"
    if width > edge || height > edge {
      throw VisualError(
        .invalidArgument,
        "\(what), more than the \(edge) cairo allows per side; \(advice(size))")
    }
    if width * height > pixelsPerPage {
      throw VisualError(
        .invalidArgument,
        "\(what) (\(pointText(size))), more than the \(grouped(pixelsPerPage)) pixels rua-paper "
          + "renders of one page; \(advice(size))")
    }
  }

  /// Refuses a run whose pages (`sizes`, every page of every document it renders) add up to
  /// more than `pixelsInTotal` at `dpi`.
  public static func checkTotal(_ sizes: [PageSize], dpi: Double) throws(VisualError) {
    let grid = PixelGrid(dpi: dpi)
    var total = 0
    for size in sizes {
      let (width, height) = grid.pixelSize(of: size)
      total += width * height
      if total > pixelsInTotal {
        throw VisualError(
          .invalidArgument,
          "the \(sizes.count) pages would be more than \(grouped(pixelsInTotal)) pixels in all at "
            + "\(dpiText(dpi)) dpi; use a lower --dpi or --pages to render fewer")
      }
    }
  }

  /// Refuses, before anything is drawn, a page of `documents` (those in `pages`; nil: all)
  /// too large for an image at `dpi`, and a run too large in all.
  public static func check(_ documents: [PDFDocument], pages: [Int]? = nil, dpi: Double)
    throws(VisualError)
  {
    var sizes: [PageSize] = []
    for document in documents where document.pageCount > 0 {
      for page in pages ?? Array(1...document.pageCount) {
        let size = try document.pageSize(page)
        try check(size, dpi: dpi, name: document.name, page: page)
        sizes.append(size)
      }
    }
    try checkTotal(sizes, dpi: dpi)
  }

  /// The highest whole dpi at which a page of `size` fits both bounds (0 when none does).
  public static func highestDPI(for size: PageSize) -> Int {
    let longest = max(size.width, size.height, 1)
    let bySide = Double(ImageSurface.maximumEdge) * 72 / longest
    let area = max(size.width * size.height, 1)
    let byArea = 72 * (Double(pixelsPerPage) / area).squareRoot()
    var dpi = Int(min(bySide, byArea, 1200).rounded(.down))
    // The ceil rule can add a pixel per side: step down until the page really fits.
    while dpi > 0 {
      let (width, height) = PixelGrid(dpi: Double(dpi)).pixelSize(of: size)
      if width <= ImageSurface.maximumEdge, height <= ImageSurface.maximumEdge,
        width * height <= pixelsPerPage
      {
        break
      }
      dpi -= 1
    }
    return dpi
  }

  private static func advice(_ size: PageSize) -> String {
    let dpi = highestDPI(for: size)
    return dpi >= 1
      ? "use --dpi \(dpi) or lower" : "this page is too large to render at any --dpi"
  }

  static func dpiText(_ dpi: Double) -> String {
    dpi == dpi.rounded() && abs(dpi) < 1e9 ? String(Int(dpi)) : String(dpi)
  }

  private static func pointText(_ size: PageSize) -> String {
    "\(dpiText(size.width.rounded())) × \(dpiText(size.height.rounded())) pt"
  }

  /// 100000000 → "100,000,000".
  static func grouped(_ number: Int) -> String {
    var digits = Array(String(number))
    var index = digits.count - 3
    while index > 0 {
      digits.insert(",", at: index)
      index -= 3
    }
    return String(digits)
  }
}
