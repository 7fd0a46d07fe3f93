// SPDX-License-Identifier: Apache-2.0
import RuaDocuments
import Testing

/// A spill of a few lines onto a near-empty last page is absorbed on the page before (issue
/// 30): the gaps shrink first, then keeps in columns relax, then the line pitch, within
/// `Tightening.steps`; a last page
/// that holds a real share of the document, or a spill no step absorbs, leaves the layout as
/// the template says. Fake measurer: 10-point lines, a 240-point body.
@Suite struct SpillAbsorptionTests {
  /// The fake measurer at a share of its line pitch, as the renderer gives one.
  static func measurer(_ leading: Double) -> TextMeasurer {
    TextMeasurer { text, width in Fake.measurer.lineHeights(text, width).map { $0 * leading } }
  }

  static func paragraphs(_ count: Int, lines: Int = 1) -> [Block] {
    // 36 characters fill one 180-point line (5 points each).
    (1...count).map { index in
      let text = String(repeating: "p\(index % 10)", count: 18 * lines)
      return .paragraph(Fake.text(text))
    }
  }

  static func paginated(_ blocks: [Block]) -> Pagination {
    var layout = Fake.layout
    layout.columnCount = 1
    return paginate(Fake.document(blocks), layout: layout) { measurer($0.leading) }
  }

  /// 18 one-line paragraphs: 10 + 17 × 14 = 248 points, one line over the body. The template's
  /// gaps put the last paragraph alone on page 2; three-quarter gaps keep it on page 1.
  @Test func aOneLineSpillIsAbsorbedByNarrowerGaps() {
    // The plain entry point absorbs it too (on main it made two pages).
    let plain = paginate(
      Fake.document(Self.paragraphs(18)), layout: Self.onePerPage, measurer: Fake.measurer)
    #expect(plain.count == 1)
    let result = Self.paginated(Self.paragraphs(18))
    #expect(result.pages.count == 1)
    #expect(result.tightening == Tightening.steps[0])
    #expect(Self.bodyLines(result.pages) == 18, "every line is drawn once")
  }

  /// Eight three-line paragraphs (3 lines cannot split into two and two): 268 points. Half
  /// gaps leave 254; only the tightest line pitch (93 %) brings them to 237.
  @Test func aSpillTheGapsCannotAbsorbTakesTheTighterLinePitch() {
    let result = Self.paginated(Self.paragraphs(8, lines: 3))
    #expect(result.pages.count == 1)
    #expect(result.tightening == Tightening(spacing: 0.5, leading: 0.93, relaxesKeeps: true))
    #expect(Self.bodyLines(result.pages) == 24)
  }

  /// A second page holding half a page is not a spill: the template's spacing stays.
  @Test func aRealSecondPageIsLeftAsItIs() {
    let result = Self.paginated(Self.paragraphs(26))
    #expect(result.pages.count == 2)
    #expect(result.tightening == .none)
  }

  /// A spill too large for every step keeps the template's layout, not a tightened one that
  /// did not help.
  @Test func aSpillNoStepAbsorbsKeepsTheTemplateLayout() {
    // Nine three-line paragraphs: two go to page 2; at the tightest step they still take
    // 9 × 27.9 + 8 × 2 = 267 points of 240.
    let result = Self.paginated(Self.paragraphs(9, lines: 3))
    #expect(result.pages.count == 2)
    #expect(result.tightening == .none)
  }

  /// Three six-line bands take 3 × 66 + 2 × 4 = 206 of page 1's 240 points, and a five-line
  /// one (56) would stand alone on page 2, under a quarter of it, although page 1 had a
  /// seventh free besides what tightening gains; bands never split, and at the tightest step
  /// the four still take 3 × 61.8 + 3 × 2 + 52.5 = 243.9. Balanced, page 1 ends after two
  /// bands and page 2 holds two, half a page, rather than one thin spill.
  @Test func aSpillNoStepAbsorbsIsBalancedWithThePageBefore() {
    let long = String(repeating: "b", count: 195)
    let short = String(repeating: "s", count: 160)
    let blocks: [Block] =
      (1...3).map { _ in .alert(Alert(tone: .danger, label: Fake.text("L"), text: Fake.text(long)))
      }
      + [.alert(Alert(tone: .info, label: Fake.text("L"), text: Fake.text(short)))]
    let result = Self.paginated(blocks)
    #expect(result.pages.count == 2)
    let bands = result.pages.map { page in
      page.textBoxes.filter { $0.text.plainText.hasPrefix("L  ") }.count
    }
    #expect(bands == [2, 2], "bands per page")
    #expect(result.tightening == .none, "balancing needs no tightening")

    // A document that keeps its page 1 (the ER sheet) leaves the spill where it fell.
    var kept = Fake.document(blocks)
    kept.keepsPageOne = true
    var layout = Fake.layout
    layout.columnCount = 1
    let unbalanced = paginate(kept, layout: layout) { Self.measurer($0.leading) }
    #expect(
      unbalanced.pages.map { page in
        page.textBoxes.filter { $0.text.plainText.hasPrefix("L  ") }.count
      } == [3, 1], "page 1 keeps its bands")
  }

  /// A thin last page after a page with no room for it is left as it is (the page rule is
  /// kept, and nothing moves for nothing): the read-back share of each page decides.
  @Test func aThinPageIsThinOnlyWhenThePageBeforeHadRoom() {
    #expect(Pagination.thinPage([1, 0.9, 0.2]) == 2)
    #expect(Pagination.thinPage([1, 0.5, 0.9]) == nil)
    // 0.2 ≤ 1 − 0.9 + 0.15 (what tightening gains): thin.
    #expect(Pagination.thinPage([0.9, 0.2]) == 1)
    // 0.2 > 1 − 0.98 + 0.15: the page before could not have taken it.
    #expect(Pagination.thinPage([0.98, 0.2]) == nil)
    // From page 3 on, as balancing asks when page 1 is kept.
    #expect(Pagination.thinPage([0.9, 0.2], from: 2) == nil)
    #expect(Pagination.thinPage([0.9, 0.2, 0.9, 0.1], from: 2) == 3)
  }

  /// No step shrinks the gaps below half or the line pitch below 93 %.
  @Test func theStepsStayWithinTheirLimits() {
    for step in Tightening.steps {
      #expect(step.spacing >= 0.5 && step.spacing < 1.0001)
      #expect(step.leading >= 0.93 && step.leading <= 1)
    }
  }

  /// The paragraphs' lines drawn (the header and footer aside).
  static func bodyLines(_ pages: [Page]) -> Int {
    Fake.drawnLines(pages).filter { $0.text.hasPrefix("p") && !$0.text.hasPrefix("printed") }
      .count
  }

  static var onePerPage: PageLayout {
    var layout = Fake.layout
    layout.columnCount = 1
    return layout
  }
}
