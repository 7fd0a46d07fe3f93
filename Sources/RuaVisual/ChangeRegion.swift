// SPDX-License-Identifier: Apache-2.0
/// One cluster of differing pixels on a page, and what it is.
public struct ChangeRegion: Sendable, Equatable {
  public enum Kind: String, Sendable {
    /// Content differs: an edit.
    case changed
    /// The same content, displaced by `shift`.
    case moved
    /// Only anti-aliased edge pixels differ (no net displacement): rendering noise.
    case antialiasing
    /// The same shapes in the same place, another colour (`colourA` → `colourB`).
    case colour
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
  /// For `colour`: the most common changed colour in A and in B (`#1f3a93`).
  public var colourA: String?
  public var colourB: String?
  /// For `moved`: the move of everything that differs on the page (one region for the page).
  public var wholePage: Bool

  public init(
    kind: Kind, pixels: PixelRect, points: PointRect, pixelCount: Int, shiftX: Double = 0,
    shiftY: Double = 0, counts: Bool, textA: String? = nil, textB: String? = nil,
    colourA: String? = nil, colourB: String? = nil, wholePage: Bool = false
  ) {
    self.colourA = colourA
    self.colourB = colourB
    self.wholePage = wholePage
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

  /// "text changed: 'food' → 'milk'" (the words that differ, with the words both share around
  /// them left out), "text same: '…'", or nil without text; long text is cut to an excerpt.
  public var textSummary: String? {
    guard let textA, let textB else { return nil }
    if textA.isEmpty && textB.isEmpty { return nil }
    if textA == textB { return "text same: '\(Self.excerpt(textA))'" }
    if textA.isEmpty { return "text added: '\(Self.excerpt(textB))'" }
    if textB.isEmpty { return "text removed: '\(Self.excerpt(textA))'" }
    let (before, after) = Self.edit(textA, textB)
    return "text changed: '\(Self.excerpt(before))' → '\(Self.excerpt(after))'"
  }

  /// The words of `a` and `b` that differ: the words both begin and end with are dropped, one
  /// of them kept for context when a side would be left empty (a word added or removed).
  static func edit(_ a: String, _ b: String) -> (String, String) {
    let wordsA = a.split(separator: " ")
    let wordsB = b.split(separator: " ")
    var start = 0
    while start < min(wordsA.count, wordsB.count), wordsA[start] == wordsB[start] { start += 1 }
    var end = 0
    while end < min(wordsA.count, wordsB.count) - start,
      wordsA[wordsA.count - 1 - end] == wordsB[wordsB.count - 1 - end]
    {
      end += 1
    }
    if start + end == wordsA.count || start + end == wordsB.count {
      if start > 0 { start -= 1 } else if end > 0 { end -= 1 }
    }
    let partA = wordsA[start..<wordsA.count - end].joined(separator: " ")
    let partB = wordsB[start..<wordsB.count - end].joined(separator: " ")
    return (partA, partB)
  }

  /// At most `limit` characters: the start and the end of a long text around "…".
  static func excerpt(_ text: String, limit: Int = 80) -> String {
    guard text.count > limit else { return text }
    return String(text.prefix(limit / 2 - 1)) + " … " + String(text.suffix(limit / 2 - 2))
  }

  /// What the region is, in a few words: "changed", "moved by 0.2 pt right", "anti-aliasing".
  public var kindSummary: String {
    switch kind {
    case .changed: return "changed"
    case .antialiasing: return "anti-aliasing only"
    case .colour:
      return "colour changed: \(colourA ?? "?") → \(colourB ?? "?")"
    case .moved:
      var parts: [String] = []
      if abs(shiftX) >= 0.005 {
        parts.append(Self.number(abs(shiftX)) + (shiftX > 0 ? " pt right" : " pt left"))
      }
      if abs(shiftY) >= 0.005 {
        parts.append(Self.number(abs(shiftY)) + (shiftY > 0 ? " pt down" : " pt up"))
      }
      return (wholePage ? "page moved by " : "moved by ")
        + (parts.isEmpty ? "less than 0.01 pt" : parts.joined(separator: ", "))
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
