// SPDX-License-Identifier: Apache-2.0
/// Places a run of atoms into columns of a given height, repeating table headers and keeping
/// headings with what follows. Pure: the caller decides where columns and pages are.
struct ColumnFlow {
  let atoms: [Atom]
  let headers: [Int: Atom]
  /// Headings repeated with "(continued)" when a group goes on in a new column.
  let continuedHeadings: ContinuedHeadings
  /// Rows of the same table after each atom, and their height with gaps.
  let rowsAfter: [Int]
  let heightAfter: [Double]
  /// The height an overflow note takes under the last row on a page, with its gap.
  let noteReserve: (TableOverflowNote) -> Double

  /// Where the flow stands: the next atom, or the rest of a split one.
  struct Cursor: Equatable {
    var index = 0
    var pending: Atom?
  }

  /// One filled column: atoms with their y offsets from the column top.
  struct Column {
    var placed: [(atom: Atom, y: Double)] = []
    var used = 0.0
    /// The table broke at the end of this column: its note and the rows still to come.
    var overflow: (note: TableOverflowNote, remaining: Int)?
  }

  init(
    atoms: [Atom], continuedHeadings: ContinuedHeadings = ContinuedHeadings(),
    noteReserve: @escaping (TableOverflowNote) -> Double = { _ in 0 }
  ) {
    self.atoms = atoms
    self.continuedHeadings = continuedHeadings
    self.noteReserve = noteReserve
    var headers: [Int: Atom] = [:]
    for atom in atoms where atom.role == .tableHeader {
      if let table = atom.table { headers[table] = atom }
    }
    self.headers = headers
    var rowsAfter = Array(repeating: 0, count: atoms.count)
    var heightAfter = Array(repeating: 0.0, count: atoms.count)
    for index in atoms.indices.reversed().dropFirst() {
      let next = atoms[index + 1]
      guard let table = atoms[index].table, next.table == table, next.role == .tableRow else {
        continue
      }
      rowsAfter[index] = rowsAfter[index + 1] + 1
      heightAfter[index] = heightAfter[index + 1] + next.gapBefore + next.height
    }
    self.rowsAfter = rowsAfter
    self.heightAfter = heightAfter
  }

  /// Whether `atom` at `cursor`, ending at `bottom`, leaves no room for its table's overflow
  /// note although the rest of the table does not fit either.
  private func crowdsOutNote(_ atom: Atom, at cursor: Cursor, bottom: Double, height: Double)
    -> Bool
  {
    guard let note = atom.overflowNote, cursor.pending == nil, cursor.index < atoms.count else {
      return false
    }
    let epsilon = 0.001
    if bottom + heightAfter[cursor.index] <= height + epsilon { return false }
    return bottom + noteReserve(note) > height + epsilon
  }

  func current(_ cursor: Cursor) -> Atom? {
    cursor.pending ?? (cursor.index < atoms.count ? atoms[cursor.index] : nil)
  }

  func isDone(_ cursor: Cursor) -> Bool { current(cursor) == nil }

  /// Fills one column of `height`. With `force`, the first atom is placed even if it cannot
  /// fit (an empty page must always make progress); without it, an empty column is returned.
  func fill(from start: Cursor, height: Double, force: Bool) -> (Column, Cursor) {
    var column = Column()
    var cursor = start
    var hasContent = false
    let epsilon = 0.001
    // Atoms before this index follow a chain head placed although the chain could not stand
    // in one column: they go on under it without their own keep check, up to the cut.
    var cutAt = 0
    while let atom = current(cursor) {
      if column.placed.isEmpty, atom.role != .tableHeader, let table = atom.table {
        if continuesGroup(cursor), let heading = continuedHeadings[table] {
          column.placed.append((heading, 0))
          column.used = heading.height
        }
        if atom.role == .tableRow, let header = headers[table] {
          column.placed.append((header, column.used))
          column.used += header.height
        }
      }
      let gap = column.placed.isEmpty ? 0 : atom.gapBefore
      let bottom = column.used + gap + atom.height
      if bottom <= height + epsilon {
        // A heading that cannot take what it keeps with goes to the next column, even from
        // the top of this one (only a forced column must take it, to make progress).
        if atom.keepWithNext, hasContent || !force, cursor.pending != nil || cursor.index >= cutAt {
          if let cut = tallChainCut(cursor, height: height) {
            // Kept whole it would stand in no column (a large-print table whose first rows
            // fill a page): it is cut where the rest fits a fresh one, and only the part
            // before the cut must follow here.
            let before = (cursor.index + 1..<cut).map { atoms[$0].gapBefore + atoms[$0].height }
            if bottom + before.reduce(0, +) > height + epsilon { break }
            cutAt = cut
          } else if bottom + heightKeptAfter(cursor) > height + epsilon {
            break
          }
        }
        if hasContent, crowdsOutNote(atom, at: cursor, bottom: bottom, height: height) { break }
        column.placed.append((atom, column.used + gap))
        column.used = bottom
        cursor = advanced(cursor)
        hasContent = true
        continue
      }
      let mayForce = !hasContent && force
      let room = height - column.used - gap
      let piece =
        atom.splittable && !atom.keepWithNext
        ? atom.split(toFit: room) ?? (mayForce ? atom.split(toFit: room, forced: true) : nil)
        : mayForce ? atom.split(toFit: room, forced: true) : nil
      if let (first, rest) = piece {
        column.placed.append((first, column.used + gap))
        column.used += gap + first.height
        cursor.pending = rest
        return (column, cursor)
      }
      if mayForce {
        column.placed.append((atom, column.used + gap))
        column.used += gap + atom.height
        cursor = advanced(cursor)
      }
      break
    }
    if !hasContent && !force && cursor == start {
      return (Column(), start)  // only repeated headers: leave the column empty
    }
    if let next = current(cursor), next.role == .tableRow, let note = next.overflowNote,
      column.placed.contains(where: { $0.atom.role == .tableRow && $0.atom.table == next.table })
    {
      let remaining = 1 + (cursor.index < atoms.count ? rowsAfter[cursor.index] : 0)
      column.overflow = (note, remaining)
    }
    return (column, cursor)
  }

