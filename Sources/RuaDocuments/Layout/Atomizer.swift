// SPDX-License-Identifier: Apache-2.0
/// Turns blocks into atoms for a column of a given width.
struct Atomizer {
  let layout: PageLayout
  let measurer: TextMeasurer
  /// Hands out table ids; shared across a whole document.
  var nextTable = 0

  init(layout: PageLayout, measurer: TextMeasurer) {
    self.layout = layout
    self.measurer = measurer
  }

  mutating func atoms(_ block: Block, width: Double) -> [Atom] {
    var result = pieces(block, width: width).map(alignedOnBaseline)
    if !result.isEmpty, case .heading = result[0].role {
      result[0].gapBefore = layout.blockGap + layout.headingGap
    } else if !result.isEmpty {
      result[0].gapBefore = layout.blockGap
    }
    return result
  }

  private func cell(_ x: Double, _ width: Double, _ text: StyledText, tag: String? = nil)
    -> AtomCell
  {
    AtomCell(x: x, width: width, text: text, measurer: measurer, tag: tag)
  }

  private mutating func pieces(_ block: Block, width: Double) -> [Atom] {
    let padX = layout.cellPaddingX
    let padY = layout.cellPaddingY
    switch block {
    case .heading(let level, let text):
      return [
        Atom(
          role: .heading(level), cells: [cell(0, width, text)], padding: 1, gapBefore: 0,
          keepWithNext: true, splittable: true)
      ]
    case .paragraph(let text):
      return [
        Atom(
          role: .paragraph, cells: [cell(0, width, text)], padding: 0, gapBefore: 0,
          splittable: true)
      ]
    case .list(let items):
      let id = takeTable()
      // As wide as the widest marker ("10.") on one line, whatever the type size.
      let markerWidth = max(
        11, (items.map { measurer.oneLineWidth($0.marker, limit: width / 3) }.max() ?? 0) + 3)
      return items.map { item in
        Atom(
          role: .listItem,
          cells: [
            cell(0, markerWidth, item.marker, tag: "Lbl"),
            cell(markerWidth, width - markerWidth, item.text, tag: "LBody"),
          ], padding: 0.5, gapBefore: 0, table: id, groupTag: "L")
      }
    case .keyValues(let rows):
      let table = takeTable()
      // The template's share of the column, widened to the longest label word
      // ("Communication") so no word breaks, up to two fifths of the column.
      let longest = widestWord(rows.map(\.label), limit: width) + 2 * padX + 0.5
      let labelWidth = min(
        max((width * layout.labelFraction).rounded(), longest.rounded(.up)),
        (width * 0.4).rounded())
      return rows.map { row in
        Atom(
          role: .keyValue,
          cells: [
            cell(padX, labelWidth - 2 * padX, row.label, tag: "TH"),
            cell(labelWidth + padX, width - labelWidth - 2 * padX, row.value, tag: "TD"),
          ], padding: padY, gapBefore: 0, table: table)
      }
    case .table(let table):
      let id = takeTable()
      let (edges, stacked, padX) = columnLayout(table, width: width)
      func row(_ texts: [StyledText], tag: String) -> [AtomCell] {
        texts.enumerated().compactMap { index, text in
          guard index < table.columns.count else { return nil }
          return cell(
            edges[index] + padX, edges[index + 1] - edges[index] - 2 * padX, text, tag: tag)
        }
      }
      let header = Atom(
        role: .tableHeader, cells: row(table.columns.map(\.header), tag: "TH"), padding: padY,
        gapBefore: 0, keepWithNext: true, table: id)
      var gauges: [Int: [Int: TableGauge]] = [:]
      for gauge in table.gauges { gauges[gauge.row, default: [:]][gauge.column] = gauge }
      return [header]
        + table.rows.enumerated().map { index, texts in
          var atom = Atom(
            role: .tableRow, cells: row(texts, tag: "TD"), padding: padY, gapBefore: 0, table: id,
            overflowNote: table.overflowNote)
          for (column, gauge) in (gauges[index] ?? [:]).sorted(by: { $0.key < $1.key })
          where column < atom.cells.count {
            if gauge.isHatch {
              let cell = atom.cells[column]
              atom.gauges.append(
                AtomGauge(
                  x: cell.x - padX, y: 0, width: cell.width + 2 * padX, height: 0, fraction: 0,
                  isHatch: true))
              continue
            }
            let placed = self.gauge(
              in: &atom.cells[column], padding: padY, gauge, stacked: stacked.contains(column))
            atom.gauges.append(placed)
            if placed.isBox { atom.minimumTextHeight = max(atom.minimumTextHeight, placed.height) }
          }
          return atom
        }
    case .alert(let alert):
      let pad = layout.bandPadding
      let inset = pad + Self.bandBar
      // In a narrow column the word label leads the text instead of taking half the width.
      guard width >= Self.bandInlineBelow else {
        let text =
          alert.label + StyledText("  ", style: alert.label.baseStyle ?? "body") + alert.text
        return [
          Atom(
            role: .alert(alert.tone), cells: [cell(inset, width - inset - pad, text)],
            padding: pad, gapBefore: 0)
        ]
      }
      let labelWidth = layout.bandLabelWidth
      // The label ends with a space: label and text are one `P`, and a reader would otherwise
      // glue them into one word ("ALLERGIESpenicillin"). At the line's end it moves nothing.
      // In the last run's style and size (a bilingual label's smaller English), so its line
      // keeps its height.
      let last = alert.label.runs.last
      let label =
        alert.label
        + StyledText([
          TextRun(" ", style: last?.style ?? "body", secondLanguage: last?.secondLanguage ?? false)
        ])
      return [
        Atom(
          role: .alert(alert.tone),
          cells: [
            cell(inset, labelWidth - inset, label),
            cell(labelWidth + pad, width - labelWidth - 2 * pad, alert.text),
          ], padding: pad, gapBefore: 0)
      ]
    case .stamp(let text):
      let pad = layout.bandPadding
      return [
        Atom(
          role: .stamp, cells: [cell(pad, width - 2 * pad, text)], padding: pad, gapBefore: 0)
      ]
    case .checklist(let items):
      // An item stays whole with its box, like a table row.
      let box = layout.checkboxSize
      return items.map { item in
        Atom(
          role: .checkItem(item.checked),
          cells: [cell(box + 2 * padX, width - box - 3 * padX, item.text)], padding: padY,
          gapBefore: 0)
      }
    case .columns(let blocks):
      // Nested column groups flow as plain blocks at the given width.
      return blocks.flatMap { atoms($0, width: width) }
    }
  }

