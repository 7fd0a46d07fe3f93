// SPDX-License-Identifier: Apache-2.0
/// A piece of flow content the paginator places whole, or splits at line boundaries.
struct Atom: Equatable {
  enum Role: Equatable {
    case heading(Int)
    case paragraph
    case listItem
    case keyValue
    case tableHeader
    case tableRow
    case alert(Tone)
    case stamp
    case checkItem(Bool)
  }

  var role: Role
  var cells: [AtomCell]
  /// Space inside the atom above and below its text.
  var padding: Double
  /// Space before the atom unless it starts a column.
  var gapBefore: Double
  /// A heading or table header stays with what follows it.
  var keepWithNext: Bool = false
  /// Paragraphs and bands may split between lines; table rows may not (unless taller than a page).
  var splittable: Bool = false
  /// Gauges drawn with the atom (table rows only), placed relative to its top left.
  var gauges: [AtomGauge] = []
  /// The table, key–value list or list it belongs to, for tags and header repetition.
  var table: Int?
  /// The structure tag of that group: `Table` or `L`.
  var groupTag = "Table"
  /// Table rows only: the note printed when the table breaks to another page.
  var overflowNote: TableOverflowNote?

  /// At least this tall inside its padding (a row with a check box in a cell).
  var minimumTextHeight = 0.0

  /// The lowest cell's bottom, at least `minimumTextHeight`. Asked for at every step of the
  /// paginator, so found in one pass without an array of the bottoms (what `map` and `max`
  /// made each time: 0.8 M instructions a sheet); the same answer as `max()` of the bottoms.
  var textHeight: Double {
    var lowest: Double?
    for cell in cells {
      let bottom = cell.y + cell.height
      if lowest.map({ $0 < bottom }) ?? true { lowest = bottom }
    }
    return max(lowest ?? 0, minimumTextHeight)
  }
  var height: Double { textHeight + 2 * padding }

  /// Neither piece of a split paragraph may be a lone line: a heading keeps its first two
  /// lines, and a page or column never starts with the last line of a paragraph.
  static let minimumLines = 2

  /// The height of the smallest first piece: two lines when splittable, else all of it.
  var minimumHeight: Double {
    guard splittable else { return height }
    return
      (cells.map { cell in
        cell.y + cell.heights[cell.lines.prefix(Self.minimumLines)].reduce(0, +)
      }.max() ?? 0) + 2 * padding
  }

  /// Splits so the first piece is at most `limit` tall, or nil if nothing fits. Unless
  /// `forced` (the atom is taller than a whole column), neither piece is a lone line.
  func split(toFit limit: Double, forced: Bool = false) -> (first: Atom, rest: Atom)? {
    let available = limit - 2 * padding
    var first = self
    var rest = self
    var tookAny = false
    var leftAny = false
    for (index, cell) in cells.enumerated() {
      var used = cell.y
      var end = cell.lines.lowerBound
      while end < cell.lines.upperBound, used + cell.heights[end] <= available + 0.001 {
        used += cell.heights[end]
        end += 1
      }
      if !forced, end < cell.lines.upperBound {
        end = min(end, cell.lines.upperBound - Self.minimumLines)
        if end - cell.lines.lowerBound < Self.minimumLines { end = cell.lines.lowerBound }
        // A bilingual label pair is read as one: both languages go on the same page.
        if cell.holdsLabelPair { end = cell.lines.lowerBound }
      }
      if end > cell.lines.lowerBound { tookAny = true }
      if end < cell.lines.upperBound { leftAny = true }
      first.cells[index].lines = cell.lines.lowerBound..<end
      rest.cells[index].lines = end..<cell.lines.upperBound
      rest.cells[index].y = 0
    }
    guard tookAny, leftAny else { return nil }
    // Nor is a pair left behind while the text beside it goes ahead.
    if !forced,
      zip(cells, first.cells).contains(where: {
        $0.holdsLabelPair && $1.lines.isEmpty && !$0.lines.isEmpty
      })
    {
      return nil
    }
    first.keepWithNext = false
    rest.gapBefore = 0
    return (first, rest)
  }
}

/// A gauge in a table row, relative to the atom's top left.
struct AtomGauge: Equatable {
  var x: Double
  var y: Double
  var width: Double
  var height: Double
  var fraction: Double
  /// An empty check box rather than a bar.
  var isBox = false
  /// Hatching over the whole cell, as tall as the row (`height` is not used).
  var isHatch = false
}

/// One text cell of an atom, positioned relative to the atom's left edge.
struct AtomCell: Equatable {
  var x: Double
  var width: Double
  var text: StyledText
  /// Heights of every line of the whole text at `width`.
  var heights: [Double]
  /// The lines this piece draws.
  var lines: Range<Int>
  /// Space above the first line, so side-by-side cells share a first baseline.
  var y = 0.0
  /// Space above the text taken by a check box set over it (`Atomizer.columnLayout`), part
  /// of `y`.
  var lead = 0.0
  /// TH or TD inside table rows; nil elsewhere.
  var tag: String?

  init(x: Double, width: Double, text: StyledText, measurer: TextMeasurer, tag: String? = nil) {
    self.x = x
    self.width = max(width, 1)
    self.text = text
    self.heights = text.isEmpty ? [] : measurer.lineHeights(text, max(width, 1))
    self.lines = 0..<heights.count
    self.tag = tag
  }

  var height: Double { heights[lines].reduce(0, +) }

  /// Whether the text holds a bilingual label pair (a second-language run): never split.
  var holdsLabelPair: Bool { text.runs.contains(where: \.secondLanguage) }
}
