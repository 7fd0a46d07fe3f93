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

  /// `--dpi`: a number from 1 to 1200; nil when absent.
  static func dpi(_ arguments: ParsedArguments, _ option: OptionSpec = .dpi) throws(PaperError)
    -> Double?
  {
    try arguments.number(option, in: dpiRange)
  }

  /// What `--dpi` takes, as its help says.
  static let dpiRange = 1.0...1200

  /// `--page-timeout SECONDS`: 0.1 to 3600, default `PageWatchdog.defaultSeconds`.
  static func pageTimeout(_ arguments: ParsedArguments) throws(PaperError) -> Double {
    try arguments.number(.pageTimeout, in: 0.1...3600, described: "a number of seconds")
      ?? PageWatchdog.defaultSeconds
  }

  /// The comparison options (`comparisonSpecs`) as asked; RuaPaperKit checks the rest.
  static func comparison(_ arguments: ParsedArguments) throws(PaperError) -> ComparisonRequest {
    var request = ComparisonRequest()
    request.tolerance = try arguments.integer(.tolerance, in: 0...255)
    request.maxDiffPixels = try arguments.integer(.maxDiffPixels, in: 0...Int.max)
    request.masks = arguments.all(.mask)
    arguments.copy(
      into: &request,
      [
        (.thresholdRatio, \.thresholdRatio), (.maxShift, \.maxShift),
        (.colourThreshold, \.colourThreshold),
      ])
    request.maskText = arguments.all(.maskText)
    request.compareVolatile = arguments.flag(.compareVolatile)
    return request
  }

  /// The options every comparing command shares (`diff`, `snapshot`).
  static let comparisonSpecs: [OptionSpec] = [
    .tolerance, .maxDiffPixels, .thresholdRatio, .maxShift, .colourThreshold, .mask, .maskText,
    .compareVolatile,
  ]
}

extension OptionSpec {
  /// `diff` and `rasterize` (`snapshot` has its own: goldens are recorded at 50).
  static let dpi = OptionSpec(
    "dpi", .value, value: "N",
    help: "resolution, \(Int(VisualSupport.dpiRange.lowerBound)) to "
      + "\(Int(VisualSupport.dpiRange.upperBound)) (default \(Int(DiffOptions.defaultDPI)))")
  static let pageTimeout = OptionSpec(
    "page-timeout", .value, value: "SECONDS",
    help:
      "longest one page may take to draw or read; then the command stops (default \(Int(PageWatchdog.defaultSeconds)))"
  )
  fileprivate static let tolerance = OptionSpec(
    "tolerance", .value, value: "T", help: "per-channel difference ignored, 0-255 (default 0)")
  fileprivate static let maxDiffPixels = OptionSpec(
    "max-diff-pixels", .value, value: "P", help: "differing pixels allowed per page (default 0)")
  fileprivate static let thresholdRatio = OptionSpec(
    "threshold-ratio", .value, value: "R",
    help: "differing pixels allowed as a share of the page, 0-1 (the larger allowance wins)")
  fileprivate static let maxShift = OptionSpec(
    "max-shift", .value, value: "Npt",
    help: "content moved by at most N points passes (reported as moved)")
  fileprivate static let colourThreshold = OptionSpec(
    "colour-threshold", .value, value: "C",
    help: "colour difference that counts, 0-1, YIQ as pixelmatch (default 0.05)")
  fileprivate static let mask = OptionSpec(
    "mask", .repeated, value: "PAGE:x,y,w,h", help: "ignore a rectangle (points; page or *)")
  fileprivate static let maskText = OptionSpec(
    "mask-text", .repeated, value: "REGEX", help: "ignore the words matching REGEX (any page)")
  fileprivate static let compareVolatile = OptionSpec(
    "compare-volatile",
    help: "also compare the per-print values the PDFs mark (printed time, log anchor)")
}
