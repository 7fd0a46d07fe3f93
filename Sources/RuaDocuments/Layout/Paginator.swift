// SPDX-License-Identifier: Apache-2.0
/// Splits a document into pages. Pure: text is measured through the injected measurer.
///
/// Nothing is dropped or clipped: tables continue with their header repeated, paragraphs and
/// bands split between lines, and every page gets a header, a footer and "Page N of M".
public func paginate(_ document: Document, layout: PageLayout, measurer: TextMeasurer) -> [Page] {
  paginate(document, layout: layout) { _ in measurer }.pages
}

/// Pages, and how far the spacing was tightened to get them.
public struct Pagination {
  public var pages: [Page]
  public var tightening: Tightening
}

/// How far a document is tightened so a short spill does not take a page of its own.
public struct Tightening: Equatable, Sendable {
  /// The share kept of the template's vertical gaps between blocks, above headings and
  /// inside table cells (1: as the template says).
  public var spacing: Double
  /// The share kept of the template's line pitch (1: as the template says).
  public var leading: Double
  /// A short section in columns may continue in the next column instead of moving whole (the
  /// columns then fill to their foot; a group's first and last rows still keep company).
  public var relaxesKeeps: Bool
  /// The share kept of each type size, never under the template's smallest (only a wallet
  /// card, whose face cannot grow, goes below 1: `Template.scaled(sizes:)`).
  public var sizes: Double

  public init(spacing: Double, leading: Double, relaxesKeeps: Bool = false, sizes: Double = 1) {
    self.spacing = spacing
    self.leading = leading
    self.relaxesKeeps = relaxesKeeps
    self.sizes = sizes
  }

  public static let none = Tightening(spacing: 1, leading: 1)

  /// Tried in turn, least change first, when the last page would hold less than
  /// `Pagination.sparseShare` of a page: the gaps shrink (never below half), then a short
  /// section in columns may continue in the next column, last the line pitch tightens (never
  /// below 93 %, about 1.1 em for the templates' 0.87–0.9). Type sizes never change.
  public static let steps = [
    Tightening(spacing: 0.75, leading: 1), Tightening(spacing: 0.5, leading: 1),
    Tightening(spacing: 0.5, leading: 1, relaxesKeeps: true),
    Tightening(spacing: 0.5, leading: 0.965, relaxesKeeps: true),
    Tightening(spacing: 0.5, leading: 0.93, relaxesKeeps: true),
  ]

  /// A wallet card's steps when its lists are cut below what they keep: the gaps and line
  /// pitch as far as any document goes, then the type sizes, down to the template's smallest.
  public static let cardSteps =
    steps.filter { !$0.relaxesKeeps || $0.leading < 1 } + [
      Tightening(spacing: 0.5, leading: 0.93, sizes: 0.93),
      Tightening(spacing: 0.5, leading: 0.93, sizes: 0.86),
      Tightening(spacing: 0.5, leading: 0.93, sizes: 0.8),
      Tightening(spacing: 0.5, leading: 0.93, sizes: 0.75),
    ]

  /// `layout` with its vertical gaps and cell padding scaled by `spacing`.
  public func applied(to layout: PageLayout) -> PageLayout {
    var tight = layout
    tight.blockGap *= spacing
    tight.headingGap *= spacing
    tight.cellPaddingY *= spacing
    return tight
  }
}

extension Pagination {
  /// A last page holding less than this share of the body is absorbed when a step can: half,
  /// so a page of only sources (a Spanish fall guide's 27 %) goes, and so does a third page
  /// the first two could take once tightened (Tomasz's ar+en medication list, 46 %); the
  /// measured rule (`LayoutMeasurementTests`) is a quarter.
  public static let sparseShare = 0.5
  /// A last page under this share that could not be absorbed makes a table's legend and
  /// totals carry its last rows along (`KeepRules.keepsClosingNotes`).
  public static let carryShare = 1.0 / 3
}

