// SPDX-License-Identifier: Apache-2.0
public import RuaVisual

/// How two PDFs are to be compared, as `diff` and `snapshot` were asked (their shared
/// comparison options, by name): the numbers already read, the texts still to be checked
/// here, where the values of a comparison are known.
public struct ComparisonRequest: Sendable {
  public var tolerance: Int?
  public var maxDiffPixels: Int?
  /// `--mask PAGE:x,y,w,h`, each as written.
  public var masks: [String] = []
  /// `--threshold-ratio`: a share of the page, 0 to 1.
  public var thresholdRatio: String?
  /// `--max-shift`: points, 0 to 72, with or without `pt`.
  public var maxShift: String?
  /// `--colour-threshold`: a YIQ difference, 0 to 1.
  public var colourThreshold: String?
  public var maskText: [String] = []
  /// `--compare-volatile`: the marked per-print values are compared too.
  public var compareVolatile = false

  public init() {}

  /// The diff options at `dpi`; a value out of its range is refused naming its option.
  public func options(dpi: Double) throws(PaperError) -> DiffOptions {
    var options = DiffOptions(dpi: dpi)
    options.tolerance = tolerance ?? 0
    options.maxDiffPixels = maxDiffPixels ?? 0
    for text in masks {
      do { options.masks.append(try Mask(parsing: text)) } catch {
        throw .invalidRequest(error.message)
      }
    }
    if let text = thresholdRatio {
      guard let ratio = Double(text), ratio.isFinite, (0...1).contains(ratio) else {
        throw .invalidRequest(
          "--threshold-ratio must be a share of the page from 0 to 1 (0.001 is 0.1 %), not '\(text)'"
        )
      }
      options.thresholdRatio = ratio
    }
    if let text = maxShift {
      let number = text.hasSuffix("pt") ? String(text.dropLast(2)) : text
      guard let points = Double(number), points.isFinite, (0...72).contains(points) else {
        throw .invalidRequest(
          "--max-shift must be a distance in points from 0 to 72 such as 1pt, not '\(text)'")
      }
      options.maxShift = points
    }
    if let text = colourThreshold {
      guard let threshold = Double(text), threshold.isFinite, (0...1).contains(threshold) else {
        throw .invalidRequest(
          "--colour-threshold must be a YIQ colour difference from 0 to 1 (pixelmatch's scale), "
            + "not '\(text)'")
      }
      options.colourThreshold = threshold
    }
    options.maskText = maskText
    options.maskVolatile = !compareVolatile
    return options
  }
}
