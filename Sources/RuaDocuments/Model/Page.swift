// SPDX-License-Identifier: Apache-2.0
/// A rectangle in PDF points, origin at the top left of the page.
public struct Rect: Equatable, Sendable {
  public var x: Double
  public var y: Double
  public var width: Double
  public var height: Double
  public init(x: Double, y: Double, width: Double, height: Double) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }
  public var maxY: Double { y + height }
}

/// Text to draw: the whole text is laid out at `width`, and only `lines` are drawn, the first
/// of them with its top at `origin.y`. A block split across pages draws the rest elsewhere.
public struct TextBox: Equatable, Sendable {
  public var x: Double
  public var y: Double
  public var width: Double
  public var text: StyledText
  public var lines: Range<Int>
  public init(x: Double, y: Double, width: Double, text: StyledText, lines: Range<Int>) {
    self.x = x
    self.y = y
    self.width = width
    self.text = text
    self.lines = lines
  }
}

/// One drawing instruction. Tags nest and balance within a page.
public enum PageItem: Equatable, Sendable {
  /// A PDF structure tag: H1, H2, P, Table, TR, TH, TD, or `artifactTag`.
  case beginTag(String)
  case endTag
  case text(TextBox)
  case fill(Rect, Tone)
  case frame(Rect, Tone, lineWidth: Double)
  /// A band's border, drawn so its tone survives a black-and-white copy: `danger` a heavy
  /// solid line, `warning` a dashed line, `info` a double line, `neutral` a thin line.
  case bandBorder(Rect, Tone)
  case rule(x: Double, y: Double, width: Double, Tone)
  case checkbox(Rect, checked: Bool)
  /// An outlined bar filled from the page's start side (left, or right on a right-to-left
  /// page) to `fraction` (0...1) of its width.
  case gauge(Rect, fraction: Double)
  /// A thin black line from one point to another: crop marks and a fold line, dashed when
  /// `dashed` (cut and fold guides on a sheet of wallet cards).
  case line(x1: Double, y1: Double, x2: Double, y2: Double, dashed: Bool)
  /// Light diagonal lines filling a rectangle (a cell that must not be filled in).
  case hatch(Rect)
}

extension PageItem {
  /// Opens page furniture (running header, footer, rules, the repeated stamp): drawn, but an
  /// artifact for screen readers, outside the structure tree.
  public static let artifactTag = "Artifact"
}

/// One paginated page.
public struct Page: Equatable, Sendable {
  public var number: Int
  public var count: Int
  public var width: Double
  public var height: Double
  public var items: [PageItem]
  /// Right to left: the items are already mirrored; the painter fills gauges from the right
  /// and draws a band's bar on its right edge.
  public var direction: TextDirection = .leftToRight

  /// All text boxes in drawing order.
  public var textBoxes: [TextBox] {
    items.compactMap { if case .text(let box) = $0 { return box } else { return nil } }
  }
}

/// The one line a text takes at a width, and what the measurer knows of its breaking there.
public struct OneLine: Equatable, Sendable {
  /// The line's width in points.
  public var width: Double
  /// The text stays on one line at every width from `width` up.
  public var fitsFromWidth: Bool
  /// The text wraps at every width from this one up to `width` (nil: not known at any).
  public var wrapsFrom: Double?

  public init(width: Double, fitsFromWidth: Bool = false, wrapsFrom: Double? = nil) {
    self.width = width
    self.fitsFromWidth = fitsFromWidth
    self.wrapsFrom = wrapsFrom
  }
}

/// Measures text for the paginator. A struct of closures so tests can use a font-free fake
/// and `RuaRender` a real Pango one.
public struct TextMeasurer {
  /// The height of each line `text` wraps into at `width` points.
  public var lineHeights: (_ text: StyledText, _ width: Double) -> [Double]
  /// The distance from the top of the first line to its baseline. Cells side by side (a list
  /// number and its text) are aligned on it, so a number beside an Arabic or Chinese line,
  /// whose fallback font is taller, sits on the same baseline. Nil: every text alike.
  public var firstBaseline: ((_ text: StyledText, _ width: Double) -> Double)?
  /// The one line `text` takes when laid out at `width` (nil when it wraps, or when the
  /// measurer cannot tell). Lets `oneLineWidth` predict its bisection.
  public var lineWidth: ((_ text: StyledText, _ width: Double) -> OneLine?)?

  public init(
    lineHeights: @escaping (_ text: StyledText, _ width: Double) -> [Double],
    firstBaseline: ((_ text: StyledText, _ width: Double) -> Double)? = nil,
    lineWidth: ((_ text: StyledText, _ width: Double) -> OneLine?)? = nil
  ) {
    self.lineHeights = lineHeights
    self.firstBaseline = firstBaseline
    self.lineWidth = lineWidth
  }

  /// The narrowest width, at most `limit`, at which `text` stays on one line (`limit` when
  /// it never does). Bisection to a quarter point: used for headers, footers and column
  /// headers, which must not wrap inside a word.
  ///
  /// A measurer that knows the line's width at `limit` lets the bisection run on that width
  /// instead of on a layout per step (13–14 of the same text); two layouts then confirm the
  /// answer: the text fits where the bisection ended and wraps just below it. Whether a text
  /// fits on one line only grows with the width, so every other step would have gone the
  /// same way, and the answer is the bisection's own. When either disagrees, it bisects.
  /// A confirmation the measurer vouches for (`OneLine.fitsFromWidth`, `wrapsFrom`) is not
  /// laid out.
  public func oneLineWidth(_ text: StyledText, limit: Double) -> Double {
    guard !text.isEmpty, fitsOneLine(text, limit) else { return limit }
    if let line = lineWidth?(text, limit) {
      let (low, high) = Self.bisect(limit: limit) { $0 >= line.width }
      if high == limit || line.fitsFromWidth || fitsOneLine(text, high),
        low == 0 || low >= line.wrapsFrom ?? .infinity || !fitsOneLine(text, low)
      {
        return high
      }
    }
    return Self.bisect(limit: limit) { fitsOneLine(text, $0) }.high
  }

  private func fitsOneLine(_ text: StyledText, _ width: Double) -> Bool {
    lineHeights(text, width).count == 1
  }

  /// The bisection of (0, `limit`] to a quarter point on `fits`, known true at `limit`: the
  /// last width that did not fit (0 when every one tried did) and the narrowest that did.
  static func bisect(limit: Double, fits: (Double) -> Bool) -> (low: Double, high: Double) {
    var low = 0.0
    var high = limit
    while high - low > 0.25 {
      let middle = (low + high) / 2
      if fits(middle) { high = middle } else { low = middle }
    }
    return (low, high)
  }

  /// The height of `text` wrapped at `width`.
  public func height(_ text: StyledText, width: Double) -> Double {
    text.isEmpty ? 0 : lineHeights(text, width).reduce(0, +)
  }
}
