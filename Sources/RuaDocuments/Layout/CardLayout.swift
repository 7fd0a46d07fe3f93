// SPDX-License-Identifier: Apache-2.0
/// Lays out a wallet card (`Document.card`): each face on an ISO/IEC 7810 ID-1 card, the
/// lists cut where the face is full with a line announcing the rest. On card paper (the page
/// is the card) the front and back are two pages; on Letter or A4 they sit side by side on one
/// page, front first, with crop marks, a cut outline and a dashed fold line between them, so
/// one fold and one cut make a two-sided card.
struct CardLayout {
  let document: Document
  let card: CardFaces
  let layout: PageLayout
  let measurer: TextMeasurer

  static let faceWidth = Paper.cardWidth
  static let faceHeight = Paper.cardHeight
  /// Crop marks: their length and their distance from the card's corner.
  static let markLength = 12.0
  static let markGap = 3.0
  /// The top of the cards on a sheet of paper.
  static let sheetTop = 72.0

  /// Whether the page is the card itself (a card printer) rather than a sheet of paper.
  var isCardPaper: Bool {
    layout.pageWidth < Self.faceWidth + 1 && layout.pageHeight < Self.faceHeight + 1
  }

  var bodyWidth: Double { Self.faceWidth - layout.marginLeft - layout.marginRight }

  /// The back face's last line: the document's footer, versions included.
  var backFooter: StyledText {
    var footer = document.footerLeft
    if let versions = document.footerCenterShort ?? Optional(document.footerCenter) {
      footer = footer + StyledText(" · ", style: "footer") + versions
    }
    return footer
  }

  /// The room each face leaves its content: the back's footer takes its share.
  private var rooms: (front: Double, back: Double) {
    let footerHeight = measurer.height(backFooter, width: bodyWidth)
    return (bodyHeight, bodyHeight - footerHeight - layout.blockGap)
  }

  /// Whether both faces hold their content with no list cut below what it keeps (else a
  /// tighter line pitch and spacing are tried, `paginate`).
  var isComfortable: Bool {
    let (front, back) = rooms
    let parts = faces
    return fitting(parts.front, room: front).comfortable
      && fitting(parts.back, room: back).comfortable
  }

  /// The parts of each face. A front that does not fit with every list cut to what it must
  /// show hands its last parts to the back, where reading continues (an adversarial record's
  /// conditions), while the back still fits.
  var faces: (front: [CardPart], back: [CardPart]) {
    var front = card.front
    var moved: [CardPart] = []
    let (frontRoom, backRoom) = rooms
    // The moved lists after the back's own lists under a heading, so a list cut to its
    // pointer joins their pointers in one paragraph ("+ 3 more contacts · + 8 more
    // conditions: see the ER sheet"); the moved blocks after every list of the back, where
    // the pharmacy cut to its pointer joins them too.
    let back = card.back
    func after(_ matches: (CardPart) -> Bool) -> Int {
      (back.lastIndex(where: matches) ?? -1) + 1
    }
    let listsAt = after {
      if case .list(let list) = $0, case .list = list.shape { true } else { false }
    }
    let blocksAt = max(listsAt, after { if case .list = $0 { true } else { false } })
    func joined(_ parts: [CardPart]) -> [CardPart] {
      let lists = parts.filter { if case .list = $0 { true } else { false } }
      let blocks = parts.filter { if case .block = $0 { true } else { false } }
      return Array(back[..<listsAt]) + lists + Array(back[listsAt..<blocksAt]) + blocks
        + Array(back[blocksAt...])
    }
    // Moving a part loses nothing, so it comes before cutting a free text short.
    while front.count > 2, !fitting(front, room: frontRoom, shortening: false).fits,
      let last = front.last
    {
      // Only while the back still holds what it must (its first contact): else the part stays
      // on the front, never dropped between the faces.
      guard fitting(joined([last] + moved), room: backRoom, shortening: false).fits else { break }
      front.removeLast()
      moved.insert(last, at: 0)
    }
    return (front, joined(moved))
  }

  func pages() -> [Page] {
    let parts = faces
    let front = fitted(parts.front, room: rooms.front)
    let back = fitted(parts.back, room: rooms.back)
    if isCardPaper {
      return [
        page(1, of: 2, face(front, fragment: 1, x: 0, y: 0)),
        page(2, of: 2, face(back, fragment: 2, x: 0, y: 0) + footer(x: 0, y: 0)),
      ]
    }
    let left = ((layout.pageWidth - 2 * Self.faceWidth) / 2).rounded()
    let top = Self.sheetTop
    var items = guides(x: left, y: top)
    items += face(front, fragment: 1, x: left, y: top)
    items += face(back, fragment: 2, x: left + Self.faceWidth, y: top)
    items += footer(x: left + Self.faceWidth, y: top)
    let note = paragraph(
      card.sheetNote, x: left, y: top + Self.faceHeight + Self.markGap + Self.markLength + 8,
      width: 2 * Self.faceWidth, fragment: 3)
    items += PageEmitter(layout: layout).items([note])
    return [page(1, of: 1, items)]
  }