  /// Cells side by side share the first baseline of the tallest first line: a list number
  /// beside a line set in a taller fallback font (Arabic, Chinese) moves down to it.
  private func alignedOnBaseline(_ atom: Atom) -> Atom {
    guard atom.cells.count > 1, let baseline = measurer.firstBaseline else { return atom }
    let baselines = atom.cells.map { cell in
      cell.text.isEmpty ? nil : baseline(cell.text, cell.width)
    }
    guard let lowest = baselines.compactMap({ $0 }).max() else { return atom }
    var aligned = atom
    for (index, value) in baselines.enumerated() {
      if let value { aligned.cells[index].y = lowest - value + aligned.cells[index].lead }
    }
    return aligned
  }

  /// Column edges by weight, widened so no header word breaks ("Concentración" stays whole):
  /// a column narrower than its longest header word gets that width, and the others give
  /// up room in proportion to their weight.
  func columnEdges(_ table: Table, width: Double) -> [Double] {
    columnLayout(table, width: width).edges
  }

  /// The column edges, the columns whose check boxes stand above their text instead of
  /// beside it, and the cells' padding: when the words beside the boxes do not all fit (a
  /// large-print week of days in Arabic, "الساعة ____" beside each box), the boxes go over the
  /// words, and when the words still do not fit (Russian with English, "ПРИОСТАНОВЛЕНО" in
  /// four columns), the cells' padding halves, before any column is made narrower than its
  /// longest word (issue 30).
  func columnLayout(_ table: Table, width: Double) -> (
    edges: [Double], stacked: Set<Int>, padding: Double
  ) {
    let boxed = Set(table.gauges.filter(\.isBox).map(\.column))
    var stacked = Set<Int>()
    var padding = layout.cellPaddingX
    var (headerMinimums, minimums) = wordMinimums(
      table, width: width, stacked: stacked, padding: padding)
    if minimums.reduce(0, +) > width, !boxed.isEmpty {
      stacked = boxed
      (headerMinimums, minimums) = wordMinimums(
        table, width: width, stacked: stacked, padding: padding)
    }
    if minimums.reduce(0, +) > width {
      padding /= 2
      (headerMinimums, minimums) = wordMinimums(
        table, width: width, stacked: stacked, padding: padding)
    }
    return (
      edges(table.columns, width: width, header: headerMinimums, all: minimums), stacked, padding
    )
  }

