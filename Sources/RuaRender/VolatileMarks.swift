// SPDX-License-Identifier: Apache-2.0
internal import CPangoCairo
import RuaDocuments

/// Where a per-print value (`VolatileField`) was drawn: a box in points from the page's top
/// left, one per line the value takes.
struct VolatileMark: Equatable {
  let field: VolatileField
  let rect: Rect
}

/// One page's marks, by furniture group: the key is the group's place among the page's
/// artifact tags (0 for the first one drawn), which is also the order of the `/Private`
/// marked-content sequences cairo writes for them.
struct PageMarks: Equatable {
  /// The page height in points, to turn the boxes into PDF space (origin bottom left).
  var height: Double
  var groups: [Int: [VolatileMark]] = [:]
  /// What each furniture group is, by the same key (`ArtifactMarking.Kind`).
  var kinds: [Int: ArtifactMarking.Kind] = [:]
  /// How many structure tags the page opened (furniture's included), in order: cairo makes
  /// one structure element of each, in that order, so the post-pass finds them by count.
  var tags = 0
  /// What the post-pass writes on some of those elements, by their place among the page's tags.
  var elementLanguages: [Int: String] = [:]
  var elementActualTexts: [Int: String] = [:]
  /// The elements read before the first heading wherever they are drawn (the review stamp, in
  /// the "stamp" style, on a wallet card's back), by the same place.
  var readFirst: Set<Int> = []
}

extension TextLayout {
  /// The boxes of each marked run on the drawn `lines`, placed as `Painter.drawText` draws
  /// them: the first drawn line's top at `y`. Each box spans the run's glyphs across and
  /// the line's natural height (ascent plus descent) down.
  func volatileMarks(x: Double, y: Double, lines drawn: Range<Int>) -> [VolatileMark] {
    guard !volatileRanges.isEmpty else { return [] }
    let lines = self.lines
    guard let first = drawn.first, first < lines.count else { return [] }
    let scale = Double(PANGO_SCALE)
    var marks: [VolatileMark] = []
    for (field, bytes) in volatileRanges {
      for index in drawn where index < lines.count {
        guard let line = line(index) else { continue }
        let start = Int(line.pointee.start_index)
        let end = start + Int(line.pointee.length)
        guard bytes.lowerBound < end, bytes.upperBound > start else { continue }
        var ranges: UnsafeMutablePointer<Int32>?
        var count: Int32 = 0
        pango_layout_line_get_x_ranges(
          line, Int32(max(bytes.lowerBound, start)), Int32(min(bytes.upperBound, end)), &ranges,
          &count)
        defer { g_free(ranges) }
        guard let ranges, count > 0 else { continue }
        let xs = (0..<Int(count) * 2).map { Double(ranges[$0]) / scale }
        // The baseline is drawn at y + baseline - lines[first].top and keeps its natural
        // ascent below the line's top, so the glyphs start at the line's top.
        let natural = lines[index].height / lineFactor
        let top = y + lines[index].top - lines[first].top
        marks.append(
          VolatileMark(
            field: field,
            rect: Rect(
              x: x + (xs.min() ?? 0), y: top, width: (xs.max() ?? 0) - (xs.min() ?? 0),
              height: natural)))
      }
    }
    return marks
  }
}
