// SPDX-License-Identifier: Apache-2.0
/// How two documents or rasters are compared.
public struct DiffOptions: Sendable, Equatable {
  /// Rendering resolution; pages become `ceil(points × dpi / 72)` pixels.
  public var dpi: Double
  /// Per-channel tolerance 0…255: a pixel differs when any of A, R, G, B differs by more.
  public var tolerance: Int
  /// Differing pixels allowed per page before the page counts as different.
  public var maxDiffPixels: Int
  /// Differing pixels allowed as a share of the page (0…1); the larger allowance wins.
  public var thresholdRatio: Double
  /// A region whose content matches the other side moved by at most this many points passes.
  public var maxShift: Double
  /// Differing pixels closer than this (points) belong to one region.
  public var mergeDistance: Double
  /// Regions to ignore, in points.
  public var masks: [Mask]
  /// Words matching any of these patterns are masked (found through poppler's text layout).
  public var maskText: [String]
  /// Also compare each page's text (poppler_page_get_text) line by line.
  public var compareText: Bool
  /// Also compare the document structure (tags, metadata, fonts, boxes, outlines, links).
  public var compareStructure: Bool
  /// Pair pages by content so an inserted or removed page leaves the others paired.
  public var alignPages: Bool
  /// Colour difference (0…1, pixelmatch's YIQ scale: a pixel differs in colour when its
  /// delta exceeds `35215 × threshold²`) above which a region whose shapes did not change is
  /// a colour change; anti-aliased edges in both images aside.
  public var colourThreshold: Double
  /// Mask the per-print values the PDFs mark at the source (`VolatileMarks`).
  public var maskVolatile: Bool

  public static let defaultDPI = 150.0
  public static let defaultMergeDistance = 4.0
  /// Half of pixelmatch's default 0.1: #eeeeee on white (delta 146) is a change, #f5f5f5
  /// (delta 51) is not; rendering noise at pixels that are no edge is nil (one renderer).
  public static let defaultColourThreshold = 0.05

  public init(
    dpi: Double = DiffOptions.defaultDPI, tolerance: Int = 0, maxDiffPixels: Int = 0,
    thresholdRatio: Double = 0, maxShift: Double = 0,
    mergeDistance: Double = DiffOptions.defaultMergeDistance, masks: [Mask] = [],
    maskText: [String] = [], compareText: Bool = false, compareStructure: Bool = false,
    alignPages: Bool = true, maskVolatile: Bool = true,
    colourThreshold: Double = DiffOptions.defaultColourThreshold
  ) {
    self.colourThreshold = colourThreshold
    self.maskVolatile = maskVolatile
    self.dpi = dpi
    self.tolerance = tolerance
    self.maxDiffPixels = maxDiffPixels
    self.thresholdRatio = thresholdRatio
    self.maxShift = maxShift
    self.mergeDistance = mergeDistance
    self.masks = masks
    self.maskText = maskText
    self.compareText = compareText
    self.compareStructure = compareStructure
    self.alignPages = alignPages
  }

  /// Throws when a value is out of range, naming the option.
  public func validate() throws(VisualError) {
    guard dpi.isFinite, dpi >= 1, dpi <= 1200 else {
      throw VisualError(.invalidArgument, "--dpi must be between 1 and 1200, not \(dpi)")
    }
    guard (0...255).contains(tolerance) else {
      throw VisualError(.invalidArgument, "--tolerance must be between 0 and 255, not \(tolerance)")
    }
    guard maxDiffPixels >= 0 else {
      throw VisualError(
        .invalidArgument, "--max-diff-pixels must be 0 or more, not \(maxDiffPixels)")
    }
    guard thresholdRatio.isFinite, (0...1).contains(thresholdRatio) else {
      throw VisualError(
        .invalidArgument, "--threshold-ratio must be between 0 and 1, not \(thresholdRatio)")
    }
    guard maxShift.isFinite, (0...72).contains(maxShift) else {
      throw VisualError(
        .invalidArgument, "--max-shift must be between 0 and 72 points, not \(maxShift)")
    }
    guard colourThreshold.isFinite, (0...1).contains(colourThreshold) else {
      throw VisualError(
        .invalidArgument, "--colour-threshold must be between 0 and 1, not \(colourThreshold)")
    }
    guard mergeDistance.isFinite, (0...72).contains(mergeDistance) else {
      throw VisualError(
        .invalidArgument, "the merge distance must be between 0 and 72 points, not \(mergeDistance)"
      )
    }
  }

  /// Pixels allowed on a page of `area` pixels: the larger of the count and the ratio.
  public func allowedPixels(area: Int) -> Int {
    max(maxDiffPixels, Int((thresholdRatio * Double(area)).rounded(.down)))
  }
}