/// Splits a document into pages; when the last page would hold less than half a page,
/// tries `Tightening.steps` in turn and keeps the first that needs fewer pages (the spill is
/// absorbed on the page before). `measurer` gives the measurer at a share of the template's
/// line pitch (1: the template's own).
public func paginate(
  _ document: Document, layout: PageLayout, measurer: (Tightening) -> TextMeasurer
) -> Pagination {
  let plain = measurer(.none)
  if let card = document.card {
    // A card that must cut a list below what it keeps (or still would not fit) first tries
    // the tighter spacing and line pitch other documents use for a short spill, least change
    // first, then smaller type, never under the template's smallest size.
    var chosen = (
      CardLayout(document: document, card: card, layout: layout, measurer: plain), Tightening.none
    )
    if !chosen.0.isComfortable {
      for step in Tightening.cardSteps {
        chosen = (
          CardLayout(
            document: document, card: card, layout: step.applied(to: layout),
            measurer: measurer(step)), step
        )
        if chosen.0.isComfortable { break }
      }
    }
    return Pagination(pages: chosen.0.pages(), tightening: chosen.1)
  }
  let fresh = Paginator(document: document, layout: layout, measurer: plain)
  var paginator = fresh
  let pages = paginator.run()
  let sparseLast = pages.count > 1 && paginator.lastPageShare < Pagination.sparseShare
  guard sparseLast || Pagination.thinPage(paginator.pageShares) != nil else {
    return Pagination(pages: pages, tightening: .none)
  }
  for step in Tightening.steps {
    var tight = Paginator(
      document: document, layout: step.applied(to: layout), measurer: measurer(step))
    tight.keepsShortSections = !step.relaxesKeeps
    let untried = tight
    let fewer = tight.run()
    if fewer.count < pages.count {
      return Pagination(pages: balanced(untried, tight, fewer), tightening: step)
    }
  }
  // Not absorbed: a table's legend and totals take its last rows along rather than start a
  // page of their own (a page of only totals reads as a list without medicines).
  if sparseLast, paginator.lastPageShare < Pagination.carryShare {
    var kept = fresh
    kept.keepsClosingNotes = true
    let untried = kept
    let carried = kept.run()
    if carried.count == pages.count, kept.lastPageShare > paginator.lastPageShare {
      return Pagination(pages: balanced(untried, kept, carried), tightening: .none)
    }
  }
  return Pagination(pages: balanced(fresh, paginator, pages), tightening: .none)
}

struct Paginator {
  let document: Document
  let layout: PageLayout
  let measurer: TextMeasurer
  let frame: PageFrame
  var placements: [[Placement]] = [[]]
  var fragment = 0
  /// The share of the body the last page's content takes (after `run`).
  var lastPageShare = 0.0
  /// The share of the body each page's content takes (after `run`).
  var pageShares: [Double] = []
  /// Pages (by index) whose body ends above the frame's, so what would end them starts the
  /// next page instead (`balanced`).
  var shortened: [Int: Double] = [:]
  var keepsShortSections = true
  var keepsClosingNotes = false

  struct Placement {
    var atom: Atom
    var x: Double
    var y: Double
    var width: Double
    /// Atoms of one column on one page share a fragment (tables are tagged per fragment).
    var fragment: Int
  }

  init(document: Document, layout: PageLayout, measurer: TextMeasurer) {
    self.document = document
    self.layout = layout
    self.measurer = measurer
    self.frame = PageFrame(document: document, layout: layout, measurer: measurer)
  }