  /// Whether the atom at `cursor` is a group member after the group's first one.
  private func continuesGroup(_ cursor: Cursor) -> Bool {
    if cursor.pending != nil { return true }
    guard cursor.index > 0, cursor.index < atoms.count else { return false }
    let previous = atoms[cursor.index - 1]
    return previous.table == atoms[cursor.index].table && previous.role != .tableHeader
  }

  private func advanced(_ cursor: Cursor) -> Cursor {
    Cursor(index: cursor.index + 1, pending: nil)
  }

  /// Where a keep chain starting at `cursor` is cut when it is taller than a whole column:
  /// before the table header from which the rest of the chain (the header and the rows it
  /// keeps) fits a fresh column, never right after a heading. Nil when the chain fits, or has
  /// no such table to start on the next page (other chains keep their rule: a short section
  /// moves whole).
  private func tallChainCut(_ cursor: Cursor, height: Double) -> Int? {
    guard cursor.pending == nil, let atom = current(cursor) else { return nil }
    var terminal = cursor.index + 1
    while terminal < atoms.count - 1, atoms[terminal].keepWithNext { terminal += 1 }
    guard terminal < atoms.count else { return nil }
    func share(_ index: Int) -> Double {
      atoms[index].gapBefore
        + (index == terminal ? atoms[index].minimumHeight : atoms[index].height)
    }
    let chain = (cursor.index + 1...terminal).map(share).reduce(0, +)
    guard atom.height + chain > height + 0.001 else { return nil }
    let leads = atom.isHeading || atom.role == .tableHeader
    let first = min(cursor.index + (leads ? 2 : 1), terminal)
    for cut in first...terminal
    where atoms[cut].role == .tableHeader && (cut...terminal).map(share).reduce(0, +) <= height {
      return cut
    }
    return nil
  }

  /// The least height that must follow an atom that keeps with the next one.
  private func heightKeptAfter(_ cursor: Cursor) -> Double {
    var total = 0.0
    var index = cursor.index + 1
    while index < atoms.count {
      let atom = atoms[index]
      if atom.keepWithNext {
        total += atom.gapBefore + atom.height
        index += 1
      } else {
        let note = atom.overflowNote.map { rowsAfter[index] > 0 ? noteReserve($0) : 0 } ?? 0
        return total + atom.gapBefore + atom.minimumHeight + note
      }
    }
    return total
  }

  /// Fills `count` columns of `height` in turn.
  func fill(columns count: Int, from start: Cursor, height: Double, force: Bool)
    -> ([Column], Cursor)
  {
    var columns: [Column] = []
    var cursor = start
    for index in 0..<count {
      let (column, next) = fill(from: cursor, height: height, force: force && index == 0)
      columns.append(column)
      cursor = next
      if isDone(cursor) { break }
    }
    return (columns, cursor)
  }

  /// The shortest column height at which the rest fits in `count` columns, or nil if it does
  /// not fit in `limit`. Balances the last columns of a flow.
  func balancedHeight(columns count: Int, from start: Cursor, limit: Double, force: Bool)
    -> Double?
  {
    guard isDone(fill(columns: count, from: start, height: limit, force: force).1) else {
      return nil
    }
    var low = 0.0
    var high = limit
    for _ in 0..<24 where high - low > 0.25 {
      let middle = (low + high) / 2
      if isDone(fill(columns: count, from: start, height: middle, force: force).1) {
        high = middle
      } else {
        low = middle
      }
    }
    return high
  }
}