  /// Each column's least width for its header's longest word, and for the longest word of
  /// any of its cells, in the style, weight and size it is drawn in, with its padding and, in
  /// a cell that has one, a gauge beside the text (over it when `stacked`): a word the column
  /// could not hold would break inside without a hyphen ("ПРИОСТАНОВЛЕН / О", the bold status
  /// word under a held medicine, issue 30). Every word is measured, not only the longest by
  /// letters: a bold or a full-size word may be wider than one with more letters.
  private func wordMinimums(
    _ table: Table, width: Double, stacked: Set<Int>, padding cellPadding: Double
  ) -> (header: [Double], all: [Double]) {
    let columns = table.columns
    let padding = 2 * cellPadding + 0.5
    var gauges: [Int: [Int: Bool]] = [:]
    for gauge in table.gauges where !gauge.isHatch {
      gauges[gauge.row, default: [:]][gauge.column] =
        gauge.isBox || gauges[gauge.row]?[gauge.column] == true
    }
    // A box over the text needs its own width at least.
    let least = columns.indices.map { stacked.contains($0) ? layout.checkboxSize : 0 }
    let headerMinimums = columns.indices.map { index in
      max(widestWord([columns[index].header], limit: width), least[index]) + padding
    }
    // A word set in many cells ("tablet") is measured once.
    var widths: [String: Double] = [:]
    let minimums = columns.indices.map { index -> Double in
      var minimum = headerMinimums[index]
      for (row, texts) in table.rows.enumerated() where index < texts.count {
        var widest = 0.0
        for word in Self.words(texts[index]) {
          let key = word.runs.map { "\($0.style)\u{1}\($0.secondLanguage)\u{1}\($0.text)" }
            .joined(separator: "\u{2}")
          let measured = widths[key] ?? measurer.oneLineWidth(word, limit: width)
          widths[key] = measured
          widest = max(widest, measured)
        }
        let gauge =
          stacked.contains(index)
          ? 0
          : gauges[row]?[index].map { ($0 ? layout.checkboxSize : Self.gaugeWidth) + Self.gaugeGap }
            ?? 0
        minimum = max(minimum, max(widest, least[index]) + gauge + padding)
      }
      return minimum
    }
    return (headerMinimums, minimums)
  }

  /// Edges by weight, no column under its minimum while the minimums fit.
  private func edges(
    _ columns: [TableColumn], width: Double, header headerMinimums: [Double], all: [Double]
  ) -> [Double] {
    var minimums = all
    // When the words do not all fit (a hostile word in a cell, Russian large print), the
    // header words keep their width, and only the columns whose cells' words are widest give
    // up room: every column's least width is capped at one level, as high as still fits, and
    // no lower than its header word. A header is never set one letter per line because a
    // cell holds a word wider than the page, and a column whose words fit under the level
    // ("Morning") keeps them whole.
    if minimums.reduce(0, +) > width {
      let headers = headerMinimums.reduce(0, +)
      if headers >= width {
        minimums = headerMinimums.map { $0 * width / headers }
      } else {
        func capped(_ level: Double) -> [Double] {
          zip(minimums, headerMinimums).map { max(min($0, level), $1) }
        }
        var (low, high) = (0.0, minimums.max() ?? width)
        for _ in 0..<40 {
          let level = (low + high) / 2
          if capped(level).reduce(0, +) > width { high = level } else { low = level }
        }
        minimums = capped(low)
      }
    }
    var widths = Array(repeating: 0.0, count: columns.count)
    var fixed = Set<Int>()
    // Fix the columns that are too narrow, then share what is left among the rest; repeat,
    // since shrinking the rest can make another one too narrow.
    for _ in 0...columns.count {
      let free = columns.indices.filter { !fixed.contains($0) }
      let room = width - fixed.map { minimums[$0] }.reduce(0, +)
      let weight = free.map { columns[$0].weight }.reduce(0, +)
      for index in columns.indices {
        widths[index] =
          fixed.contains(index)
          ? minimums[index] : room * columns[index].weight / max(weight, 0.0001)
      }
      let narrow = free.filter { widths[$0] < minimums[$0] }
      if narrow.isEmpty || room <= 0 { break }
      fixed.formUnion(narrow)
    }
    var edges: [Double] = [0]
    for value in widths { edges.append(edges[edges.count - 1] + max(value, 1)) }
    return edges
  }

