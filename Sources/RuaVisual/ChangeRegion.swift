/// One cluster of differing pixels on a page, and what it is.
public struct ChangeRegion: Sendable, Equatable {
  public enum Kind: String, Sendable {
    /// Content differs: an edit.
    case changed
    /// The same content, displaced by `shift`.
    case moved
    /// Only anti-aliased edge pixels differ (no net displacement): rendering noise.
    case antialiasing
  }

  public let kind: Kind
  /// The box in pixels at the report's dpi, and in points from the top-left corner.
  public let pixels: PixelRect
  public let points: PointRect
  /// Differing pixels in the box (anti-aliased edge pixels left out of a `changed` region).
  public let pixelCount: Int
  /// For `moved`: the displacement from A to B in points (x right, y down).
  public let shiftX: Double
  public let shiftY: Double
  /// Whether the region makes the page differ (a move within --max-shift and anti-aliasing
  /// do not).
  public let counts: Bool
  /// The words under the box in A and in B (poppler's text layout); nil when not read.
  public var textA: String?
  public var textB: String?

  public init(
    kind: Kind, pixels: PixelRect, points: PointRect, pixelCount: Int, shiftX: Double = 0,
    shiftY: Double = 0, counts: Bool, textA: String? = nil, textB: String? = nil
  ) {
    self.kind = kind
    self.pixels = pixels
    self.points = points
    self.pixelCount = pixelCount
    self.shiftX = shiftX
    self.shiftY = shiftY
    self.counts = counts
    self.textA = textA
    self.textB = textB
  }

  /// The displacement's length in points.
  public var shiftDistance: Double { (shiftX * shiftX + shiftY * shiftY).squareRoot() }

  /// `--mask PAGE:x,y,w,h` covering the region (rounded outwards to whole points).
  public func mask(page: Int) -> Mask {
    let left = points.x.rounded(.down)
    let top = points.y.rounded(.down)
    let right = (points.x + points.width).rounded(.up)
    let bottom = (points.y + points.height).rounded(.up)
    return Mask(
      page: page, rect: PointRect(x: left, y: top, width: right - left, height: bottom - top))
  }

  /// "text changed: '87 years' → '88 years'", "text same: '…'", or nil without text.
  public var textSummary: String? {
    guard let textA, let textB else { return nil }
    if textA.isEmpty && textB.isEmpty { return nil }
    if textA == textB { return "text same: '\(textA)'" }
    if textA.isEmpty { return "text added: '\(textB)'" }
    if textB.isEmpty { return "text removed: '\(textA)'" }
    return "text changed: '\(textA)' → '\(textB)'"
  }

  /// What the region is, in a few words: "changed", "moved by 0.2 pt right", "anti-aliasing".
  public var kindSummary: String {
    switch kind {
    case .changed: return "changed"
    case .antialiasing: return "anti-aliasing only"
    case .moved:
      var parts: [String] = []
      if abs(shiftX) >= 0.005 {
        parts.append(Self.number(abs(shiftX)) + (shiftX > 0 ? " pt right" : " pt left"))
      }
      if abs(shiftY) >= 0.005 {
        parts.append(Self.number(abs(shiftY)) + (shiftY > 0 ? " pt down" : " pt up"))
      }
      return "moved by " + (parts.isEmpty ? "less than 0.01 pt" : parts.joined(separator: ", "))
    }
  }

  /// Two decimals at most: `0.2`, `1.25`, `3`.
  static func number(_ value: Double) -> String {
    let hundredths = (value * 100).rounded() / 100
    if hundredths == hundredths.rounded() { return String(Int(hundredths)) }
    var text = String(hundredths)
    while text.hasSuffix("0") { text.removeLast() }
    return text
  }
}
