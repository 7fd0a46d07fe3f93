// SPDX-License-Identifier: Apache-2.0
internal import CPopplerGLib

/// A page's text with the box of every character (poppler_page_get_text_layout), in points
/// from the top-left corner: what lets a region say which words it covers.
public struct PageText: Sendable, Equatable {
  public let scalars: [Unicode.Scalar]
  /// One box per scalar (nil where poppler gave none, as for some line breaks).
  public let boxes: [PointRect?]

  public init(scalars: [Unicode.Scalar], boxes: [PointRect?]) {
    precondition(scalars.count == boxes.count, "one box per character")
    self.scalars = scalars
    self.boxes = boxes
  }

  /// The whole words any of whose letters touch `rect`, in reading order, joined by spaces.
  public func words(in rect: PointRect) -> String {
    words { $0.intersects(rect) }
  }

  /// The whole words any of whose letters have their centre in `rect`: a word whose edge only
  /// grazes the rectangle, on one side of a shifted pair and not the other, is left out.
  public func words(centredIn rect: PointRect) -> String {
    words { rect.contains(x: $0.x + $0.width / 2, y: $0.y + $0.height / 2) }
  }

  private func words(where chosenBox: (PointRect) -> Bool) -> String {
    var chosen: [Range<Int>] = []
    var index = 0
    while index < scalars.count {
      guard !Self.isSpace(scalars[index]), let box = boxes[index], chosenBox(box) else {
        index += 1
        continue
      }
      let word = wordRange(around: index)
      chosen.append(word)
      index = word.upperBound
    }
    return chosen.map { range in
      var text = String.UnicodeScalarView()
      text.append(contentsOf: scalars[range])
      return String(text)
    }.joined(separator: " ")
  }

  /// The page text without the letters whose centres lie in any of `rects` (the per-print
  /// values a PDF marks), for `--text`; the whole text when `rects` is empty.
  public func text(leavingOut rects: [PointRect]) -> String {
    var view = String.UnicodeScalarView()
    for (scalar, box) in zip(scalars, boxes) {
      if !rects.isEmpty, !Self.isSpace(scalar), let box,
        rects.contains(where: { $0.contains(x: box.x + box.width / 2, y: box.y + box.height / 2) })
      {
        continue
      }
      view.append(scalar)
    }
    return String(view)
  }

  /// Boxes (one per line) of every match of `pattern` in the page text.
  public func boxes(matching pattern: Regex<AnyRegexOutput>) -> [PointRect] {
    var view = String.UnicodeScalarView()
    view.append(contentsOf: scalars)
    let text = String(view)
    var found: [PointRect] = []
    for match in text.matches(of: pattern) {
      let start = text.unicodeScalars.distance(
        from: text.unicodeScalars.startIndex, to: match.range.lowerBound)
      let end = text.unicodeScalars.distance(
        from: text.unicodeScalars.startIndex, to: match.range.upperBound)
      var line: PointRect?
      for offset in start..<end {
        if scalars[offset] == "\n" {
          if let box = line { found.append(box) }
          line = nil
          continue
        }
        guard let box = boxes[offset] else { continue }
        line = line.map { $0.union(box) } ?? box
      }
      if let box = line { found.append(box) }
    }
    return found
  }

  /// How far (points, x right, y down) every letter moved from this page to `other`, when
  /// both hold the same text and nine in ten letters moved alike (within 0.05 pt of the
  /// median): the exact distance of a shifted page, which the pixels only show rounded to
  /// where the renderer put each glyph. Nil otherwise.
  public func displacement(to other: PageText) -> (dx: Double, dy: Double)? {
    guard scalars == other.scalars else { return nil }
    var moves: [(Double, Double)] = []
    for (mine, theirs) in zip(boxes, other.boxes) {
      guard let mine, let theirs else { continue }
      moves.append((theirs.x - mine.x, theirs.y - mine.y))
    }
    guard !moves.isEmpty else { return nil }
    let dx = moves.map(\.0).sorted()[moves.count / 2]
    let dy = moves.map(\.1).sorted()[moves.count / 2]
    let alike = moves.filter { abs($0.0 - dx) <= 0.05 && abs($0.1 - dy) <= 0.05 }.count
    guard alike * 10 >= moves.count * 9 else { return nil }
    return (dx, dy)
  }

  private func wordRange(around index: Int) -> Range<Int> {
    var start = index
    while start > 0, !isWordBreak(before: start) { start -= 1 }
    var end = index + 1
    while end < scalars.count, !isWordBreak(before: end) { end += 1 }
    return start..<end
  }

  /// Whether a word ends between scalars `index - 1` and `index`: at a space, or where poppler
  /// ran two table cells together with no space between them ("Warfarin12.5 mgevening"): a
  /// gap to the right wider than a third of the letters' height, or a jump to another line.
  func isWordBreak(before index: Int) -> Bool {
    if Self.isSpace(scalars[index]) || Self.isSpace(scalars[index - 1]) { return true }
    guard let left = boxes[index - 1], let right = boxes[index] else { return false }
    let height = max(left.height, right.height)
    let gap = right.x - (left.x + left.width)
    return gap > height / 3 || abs(right.y - left.y) > height / 2
  }

  static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
    scalar.properties.isWhitespace
  }
}

extension PDFDocument {
  /// The text of page `page` (1-based) with a box per character.
  public func pageText(page: Int) throws(VisualError) -> PageText {
    try withPage(page) { pointer in
      let text: String
      if let raw = poppler_page_get_text(pointer) {
        text = String(cString: raw)
        g_free(raw)
      } else {
        text = ""
      }
      let scalars = Array(text.unicodeScalars)
      var rectangles: UnsafeMutablePointer<PopplerRectangle>?
      var count: guint = 0
      var boxes = [PointRect?](repeating: nil, count: scalars.count)
      if poppler_page_get_text_layout(pointer, &rectangles, &count) != 0, let rectangles {
        defer { g_free(rectangles) }
        for index in 0..<min(Int(count), scalars.count) {
          let rect = rectangles[index]
          let x = min(rect.x1, rect.x2)
          let y = min(rect.y1, rect.y2)
          boxes[index] = PointRect(
            x: x, y: y, width: abs(rect.x2 - rect.x1), height: abs(rect.y2 - rect.y1))
        }
      }
      return PageText(scalars: scalars, boxes: boxes)
    }
  }
}

extension PointRect {
  /// True when the point lies in the rectangle (edges included).
  public func contains(x px: Double, y py: Double) -> Bool {
    px >= x && px <= x + width && py >= y && py <= y + height
  }

  /// True when the two rectangles overlap (touching edges count).
  public func intersects(_ other: PointRect) -> Bool {
    x <= other.x + other.width && other.x <= x + width && y <= other.y + other.height
      && other.y <= y + height
  }

  /// The smallest rectangle holding both.
  public func union(_ other: PointRect) -> PointRect {
    let left = min(x, other.x)
    let top = min(y, other.y)
    let right = max(x + width, other.x + other.width)
    let bottom = max(y + height, other.y + other.height)
    return PointRect(x: left, y: top, width: right - left, height: bottom - top)
  }
}