  /// Every word of `text` as a text of its own, in its runs' styles and languages (an
  /// English half measures at its own size): the stretches between spaces, one word across
  /// runs where no space parts them ("(Aricept)" beside a bold name), a kept-whole run (a
  /// phone number, `keepsWhole`) whole with its spaces. A Chinese stretch is one word too, as
  /// before: measured each character on its own, the columns let a date break ("2026年10月" /
  /// "4日") and Agnès's Chinese list put its totals alone on a second page.
  static func words(_ text: StyledText) -> [StyledText] {
    var words: [StyledText] = []
    var current: [TextRun] = []
    func end() {
      if !current.isEmpty { words.append(StyledText(current)) }
      current = []
    }
    func add(_ piece: String, _ run: TextRun) {
      guard !piece.isEmpty else { return }
      var part = run
      part.text = piece
      part.volatile = nil
      current.append(part)
    }
    for run in text.runs {
      if run.keepsWhole && !run.text.contains("\n") {
        add(run.text, run)
        continue
      }
      var piece = ""
      for character in run.text {
        if character.isWhitespace {
          add(piece, run)
          piece = ""
          end()
        } else {
          piece.append(character)
        }
      }
      add(piece, run)
    }
    end()
    return words
  }

  /// The width of the widest single word of `texts` on one line.
  func widestWord(_ texts: [StyledText], limit: Double) -> Double {
    texts.flatMap(Self.words).map { measurer.oneLineWidth($0, limit: limit) }.max() ?? 0
  }

  /// Makes room for a gauge at the start of `cell` and returns it, centred on the first line;
  /// a check box is as large as the template says, at the top of the cell.
  private func gauge(
    in cell: inout AtomCell, padding: Double, _ wanted: TableGauge, stacked: Bool = false
  ) -> AtomGauge {
    let firstLine = cell.heights.first ?? 8
    let gauge: AtomGauge
    if wanted.isBox, stacked {
      // Over the text, which keeps the column's width.
      let size = min(layout.checkboxSize, cell.width)
      cell.lead = size + Self.gaugeGap
      cell.y = cell.lead
      return AtomGauge(x: cell.x, y: padding, width: size, height: size, fraction: 0, isBox: true)
    }
    if wanted.isBox {
      let size = min(layout.checkboxSize, cell.width * 0.6)
      gauge = AtomGauge(x: cell.x, y: padding, width: size, height: size, fraction: 0, isBox: true)
    } else {
      let width = min(Self.gaugeWidth, cell.width * 0.45)
      let height = min(Self.gaugeHeight, firstLine * 0.75)
      gauge = AtomGauge(
        x: cell.x, y: padding + (firstLine - height) / 2, width: width, height: height,
        fraction: wanted.fraction)
    }
    let width = gauge.width
    cell = AtomCell(
      x: cell.x + width + Self.gaugeGap, width: cell.width - width - Self.gaugeGap,
      text: cell.text, measurer: measurer, tag: cell.tag)
    return gauge
  }

  /// The width of the solid bar at the left edge of a band (see `PageEmitter`).
  static let bandBar = 4.0
  /// Bands narrower than this (a column) print the label before the text, not beside it.
  static let bandInlineBelow = 360.0
  static let gaugeWidth = 22.0
  static let gaugeHeight = 7.0
  static let gaugeGap = 3.0

  private mutating func takeTable() -> Int {
    nextTable += 1
    return nextTable
  }
}
