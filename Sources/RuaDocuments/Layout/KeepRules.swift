// SPDX-License-Identifier: Apache-2.0
/// What belongs together stays together (issue 13): a short section moves whole with its
/// heading; a group (list, table, key–value rows) never leaves its first or last row alone;
/// the document's last short section keeps the lines before it, so no page holds only a
/// "Reviewed by" line; and a long group that continues in a new column or page repeats its
/// heading with "(continued)".
struct KeepRules {
  /// A section no taller than this share of a column, and of at most `shortAtoms` atoms, is
  /// kept whole.
  static let shortShare = 0.3
  static let shortAtoms = 12
  /// The document's closing short sections move together up to this share of a column.
  static let tailShare = 0.5
  /// In large print (`PageLayout.letsTallRowsStandAlone`) a row taller than this share of a
  /// column (a medicine of six lines) reads as a block of its own: it may end a page or start
  /// one alone, so its table starts on the page before rather than leaving it a third empty
  /// (issue 30).
  static let tallRowShare = 1.0 / 6

  let columnHeight: Double
  let measurer: TextMeasurer
  /// "continued" in the document's language; nil repeats no heading.
  let continued: String?
  /// Whether a short section moves whole and a group's last two rows stay together; off only
  /// in columns when that is what leaves a spill on a page of its own
  /// (`Tightening.relaxesKeeps`): the section may then go on in the next column, its heading
  /// repeated.
  var keepsShortSections = true
  /// Whether a table's closing notes (legend, totals) move with its last rows: the paginator's
  /// last resort when a spill of only those notes cannot be absorbed.
  var keepsClosingNotes = false
  /// Whether a tall row may stand alone at a page's foot or head (`tallRowShare`).
  var letsTallRowsStandAlone = false

  /// The atoms with their keep marks, and the heading to repeat per group id.
  func apply(_ input: [Atom], keepsTail: Bool) -> (atoms: [Atom], headings: ContinuedHeadings) {
    var atoms = input
    var headings: [Int: Atom] = [:]
    let starts = atoms.indices.filter { atoms[$0].isHeading }
    var sections: [(range: Range<Int>, short: Bool)] = []
    for (number, start) in starts.enumerated() {
      let end = number + 1 < starts.count ? starts[number + 1] : atoms.count
      let section = start..<end
      let height = section.map { atoms[$0].gapBefore + atoms[$0].height }.reduce(0, +)
      let short =
        keepsShortSections && height <= columnHeight * Self.shortShare
        && section.count <= Self.shortAtoms
      sections.append((section, short))
      if short {
        for index in section.dropLast() { atoms[index].keepWithNext = true }
      }
      // The heading as it stands now; "(continued)" is added (and measured) only when a
      // column needs it (`ContinuedHeadings`).
      if continued != nil, !atoms[start].cells.isEmpty {
        for index in section.dropFirst() {
          if let group = atoms[index].table, headings[group] == nil {
            headings[group] = atoms[start]
          }
        }
      }
    }
    // A short note between a heading and its table or list introduces it: keep them together.
    for index in atoms.indices.dropFirst().dropLast()
    where atoms[index - 1].isHeading && atoms[index].role == .paragraph
      && atoms[index + 1].table != nil && isShortPiece(atoms[index])
    {
      atoms[index].keepWithNext = true
    }
    if keepsTail { keepTailWithPreviousLines(&atoms, sections) }
    keepFirstAndLastRows(&atoms)
    if keepsClosingNotes { keepClosingNotesWithTable(&atoms) }
    return (atoms, ContinuedHeadings(headings, making: continuedHeading))
  }

  /// The short sections that end the document stay together and take the last two lines
  /// before them along, so no page holds only a "Review" block.
  private func keepTailWithPreviousLines(
    _ atoms: inout [Atom], _ sections: [(range: Range<Int>, short: Bool)]
  ) {
    guard let last = sections.last, last.short, last.range.upperBound == atoms.count else {
      return
    }
    func height(_ range: Range<Int>) -> Double {
      range.map { atoms[$0].gapBefore + atoms[$0].height }.reduce(0, +)
    }
    // A chain taller than half a column would leave columns nearly empty; stop before that.
    var first = sections.count - 1
    var total = height(sections[first].range)
    while first > 0, sections[first - 1].short,
      total + height(sections[first - 1].range) <= columnHeight * Self.tailShare
    {
      first -= 1
      total += height(sections[first].range)
    }
    let start = sections[first].range.lowerBound
    for index in start..<atoms.count - 1 { atoms[index].keepWithNext = true }
    for index in stride(from: start - 1, through: max(start - 2, 0), by: -1)
    where isShortPiece(atoms[index]) {
      atoms[index].keepWithNext = true
    }
  }

