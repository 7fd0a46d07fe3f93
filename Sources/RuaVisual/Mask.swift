// SPDX-License-Identifier: Apache-2.0
/// A rectangle to ignore when comparing, in PDF points on one page (or every page).
public struct Mask: Sendable, Equatable, CustomStringConvertible {
  /// The 1-based page, or nil for every page.
  public var page: Int?
  public var rect: PointRect

  public init(page: Int?, rect: PointRect) {
    self.page = page
    self.rect = rect
  }

  /// Parses `PAGE:x,y,w,h` (points, origin top-left); `*:x,y,w,h` masks every page.
  public init(parsing text: String) throws(VisualError) {
    let parts = text.split(separator: ":", omittingEmptySubsequences: false)
    let numbers = parts.count == 2 ? parts[1].split(separator: ",").compactMap { Double($0) } : []
    guard parts.count == 2, numbers.count == 4,
      parts[1].split(separator: ",", omittingEmptySubsequences: false).count == 4
    else {
      throw VisualError(
        .invalidArgument,
        "mask '\(text)' is not PAGE:x,y,w,h (points from the top-left corner, e.g. 2:36,700,200,40)"
      )
    }
    if parts[0] == "*" {
      page = nil
    } else if let number = Int(parts[0]), number >= 1 {
      page = number
    } else {
      throw VisualError(
        .invalidArgument, "mask '\(text)': page must be a number from 1, or * for every page")
    }
    guard numbers.allSatisfy({ $0.isFinite }), numbers[0] >= 0, numbers[1] >= 0,
      numbers[2] > 0, numbers[3] > 0
    else {
      throw VisualError(
        .invalidArgument, "mask '\(text)': x and y must be ≥ 0 and width and height > 0")
    }
    rect = PointRect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
  }

  /// True when the mask applies to `page` (1-based).
  public func applies(to page: Int) -> Bool { self.page == nil || self.page == page }

  /// The `PAGE:x,y,w,h` text this mask parses from.
  public var description: String {
    (page.map(String.init) ?? "*") + ":"
      + [rect.x, rect.y, rect.width, rect.height]
      .map(Self.short).joined(separator: ",")
  }

  static func short(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e12 ? String(Int(value)) : String(value)
  }
}
