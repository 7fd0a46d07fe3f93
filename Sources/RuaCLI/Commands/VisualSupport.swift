// SPDX-License-Identifier: Apache-2.0
import CLinux
import Glibc
import RuaCore
import RuaPaperKit
import RuaVisual

/// Helpers shared by `rasterize`, `diff` (and later `snapshot`): option values, output files and
/// the JSON form of a diff report.
enum VisualSupport {
  /// Keeps freed page-sized buffers in the heap instead of returning them to the kernel.
  ///
  /// A page at 300 dpi is a 35 MB image, above glibc's automatic mmap threshold (at most
  /// 32 MB), so every render and poppler's transparency group was a fresh mmap and its page
  /// faults took most of a 50-page diff (2.5 s → 0.5 s at 300 dpi with this, measured).
  /// Process-wide, so only the visual commands call it. Returns whether glibc accepted it.
  @discardableResult
  static func keepLargeBuffers() -> Bool {
    let mmap = mallopt(M_MMAP_THRESHOLD, 256 << 20)
    let trim = mallopt(M_TRIM_THRESHOLD, 512 << 20)
    return mmap == 1 && trim == 1
  }

  /// Writes a report file (`--junit`, summary.md) whole, or says why it cannot.
  static func writeText(_ text: String, to path: String) throws(PaperError) {
    if let problem = VisualFiles.writeFile(Array(text.utf8), to: path) {
      throw PaperError(problem, kind: .invalidData)
    }
  }

  /// Parses `--dpi`: a number from 1 to 1200.
  static func dpi(_ text: String?, kind: PaperError.Kind) throws(PaperError) -> Double {
    guard let text else { return DiffOptions.defaultDPI }
    guard let value = Double(text), value.isFinite, value >= 1, value <= 1200 else {
      throw PaperError("--dpi must be a number from 1 to 1200, not '\(text)'", kind: kind)
    }
    return value
  }

  /// Parses a whole-number option within `range`.
  static func integer(
    _ text: String?, option: String, range: ClosedRange<Int>, kind: PaperError.Kind
  )
    throws(PaperError) -> Int?
  {
    guard let text else { return nil }
    guard let value = Int(text), range.contains(value) else {
      let upper = range.upperBound == Int.max ? "or more" : "to \(range.upperBound)"
      throw PaperError(
        "--\(option) must be a whole number from \(range.lowerBound) \(upper), not '\(text)'",
        kind: kind)
    }
    return value
  }

  /// Refuses, before anything is drawn, pages too large for an image at `dpi` and a run too
  /// large in all (`RenderBounds`): every page of `documents` in `pages` (nil: all).
  static func checkPixels(
    _ documents: [PDFDocument], pages: [Int]? = nil, dpi: Double,
    kind: PaperError.Kind
  ) throws(PaperError) {
    var sizes: [PageSize] = []
    do throws(VisualError) {
      for document in documents where document.pageCount > 0 {
        for page in pages ?? Array(1...document.pageCount) {
          let size = try document.pageSize(page)
          try RenderBounds.check(size, dpi: dpi, name: document.name, page: page)
          sizes.append(size)
        }
      }
      try RenderBounds.checkTotal(sizes, dpi: dpi)
    } catch {
      throw PaperError(error.message, kind: error.kind == .invalidArgument ? kind : .invalidData)
    }
  }

  /// `--page-timeout SECONDS`: 0.1 to 3600, default `PageWatchdog.defaultSeconds`.
  static func pageTimeout(_ text: String?) throws(PaperError) -> Double {
    guard let text else { return PageWatchdog.defaultSeconds }
    guard let value = Double(text), value.isFinite, value >= 0.1, value <= 3600 else {
      throw .invalidRequest(
        "--page-timeout must be a number of seconds from 0.1 to 3600, not '\(text)'")
    }
    return value
  }

  static let pageTimeoutSpec = OptionSpec(
    "page-timeout", .value, value: "SECONDS",
    help:
      "longest one page may take to draw or read; then the command stops (default \(Int(PageWatchdog.defaultSeconds)))"
  )

  /// `--tolerance`, `--max-diff-pixels` and `--mask` as diff options at `dpi`; a bad value is
  /// refused with `code`.
  static func diffOptions(_ arguments: ParsedArguments, dpi: Double, kind: PaperError.Kind)
    throws(PaperError) -> DiffOptions
  {
    var options = DiffOptions(dpi: dpi)
    options.tolerance =
      try integer(arguments.value("tolerance"), option: "tolerance", range: 0...255, kind: kind)
      ?? 0
    options.maxDiffPixels =
      try integer(
        arguments.value("max-diff-pixels"), option: "max-diff-pixels", range: 0...Int.max,
        kind: kind) ?? 0
    for text in arguments.all("mask") {
      do { options.masks.append(try Mask(parsing: text)) } catch {
        throw PaperError(error.message, kind: kind)
      }
    }
    if let text = arguments.value("threshold-ratio") {
      guard let ratio = Double(text), ratio.isFinite, (0...1).contains(ratio) else {
        throw PaperError(
          "--threshold-ratio must be a share of the page from 0 to 1 (0.001 is 0.1 %), not '\(text)'",
          kind: kind)
      }
      options.thresholdRatio = ratio
    }
    if let text = arguments.value("max-shift") {
      let number = text.hasSuffix("pt") ? String(text.dropLast(2)) : text
      guard let points = Double(number), points.isFinite, (0...72).contains(points) else {
        throw PaperError(
          "--max-shift must be a distance in points from 0 to 72 such as 1pt, not '\(text)'",
          kind: kind)
      }
      options.maxShift = points
    }
    if let text = arguments.value("colour-threshold") {
      guard let threshold = Double(text), threshold.isFinite, (0...1).contains(threshold) else {
        throw PaperError(
          "--colour-threshold must be a YIQ colour difference from 0 to 1 (pixelmatch's scale), "
            + "not '\(text)'", kind: kind)
      }
      options.colourThreshold = threshold
    }
    options.maskText = arguments.all("mask-text")
    options.maskVolatile = !arguments.flag("compare-volatile")
    return options
  }

  /// The options every comparing command shares (`diff`, `snapshot`).
  static let comparisonSpecs: [OptionSpec] = [
    OptionSpec(
      "tolerance", .value, value: "T", help: "per-channel difference ignored, 0-255 (default 0)"),
    OptionSpec(
      "max-diff-pixels", .value, value: "P", help: "differing pixels allowed per page (default 0)"),
    OptionSpec(
      "threshold-ratio", .value, value: "R",
      help: "differing pixels allowed as a share of the page, 0-1 (the larger allowance wins)"),
    OptionSpec(
      "max-shift", .value, value: "Npt",
      help: "content moved by at most N points passes (reported as moved)"),
    OptionSpec(
      "colour-threshold", .value, value: "C",
      help: "colour difference that counts, 0-1, YIQ as pixelmatch (default 0.05)"),
    OptionSpec(
      "mask", .repeated, value: "PAGE:x,y,w,h", help: "ignore a rectangle (points; page or *)"),
    OptionSpec(
      "mask-text", .repeated, value: "REGEX", help: "ignore the words matching REGEX (any page)"),
    OptionSpec(
      "compare-volatile",
      help: "also compare the per-print values the PDFs mark (printed time, log anchor)"),
  ]
}