  mutating func run() -> [Page] {
    var atomizer = Atomizer(layout: layout, measurer: measurer)
    var y = frame.bodyTop
    let segments = segments()
    var rules = KeepRules(
      columnHeight: frame.bodyBottom - frame.bodyTop, measurer: measurer,
      continued: document.continuedLabel)
    rules.keepsClosingNotes = keepsClosingNotes
    rules.letsTallRowsStandAlone = layout.letsTallRowsStandAlone
    for (number, segment) in segments.enumerated() {
      let width = segment.columns == 1 ? layout.contentWidth : layout.columnWidth
      // Relaxed only in columns: a full-width flow keeps its closing sections together.
      rules.keepsShortSections = keepsShortSections || segment.columns == 1
      let (kept, headings) = rules.apply(
        segment.blocks.flatMap { atomizer.atoms($0, width: width) },
        // In columns the closing sections balance instead; a long chain would unbalance them.
        keepsTail: number == segments.count - 1 && segment.columns == 1)
      var atoms = kept
      guard let first = atoms.first else { continue }
      if y > frame.bodyTop { y += first.gapBefore }
      // In columns a break is not a page break, so "see page N" would mislead.
      if segment.columns > 1 { for index in atoms.indices { atoms[index].overflowNote = nil } }
      let (gap, measurer) = (layout.blockGap, measurer)
      let flow = ColumnFlow(atoms: atoms, continuedHeadings: headings) { note in
        gap + measurer.height(note.text(count: 888, page: 888), width: width)
      }
      y = self.flow(flow, columns: segment.columns, width: width, top: y)
    }
    lastPageShare = share(y)
    pageShares.append(lastPageShare)
    let count = placements.count
    return placements.enumerated().map { index, placed in
      let furniture = frame.items(page: index + 1, of: count)
      let items = furniture.before + PageEmitter(layout: layout).items(placed) + furniture.after
      return Page(
        number: index + 1, count: count, width: layout.pageWidth, height: layout.pageHeight,
        items: items
      ).laidOut(document.direction)
    }
  }

  /// The share of the body from its top down to `y`.
  func share(_ y: Double) -> Double {
    (y - frame.bodyTop) / max(frame.bodyBottom - frame.bodyTop, 1)
  }

  /// Consecutive plain blocks flow across the page; a `.columns` block flows in columns.
  private func segments() -> [(blocks: [Block], columns: Int)] {
    var result: [(blocks: [Block], columns: Int)] = []
    var plain: [Block] = []
    for block in document.blocks {
      if case .columns(let inner) = block {
        if !plain.isEmpty { result.append((plain, 1)) }
        plain = []
        result.append((inner, max(layout.columnCount, 1)))
      } else {
        plain.append(block)
      }
    }
    if !plain.isEmpty { result.append((plain, 1)) }
    return result
  }

  /// Flows atoms from `top` of the current page on, adding pages as needed. Returns the y where
  /// the next segment starts.
  private mutating func flow(_ flow: ColumnFlow, columns: Int, width: Double, top: Double)
    -> Double
  {
    var cursor = ColumnFlow.Cursor()
    var top = top
    while !flow.isDone(cursor) {
      let force = top <= frame.bodyTop
      let available = (shortened[placements.count - 1] ?? frame.bodyBottom) - top
      let height =
        columns > 1
        ? flow.balancedHeight(columns: columns, from: cursor, limit: available, force: force)
          ?? available : available
      let (filled, next) = flow.fill(columns: columns, from: cursor, height: height, force: force)
      var used = 0.0
      for (index, column) in filled.enumerated() {
        fragment += 1
        let x = layout.marginLeft + Double(index) * (width + layout.columnGap)
        for (atom, offset) in column.placed {
          placements[placements.count - 1].append(
            Placement(atom: atom, x: x, y: top + offset, width: width, fragment: fragment))
        }
        if let (note, remaining) = column.overflow {
          let text = note.text(count: remaining, page: placements.count + 1)
          let atom = Atom(
            role: .paragraph,
            cells: [AtomCell(x: 0, width: width, text: text, measurer: measurer)], padding: 0,
            gapBefore: layout.blockGap)
          placements[placements.count - 1].append(
            Placement(
              atom: atom, x: x, y: top + column.used + layout.blockGap, width: width,
              fragment: fragment))
        }
        used = max(used, column.used)
      }
      cursor = next
      if flow.isDone(cursor) { return top + used }
      pageShares.append(share(top + used))
      placements.append([])
      top = frame.bodyTop
    }
    return top
  }
}
