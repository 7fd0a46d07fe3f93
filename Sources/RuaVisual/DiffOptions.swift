/// How two documents or rasters are compared.
public struct DiffOptions: Sendable, Equatable {
  /// Rendering resolution; pages become `ceil(points × dpi / 72)` pixels.
  public var dpi: Double
  /// Per-channel tolerance 0…255: a pixel differs when any of A, R, G, B differs by more.
  public var tolerance: Int
  /// Differing pixels allowed per page before the page counts as different.
  public var maxDiffPixels: Int
  /// Regions to ignore, in points.
  public var masks: [Mask]
  /// Also compare each page's text (poppler_page_get_text) line by line.
  public var compareText: Bool

  public static let defaultDPI = 150.0

  public init(
    dpi: Double = DiffOptions.defaultDPI, tolerance: Int = 0, maxDiffPixels: Int = 0,
    masks: [Mask] = [], compareText: Bool = false
  ) {
    self.dpi = dpi
    self.tolerance = tolerance
    self.maxDiffPixels = maxDiffPixels
    self.masks = masks
    self.compareText = compareText
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
  }
}