  private var bodyHeight: Double { Self.faceHeight - layout.marginTop - layout.marginBottom }

  private func page(_ number: Int, of count: Int, _ items: [PageItem]) -> Page {
    Page(
      number: number, count: count, width: layout.pageWidth, height: layout.pageHeight,
      items: items
    ).laidOut(document.direction)
  }

  /// The blocks of `parts` with each list cut so the face holds them in `room` points, one
  /// entry at a time from the list that yields first among those holding more than they
  /// keep; when every list is down to what it keeps, from the one that yields first among
  /// those with an entry left; until they fit or no list has an entry left. A cut that gains
  /// no room (a bilingual pointer as long as the entry it replaces: "+ 1 more device: see the
  /// ER sheet" for "Pacemaker — MRI conditional") is not made unless a further cut of the
  /// same list gains some. Last, a long free text (`TextRun.shortens`) is cut to the words
  /// that fit, with the list's `shortenedNote` after them.
  func fitted(_ parts: [CardPart], room: Double) -> [Block] {
    fitting(parts, room: room).blocks
  }

  /// `fitted`, whether the blocks fit, and whether they fit with every list holding what it
  /// keeps and every text whole; `shortening` false cuts no free text.
  func fitting(_ parts: [CardPart], room: Double, shortening: Bool = true) -> (
    blocks: [Block], fits: Bool, comfortable: Bool
  ) {
    let lists = parts.map { part -> CardList? in
      if case .list(let list) = part { return list }
      return nil
    }
    var shown = lists.map { $0?.items.count ?? 0 }
    // The words each entry's free text is cut to (nil: whole), `shorten()`.
    var words = lists.map { [Int?](repeating: nil, count: $0?.items.count ?? 0) }
    // A list's closing pointer and the lists after it cut to nothing share one paragraph,
    // the "see the ER sheet" once ("+ 3 more contacts · + 26 more medicines: see the ER
    // sheet"): a crowded bilingual back keeps the lines each pointer's own paragraph and tail
    // cost.
    func blocks() -> [Block] {
      var result: [Block] = []
      var pointers: [(note: TableOverflowNote, count: Int)] = []
      func close() {
        if !pointers.isEmpty { result.append(.paragraph(TableOverflowNote.joined(pointers))) }
        pointers = []
      }
      for (index, part) in parts.enumerated() {
        if case .list(let list) = part, list.pointerAlone(shown: shown[index]) != nil {
          pointers.append((list.more, list.items.count))
          continue
        }
        close()
        switch part {
        case .block(let block): result.append(block)
        case .list(let list):
          var listed = list.blocks(shown: shown[index], words: words[index])
          if case .list = list.shape, shown[index] < list.items.count,
            case .paragraph = listed.last
          {
            listed.removeLast()
            pointers.append((list.more, list.items.count - shown[index]))
          }
          result += listed
        }
      }
      close()
      return result
    }
    let order = { (index: Int) in lists[index]?.yieldOrder ?? 0 }
    let indices = lists.indices.filter { lists[$0] != nil }.sorted {
      (order($0), $0) < (order($1), $1)
    }
    // First down to what each list keeps, then to what it must show.
    let floors: [(Int) -> Int] = [
      { lists[$0]?.keep ?? 0 }, { lists[$0]?.minimum ?? 0 },
    ]
    var current = height(blocks())
    // While the face is too full, an entry at a time from the list that yields first among
    // those above `floor`, the fewest entries whose cut gains room.
    func cutDown(to floor: (Int) -> Int) {
      var spent = Set<Int>()
      while current > room + 0.001,
        let index = indices.first(where: { !spent.contains($0) && shown[$0] > floor($0) })
      {
        let start = shown[index]
        var gained = false
        while shown[index] > floor(index) {
          shown[index] -= 1
          let cut = height(blocks())
          if cut < current - 0.001 {
            current = cut
            gained = true
            break
          }
        }
        if !gained {
          shown[index] = start
          spent.insert(index)
        }
      }
    }
    // The most words of entry `item` of list `index` (from `low`; all of them: whole) with
    // which the face fits, and its height; fewer words never take more lines.
    func most(_ index: Int, _ item: Int, _ count: Int, from low: Int) -> (
      kept: Int?, height: Double
    )? {
      var (low, high) = (low, count)
      var best: (kept: Int?, height: Double)?
      while low <= high {
        let middle = (low + high) / 2
        words[index][item] = middle < count ? middle : nil
        let tried = height(blocks())
        if tried <= room + 0.001 {
          best = (words[index][item], tried)
          low = middle + 1
        } else {
          high = middle - 1
        }
      }
      return best
    }
    // Last of all, when every list is down to what it must show, a long free text (a
    // reaction of 130 characters) is cut to the words the face has room for, the longest
    // first (else to its floor, if that gains room): a card that fits without it is not
    // changed.
    func shorten() {
      let free = lists.indices.flatMap { index in
        (lists[index]?.freeWords ?? []).enumerated().compactMap { item, count in
          item < shown[index] && count > max(lists[index]?.wholeWords ?? 0, 1)
            ? (index, item, count) : nil
        }
      }.sorted { ($1.2, $0.0, $0.1) < ($0.2, $1.0, $1.1) }
      for (index, item, count) in free where current > room + 0.001 {
        let floor = lists[index]?.wholeWords ?? 0
        if let best = most(index, item, count, from: floor) {
          words[index][item] = best.kept
          current = best.height
          continue
        }
        words[index][item] = floor
        let cut = height(blocks())
        if cut < current - 0.001 { current = cut } else { words[index][item] = nil }
      }
    }
    for floor in floors { cutDown(to: floor) }
    if shortening, current > room + 0.001 {
      shorten()
      // With a text cut, a list's entry may now gain room; then the cut texts take back the
      // words the face has room for again.
      cutDown(to: floors[1])
      for index in words.indices {
        for item in words[index].indices {
          guard let kept = words[index][item], let list = lists[index] else { continue }
          if let best = most(index, item, list.freeWords[item], from: kept) {
            words[index][item] = best.kept
            current = best.height
          } else {
            words[index][item] = kept
          }
        }
      }
    }
    let fits = current <= room + 0.001
    let keeps = lists.indices.allSatisfy { index in
      lists[index].map { shown[index] >= min($0.keep, $0.items.count) } ?? true
    }
    let whole = words.allSatisfy { $0.allSatisfy { $0 == nil } }
    return (blocks(), fits, fits && keeps && whole)
  }

