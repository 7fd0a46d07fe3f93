// SPDX-License-Identifier: Apache-2.0
/// A right-to-left page is the left-to-right page mirrored about its vertical centre line:
/// every box keeps its size and moves to the other side, so the first table column, a list's
/// markers, a band's label and the running header start at the right margin. Structure tags
/// keep their order (a screen reader still reads the first column first). Which way a gauge
/// fills and which edge carries a band's bar is the painter's, from `Page.direction`.
extension PageItem {
  func mirrored(pageWidth: Double) -> PageItem {
    func flip(_ rect: Rect) -> Rect {
      Rect(x: pageWidth - rect.x - rect.width, y: rect.y, width: rect.width, height: rect.height)
    }
    switch self {
    case .beginTag, .endTag: return self
    case .text(var box):
      box.x = pageWidth - box.x - box.width
      return .text(box)
    case .fill(let rect, let tone): return .fill(flip(rect), tone)
    case .frame(let rect, let tone, let lineWidth):
      return .frame(flip(rect), tone, lineWidth: lineWidth)
    case .bandBorder(let rect, let tone): return .bandBorder(flip(rect), tone)
    case .rule(let x, let y, let width, let tone):
      return .rule(x: pageWidth - x - width, y: y, width: width, tone)
    case .checkbox(let rect, let checked): return .checkbox(flip(rect), checked: checked)
    case .gauge(let rect, let fraction): return .gauge(flip(rect), fraction: fraction)
    case .hatch(let rect): return .hatch(flip(rect))
    case .line(let x1, let y1, let x2, let y2, let dashed):
      return .line(x1: pageWidth - x1, y1: y1, x2: pageWidth - x2, y2: y2, dashed: dashed)
    }
  }
}

extension Page {
  /// The page as `direction` lays it out (unchanged when left to right).
  func laidOut(_ direction: TextDirection) -> Page {
    guard direction.isRightToLeft else { return self }
    var page = self
    page.direction = direction
    page.items = items.map { $0.mirrored(pageWidth: width) }
    return page
  }
}
