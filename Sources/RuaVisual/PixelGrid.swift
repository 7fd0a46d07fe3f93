// SPDX-License-Identifier: Apache-2.0
/// A rectangle in PDF points, origin at the top-left corner of the page, y growing down.
public struct PointRect: Sendable, Equatable {
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
}

/// A rectangle of whole pixels, origin at the top-left pixel.
public struct PixelRect: Sendable, Equatable {
  public var x: Int
  public var y: Int
  public var width: Int
  public var height: Int

  public init(x: Int, y: Int, width: Int, height: Int) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  /// The smallest rectangle holding both.
  public func union(_ other: PixelRect) -> PixelRect {
    let left = min(x, other.x)
    let top = min(y, other.y)
    let right = max(x + width, other.x + other.width)
    let bottom = max(y + height, other.y + other.height)
    return PixelRect(x: left, y: top, width: right - left, height: bottom - top)
  }

  /// True when the pixel lies in the rectangle.
  func contains(_ px: Int, _ py: Int) -> Bool {
    px >= x && px < x + width && py >= y && py < y + height
  }

  /// True when the two rectangles share a pixel.
  func intersects(_ other: PixelRect) -> Bool {
    x < other.x + other.width && other.x < x + width && y < other.y + other.height
      && other.y < y + height
  }
}

/// A page's size in PDF points (1/72 inch).
public struct PageSize: Sendable, Equatable {
  public var width: Double
  public var height: Double

  public init(width: Double, height: Double) {
    self.width = width
    self.height = height
  }
}

/// The one rule that turns points into pixels at a resolution.
///
/// A page of `p` points becomes `ceil(p × dpi / 72)` pixels, as pdftoppm, pdftocairo and mutool
/// do (A4 595 × 842 pt at 150 dpi → 1240 × 1755). A product within 1e-6 of a whole number counts
/// as that number, so floating-point noise never adds a pixel (Letter at 150 dpi is 1275 wide,
/// not 1276). A rectangle inside the page covers every pixel it touches: its left and top edges
/// round down, its right and bottom edges round up by the same rule.
public struct PixelGrid: Sendable, Equatable {
  public let dpi: Double
  static let slack = 1e-6

  public init(dpi: Double) { self.dpi = dpi }

  /// Pixels per point.
  public var scale: Double { dpi / 72 }

  /// The pixel count for a page edge of `points`.
  public func pixels(_ points: Double) -> Int {
    Int((points * scale - Self.slack).rounded(.up))
  }

  /// The raster size of a page.
  public func pixelSize(of page: PageSize) -> (width: Int, height: Int) {
    (max(1, pixels(page.width)), max(1, pixels(page.height)))
  }

  /// The pixels a rectangle in points touches, clipped to a `width` × `height` raster.
  public func pixelRect(_ rect: PointRect, clipWidth: Int, clipHeight: Int) -> PixelRect? {
    let left = max(0, Int((rect.x * scale + Self.slack).rounded(.down)))
    let top = max(0, Int((rect.y * scale + Self.slack).rounded(.down)))
    let right = min(clipWidth, pixels(rect.x + rect.width))
    let bottom = min(clipHeight, pixels(rect.y + rect.height))
    guard right > left, bottom > top else { return nil }
    return PixelRect(x: left, y: top, width: right - left, height: bottom - top)
  }

  /// A pixel rectangle expressed in points (exact: pixel edges are at multiples of 72/dpi).
  public func pointRect(_ rect: PixelRect) -> PointRect {
    PointRect(
      x: points(rect.x), y: points(rect.y), width: points(rect.width),
      height: points(rect.height))
  }

  /// Pixels to points as `pixels × 72 / dpi` (one rounding, so 300 px at 150 dpi is 144 pt).
  public func points(_ pixels: Int) -> Double {
    Double(pixels) * 72 / dpi
  }
}