  /// The height of `blocks` stacked at the face's width.
  func height(_ blocks: [Block]) -> Double {
    stacked(blocks, fragment: 0).height
  }

  private func stacked(_ blocks: [Block], fragment: Int) -> (
    placements: [Paginator.Placement], height: Double
  ) {
    var atomizer = Atomizer(layout: layout, measurer: measurer)
    var placements: [Paginator.Placement] = []
    var y = 0.0
    for block in blocks {
      for atom in atomizer.atoms(block, width: bodyWidth) {
        if !placements.isEmpty { y += atom.gapBefore }
        placements.append(
          Paginator.Placement(atom: atom, x: 0, y: y, width: bodyWidth, fragment: fragment))
        y += atom.height
      }
    }
    return (placements, y)
  }

  /// One face's content with its top left corner at (`x`, `y`).
  private func face(_ blocks: [Block], fragment: Int, x: Double, y: Double) -> [PageItem] {
    let placed = stacked(blocks, fragment: fragment).placements.map { placement in
      var moved = placement
      moved.x += x + layout.marginLeft
      moved.y += y + layout.marginTop
      return moved
    }
    // The card is read front then back, the person's name (H1) first.
    return PageEmitter(layout: layout, headingBefore: 1).items(placed)
  }

  /// The back face's footer at its bottom edge: page furniture, as on the other documents.
  private func footer(x: Double, y: Double) -> [PageItem] {
    let height = measurer.height(backFooter, width: bodyWidth)
    let lines = measurer.lineHeights(backFooter, bodyWidth).count
    let top = y + Self.faceHeight - layout.marginBottom - height
    return [
      .beginTag(PageItem.artifactTag),
      .text(
        TextBox(
          x: x + layout.marginLeft, y: top, width: bodyWidth, text: backFooter, lines: 0..<lines)),
      .endTag,
    ]
  }

  private func paragraph(
    _ text: StyledText, x: Double, y: Double, width: Double, fragment: Int
  ) -> Paginator.Placement {
    let atom = Atom(
      role: .paragraph, cells: [AtomCell(x: 0, width: width, text: text, measurer: measurer)],
      padding: 0, gapBefore: 0)
    return Paginator.Placement(atom: atom, x: x, y: y, width: width, fragment: fragment)
  }

  /// The cut outline of both faces, crop marks at the outer corners and at the fold, and the
  /// dashed fold line above and below the cards; all artifacts.
  private func guides(x: Double, y: Double) -> [PageItem] {
    let width = 2 * Self.faceWidth
    let height = Self.faceHeight
    let (gap, length) = (Self.markGap, Self.markLength)
    var items: [PageItem] = [.beginTag(PageItem.artifactTag)]
    items.append(.frame(Rect(x: x, y: y, width: width, height: height), .neutral, lineWidth: 0.3))
    for cornerX in [x, x + width] {
      let outward = cornerX == x ? -1.0 : 1.0
      for cornerY in [y, y + height] {
        let down = cornerY == y ? -1.0 : 1.0
        items.append(
          .line(
            x1: cornerX + outward * gap, y1: cornerY, x2: cornerX + outward * (gap + length),
            y2: cornerY, dashed: false))
        items.append(
          .line(
            x1: cornerX, y1: cornerY + down * gap, x2: cornerX, y2: cornerY + down * (gap + length),
            dashed: false))
      }
    }
    let fold = x + Self.faceWidth
    items.append(.line(x1: fold, y1: y - gap - length, x2: fold, y2: y - gap, dashed: true))
    items.append(
      .line(x1: fold, y1: y + height + gap, x2: fold, y2: y + height + gap + length, dashed: true))
    items.append(.endTag)
    return items
  }
}
