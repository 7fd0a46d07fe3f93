// SPDX-License-Identifier: Apache-2.0
/// Turns placed atoms into drawing items with balanced structure tags.
struct PageEmitter {
  let layout: PageLayout
  /// The level of the heading read before these items (a wallet card's back follows the
  /// front's level-1 name), 0 when none.
  var headingBefore = 0

  func items(_ placements: [Paginator.Placement]) -> [PageItem] {
    var items: [PageItem] = []
    var openTable: (fragment: Int, table: Int)?
    // A heading's tag never skips a level below the last heading on the page (a wallet card's
    // sections, set as level 3 under the name's level 1, are read as H2): screen readers list
    // headings by level.
    var lastLevel = headingBefore
    for placed in placements {
      let atom = placed.atom
      let table = atom.table.map { (fragment: placed.fragment, table: $0) }
      if let open = openTable, open.fragment != table?.fragment || open.table != table?.table {
        items.append(.endTag)
        openTable = nil
      }
      if let table, openTable == nil {
        items.append(.beginTag(atom.groupTag))
        openTable = table
      }
      var tagLevel = 0
      if case .heading(let level) = atom.role {
        tagLevel = lastLevel > 0 ? min(level, lastLevel + 1) : level
        lastLevel = tagLevel
      }
      items += atomItems(placed, headingLevel: tagLevel)
    }
    if openTable != nil { items.append(.endTag) }
    return items
  }

  private func atomItems(_ placed: Paginator.Placement, headingLevel: Int) -> [PageItem] {
    let atom = placed.atom
    let box = Rect(x: placed.x, y: placed.y, width: placed.width, height: atom.height)
    var items: [PageItem] = []
    func text(_ cell: AtomCell) -> PageItem? {
      guard !cell.lines.isEmpty else { return nil }
      return .text(
        TextBox(
          x: placed.x + cell.x, y: placed.y + atom.padding + cell.y, width: cell.width,
          text: cell.text,
          lines: cell.lines))
    }
    func texts() -> [PageItem] { atom.cells.compactMap(text) }
    switch atom.role {
    case .heading(let level):
      let tag = headingLevel <= 1 ? "H1" : headingLevel == 2 ? "H2" : "H3"
      items += [.beginTag(tag)] + texts() + [.endTag]
      if level <= 2 { items.append(.rule(x: box.x, y: box.maxY, width: box.width, .neutral)) }
    case .paragraph:
      items += [.beginTag("P")] + texts() + [.endTag]
    case .listItem:
      items.append(.beginTag("LI"))
      for cell in atom.cells {
        if let item = text(cell) { items += [.beginTag(cell.tag ?? "LBody"), item, .endTag] }
      }
      items.append(.endTag)
    case .tableHeader, .tableRow, .keyValue:
      if atom.role == .tableHeader { items.append(.fill(box, .neutral)) }
      for gauge in atom.gauges where atom.cells.allSatisfy({ $0.lines.lowerBound == 0 }) {
        let rect = Rect(
          x: placed.x + gauge.x, y: placed.y + gauge.y, width: gauge.width,
          height: gauge.isHatch ? box.height : gauge.height)
        if gauge.isHatch {
          items.append(.hatch(rect))
          continue
        }
        items.append(
          gauge.isBox ? .checkbox(rect, checked: false) : .gauge(rect, fraction: gauge.fraction))
      }
      items.append(.beginTag("TR"))
      for cell in atom.cells {
        items.append(.beginTag(cell.tag ?? "TD"))
        if let item = text(cell) { items.append(item) }
        items.append(.endTag)
      }
      items.append(.endTag)
      items.append(.rule(x: box.x, y: box.maxY, width: box.width, .neutral))
    case .alert(let tone):
      items += [.fill(box, tone), .bandBorder(box, tone)]
      items += [.beginTag("P")] + texts() + [.endTag]
    case .stamp:
      items.append(.frame(box, .warning, lineWidth: 1.5))
      items += [.beginTag("P")] + texts() + [.endTag]
    case .checkItem(let checked):
      let size = layout.checkboxSize
      items.append(
        .checkbox(
          Rect(
            x: box.x + layout.cellPaddingX, y: box.y + atom.padding + 1, width: size, height: size),
          checked: checked))
      items += [.beginTag("P")] + texts() + [.endTag]
    }
    return items
  }
}
