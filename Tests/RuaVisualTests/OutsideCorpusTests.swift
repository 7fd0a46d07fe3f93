// SPDX-License-Identifier: Apache-2.0
import Foundation
import RuaTestSupport
import Testing

@testable import RuaVisual

/// The outside-tool corpus (Tests/Fixtures/visual, made by scripts/make-visual-corpus from
/// documents groff, pdfLaTeX and Typst typeset): every pair's verdict, as the script wrote it
/// from the edit it made, never from what the diff says.
@Suite struct OutsideCorpusTests {
  struct Pair: Decodable, CustomTestStringConvertible, Sendable {
    let name: String
    let a: String
    let b: String
    /// Expected same (re-saved, metadata only).
    let same: Bool?
    /// A's pages that differ, and the kind of every counted region on them.
    let pages: [Int]?
    let kind: String?
    /// The words of a word edit, A's then B's.
    let words: [String]?
    /// A whole-page shift (dx, dy) in points.
    let shift: [Double]?
    /// B's inserted or A's removed pages.
    let inserted: [Int]?
    let removed: [Int]?

    var testDescription: String { name }
  }

  struct Corpus: Decodable { let pairs: [Pair] }

  static let folder = PackageRoot.file("Tests/Fixtures/visual")

  static let pairs: [Pair] = {
    guard let data = FileManager.default.contents(atPath: folder + "/corpus.json"),
      let corpus = try? JSONDecoder().decode(Corpus.self, from: data)
    else { return [] }
    return corpus.pairs
  }()

  static func report(_ pair: Pair, options: DiffOptions = DiffOptions()) throws -> DiffReport {
    let a = try PDFDocument(path: folder + "/" + pair.a, shownAs: pair.a)
    let b = try PDFDocument(path: folder + "/" + pair.b, shownAs: pair.b)
    var options = options
    // A new line height moves every line of every page: thousands of regions, 30 to 60 s of
    // CPU each at 150 dpi in a debug build (docs/visual-regression.md, "Speed"). Its verdict
    // does not hang on the resolution, so it is judged at 72 dpi; every other pair at the
    // default.
    if pair.name.hasSuffix("-leading") { options.dpi = 72 }
    return try VisualDiff.compare(a, b, options: options)
  }

  @Test func theCorpusHoldsEveryKindOfChangeFromThreeTools() {
    let names = Set(Self.pairs.map(\.name))
    #expect(Self.pairs.count >= 40, "\(Self.pairs.count) pairs")
    for tool in ["groff", "latex", "typst"] {
      for variant in [
        "word", "digit", "font", "leading", "heading-hue", "one-line-red", "resaved", "metadata",
        "page-inserted", "page-removed", "qpdf-page-inserted", "shift-0.25pt", "shift-2pt",
      ] {
        #expect(names.contains("\(tool)-\(variant)"), "missing \(tool)-\(variant)")
      }
    }
    #expect(names.contains("latex-image") && names.contains("latex-light-box-yellow"))
  }

  @Test(arguments: OutsideCorpusTests.pairs)
  func everyPairGetsTheVerdictOfItsEdit(_ pair: Pair) throws {
    if pair.same == true {
      let report = try Self.report(pair)
      #expect(report.isSame, "\(report.summary(nameA: pair.a, nameB: pair.b))")
    } else if let shift = pair.shift {
      try expectMove(pair, dx: shift[0], dy: shift[1])
    } else if pair.inserted != nil || pair.removed != nil {
      try expectPagesNamed(pair)
    } else {
      try expectEdit(pair)
    }
  }

  /// A pure shift fails by default, passes within --max-shift of its length, and is reported
  /// once per page at its true distance (within 0.1 pt).
  private func expectMove(_ pair: Pair, dx: Double, dy: Double) throws {
    #expect(!(try Self.report(pair)).isSame, "a shift is a change without --max-shift")
    var options = DiffOptions()
    options.maxShift = (dx * dx + dy * dy).squareRoot()
    let report = try Self.report(pair, options: options)
    #expect(report.isSame, "\(report.summary(nameA: pair.a, nameB: pair.b))")
    for page in report.pages {
      let first = try #require(page.regions.first, "page \(page.page) has no move")
      #expect(first.wholePage && first.kind == .moved, "page \(page.page): \(first.kindSummary)")
      #expect(
        abs(first.shiftX - dx) <= 0.1 && abs(first.shiftY - dy) <= 0.1,
        "page \(page.page): \(first.kindSummary)")
    }
  }

  /// The inserted (B) or removed (A) page is named, and every paired page differs only in its
  /// running header or footer ("Page 3 of 4" → "Page 4 of 5").
  private func expectPagesNamed(_ pair: Pair) throws {
    let report = try Self.report(pair)
    let summary = report.summary(nameA: pair.a, nameB: pair.b)
    #expect(!report.isSame)
    let inserted = report.pages.filter { $0.pageA == nil }.compactMap(\.pageB)
    let removed = report.pages.filter { $0.pageB == nil }.compactMap(\.pageA)
    #expect(inserted == (pair.inserted ?? []), "\(summary)")
    #expect(removed == (pair.removed ?? []), "\(summary)")
    for page in report.pages where !page.isUnpaired {
      let height = page.sizeA?.height ?? 792
      for region in page.regions where region.counts {
        let top = region.points.y
        let bottom = top + region.points.height
        #expect(
          bottom <= height * 0.12 || top >= height * 0.85,
          "page \(page.page): a change outside the running header and footer: \(region.kindSummary)"
        )
      }
    }
  }

  /// An edit: exactly the expected pages differ, with regions of the expected kind, and a
  /// word edit is quoted word by word.
  private func expectEdit(_ pair: Pair) throws {
    let report = try Self.report(pair)
    let summary = report.summary(nameA: pair.a, nameB: pair.b)
    #expect(!report.isSame, "\(summary)")
    let different = report.pages.filter(\.isDifferent).compactMap(\.pageA)
    #expect(different == (pair.pages ?? different), "\(summary)")
    let counted = report.pages.flatMap(\.regions).filter(\.counts)
    if pair.kind == "colour" {
      // A colour change is nothing but colour.
      #expect(!counted.isEmpty && counted.allSatisfy { $0.kind == .colour }, "\(summary)")
    } else if pair.kind == "changed" {
      // An edit is an edit (the words after it on a justified line may move), never colour.
      #expect(counted.contains { $0.kind == .changed }, "\(summary)")
      #expect(!counted.contains { $0.kind == .colour }, "\(summary)")
    }
    if let words = pair.words {
      #expect(summary.contains("'\(words[0])' → '\(words[1])'"), "\(summary)")
    }
  }
}