  /// A row, a band or a paragraph of a few lines: short enough to move with what follows.
  private func isShortPiece(_ atom: Atom) -> Bool {
    !atom.splittable || atom.cells.allSatisfy { $0.lines.count <= 2 * Atom.minimumLines }
  }

  /// The first row of a group keeps with the second, and the last two rows stay together,
  /// unless the lone row would be a tall one (`tallRowShare`).
  private func keepFirstAndLastRows(_ atoms: inout [Atom]) {
    var members: [Int: [Int]] = [:]
    for index in atoms.indices where atoms[index].role != .tableHeader {
      if let group = atoms[index].table { members[group, default: []].append(index) }
    }
    let tall = letsTallRowsStandAlone ? columnHeight * Self.tallRowShare : .infinity
    for rows in members.values where rows.count >= 2 {
      if atoms[rows[0]].height <= tall { atoms[rows[0]].keepWithNext = true }
      // Relaxed, the last row may start the next column alone (under the heading repeated).
      if keepsShortSections, atoms[rows[rows.count - 1]].height <= tall {
        atoms[rows[rows.count - 2]].keepWithNext = true
      }
    }
  }

  /// The short pieces that close a table before the next heading (a legend, the totals) move
  /// with its last rows, so no page starts with only a table's totals (issue 30: a 5-medicine
  /// list put them alone on page 2). Not when the rows and notes together are taller than
  /// half a column.
  private func keepClosingNotesWithTable(_ atoms: inout [Atom]) {
    var index = 0
    while index < atoms.count {
      guard atoms[index].role == .tableRow, let group = atoms[index].table,
        index + 1 < atoms.count, atoms[index + 1].table != group
      else {
        index += 1
        continue
      }
      var end = index + 1
      while end < atoms.count, !atoms[end].isHeading, isShortPiece(atoms[end]),
        atoms[end].role != .tableRow
      {
        end += 1
      }
      // The last two rows already keep together; a table of three rows or fewer would then
      // move whole, so only longer tables carry their notes along.
      let rows = atoms[..<index].filter { $0.table == group && $0.role == .tableRow }.count + 1
      let moving = (index - 1)..<end
      let height = moving.map { atoms[$0].gapBefore + atoms[$0].height }.reduce(0, +)
      if end > index + 1, rows >= 4, height <= columnHeight * Self.tailShare {
        for member in index..<(end - 1) { atoms[member].keepWithNext = true }
      }
      index = max(end, index + 1)
    }
  }

  private func continuedHeading(_ heading: Atom) -> Atom? {
    guard let continued, let cell = heading.cells.first else { return nil }
    // After the family's language, before a bilingual heading's English line.
    let runs = cell.text.runs
    let first = runs.prefix { !$0.secondLanguage }
    let style = first.last?.style ?? runs.last?.style ?? "body"
    let text =
      StyledText(Array(first)) + StyledText(" (\(continued))", style: style)
      + StyledText(Array(runs.dropFirst(first.count)))
    var atom = heading
    atom.cells = [AtomCell(x: cell.x, width: cell.width, text: text, measurer: measurer)]
    atom.gapBefore = 0
    atom.keepWithNext = true
    return atom
  }
}

/// The headings repeated with "(continued)" when a group goes on in a new column, by group
/// id: each made (its text measured) the first time a column asks for it. A heading is the
/// person's own text (an ER sheet's name line), a Pango layout of its own on every sheet, and
/// most documents never continue a group. Lives inside one pagination.
final class ContinuedHeadings {
  /// The heading each group would repeat, as it stood when the keep rules met it.
  private let sources: [Int: Atom]
  private let making: (Atom) -> Atom?
  private var made: [Int: Atom] = [:]

  init(_ sources: [Int: Atom] = [:], making: @escaping (Atom) -> Atom? = { _ in nil }) {
    self.sources = sources
    self.making = making
  }

  subscript(group: Int) -> Atom? {
    if let known = made[group] { return known }
    guard let source = sources[group], let heading = making(source) else { return nil }
    made[group] = heading
    return heading
  }
}

@available(*, unavailable) extension ContinuedHeadings: Sendable {}

extension Atom {
  var isHeading: Bool {
    if case .heading = role { return true }
    return false
  }
}
