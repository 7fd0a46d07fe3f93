// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing

@testable import RuaVisual

/// The change corpus of issue 31, made in the test (cairo, qpdf, and redraws of the goldens):
/// every pair that differs is `different` by default and says what changed; every pure shift
/// within --max-shift passes and reports its true distance within 0.1 pt; every inserted or
/// removed page is named; identical and re-saved files are `same`.
@Suite struct CorpusTests {
  static func document(_ pdf: CorpusPDF, _ name: String) throws -> PDFDocument {
    try PDFDocument(bytes: pdf.bytes(), name: name)
  }

  /// One region that counts, of kind colour, with the colours named.
  private func expectColour(
    _ a: CorpusPDF, _ b: CorpusPDF, from colourA: String?, to colourB: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let report = try VisualDiff.compare(
      try Self.document(a, "a.pdf"), try Self.document(b, "b.pdf"), options: DiffOptions())
    #expect(!report.isSame, sourceLocation: sourceLocation)
    let counted = report.pages.flatMap(\.regions).filter(\.counts)
    #expect(
      !counted.isEmpty && counted.allSatisfy { $0.kind == .colour },
      "\(counted.map(\.kindSummary))", sourceLocation: sourceLocation)
    if let region = counted.first {
      if let colourA { #expect(region.colourA == colourA, sourceLocation: sourceLocation) }
      #expect(region.colourB == colourB, sourceLocation: sourceLocation)
      #expect(
        report.summary(nameA: "a", nameB: "b").contains("colour changed: "),
        sourceLocation: sourceLocation)
    }
  }

  @Test func aHeadingFromDarkBlueToDarkRedIsAColourChange() throws {
    let a = CorpusPDF.document(1)
    var b = a
    b.pages[0][0].colour = CorpusPDF.darkRed
    // Both have the same luma: brightness alone called this anti-aliasing.
    try expectColour(a, b, from: "#1f3a93", to: "#8b1a1a")
  }

  @Test(arguments: [0xCC0000, 0xFF0000, 0x1F3A93] as [UInt32])
  func oneLineTurnedColouredIsAColourChange(_ colour: UInt32) throws {
    let a = CorpusPDF.document(1)
    var b = a
    b.pages[0][3].colour = colour
    try expectColour(a, b, from: "#000000", to: ColourDifference.hex(0xFF00_0000 | colour))
  }

  /// Bright yellow, light grey and pink boxes added on white: 29, 17 and 43 of 255 darker
  /// than the page, under the object test's 64.
  @Test(arguments: [0xFFFF00, 0xEEEEEE, 0xFFC0CB, 0xD3D3D3] as [UInt32])
  func aLightBoxOnWhiteIsAColourChange(_ colour: UInt32) throws {
    let a = CorpusPDF.document(1)
    var b = a
    b.pages[0].append(
      CorpusPDF.Item(x: 100, y: 420, shape: .box(width: 200, height: 60), colour: colour))
    try expectColour(a, b, from: "#ffffff", to: ColourDifference.hex(0xFF00_0000 | colour))
  }

  @Test func aBoxFilledPinkInsteadOfLightBlueIsAColourChange() throws {
    let a = CorpusPDF.document(1)
    var b = a
    b.pages[0][2].colour = 0xFFC0CB
    try expectColour(a, b, from: "#c8dcf0", to: "#ffc0cb")
  }

  @Test func aColourBelowTheThresholdIsNotAChangeAndTheThresholdIsChecked() throws {
    let a = CorpusPDF.document(1)
    var b = a
    b.pages[0].append(
      CorpusPDF.Item(x: 100, y: 420, shape: .box(width: 200, height: 60), colour: 0xFAFAFA))
    let report = try VisualDiff.compare(
      try Self.document(a, "a.pdf"), try Self.document(b, "b.pdf"), options: DiffOptions())
    #expect(report.isSame)
    var strict = DiffOptions()
    strict.colourThreshold = 0.01
    #expect(
      !(try VisualDiff.compare(
        try Self.document(a, "a.pdf"), try Self.document(b, "b.pdf"), options: strict
      )
      .isSame))
    strict.colourThreshold = 1.5
    #expect(throws: VisualError.self) {
      try VisualDiff.compare(
        try Self.document(a, "a.pdf"), try Self.document(b, "b.pdf"), options: strict)
    }
  }

  @Test func aWordEditIsStillAChangeNotAColour() throws {
    let a = CorpusPDF.document(1)
    var b = a
    b.pages[0][3].shape = .text("Amlodipine 5 mg morning", size: 12, bold: false)
    let report = try VisualDiff.compare(
      try Self.document(a, "a.pdf"), try Self.document(b, "b.pdf"), options: DiffOptions())
    let counted = report.pages.flatMap(\.regions).filter(\.counts)
    // The words after the edit moved left with it.
    #expect(counted.contains { $0.kind == .changed }, "\(counted.map(\.kindSummary))")
    #expect(!counted.contains { $0.kind == .colour }, "\(counted.map(\.kindSummary))")
  }

  // MARK: Whole-page shifts

  /// Distances in points; every one must be reported within 0.1 pt, pass with --max-shift
  /// of its size and fail without.
  @Test(arguments: [(0.25, 0.0), (0.0, 0.25), (2.0, 0.0), (0.0, 2.0), (0.5, 0.0), (0, 3.0)])
  func aWholePageShiftIsOneMoveOfItsTrueDistance(_ dx: Double, _ dy: Double) throws {
    let a = CorpusPDF.document(2)
    var b = a
    (b.dx, b.dy) = (dx, dy)
    let docA = try Self.document(a, "a.pdf")
    let docB = try Self.document(b, "b.pdf")
    let distance = (dx * dx + dy * dy).squareRoot()
    let strict = try VisualDiff.compare(docA, docB, options: DiffOptions())
    #expect(!strict.isSame)
    for page in strict.pages {
      let first = try #require(page.regions.first)
      #expect(first.wholePage, "page \(page.page): \(page.regions.map(\.kindSummary))")
      #expect(
        abs(first.shiftX - dx) <= 0.1 && abs(first.shiftY - dy) <= 0.1, "\(first.kindSummary)")
      let counted = page.regions.filter(\.counts)
      #expect(counted.count == 1, "\(counted.map(\.kindSummary))")
    }
    var tolerant = DiffOptions()
    tolerant.maxShift = distance
    let passed = try VisualDiff.compare(docA, docB, options: tolerant)
    #expect(passed.isSame, "\(passed.summary(nameA: "a", nameB: "b"))")
    let summary = passed.summary(nameA: "a", nameB: "b")
    #expect(summary.contains("page moved by"), "\(summary)")
  }

  /// Shifts of the real documents (tables, bands, bold and small type) by 0.25 and 2 pt: one
  /// page move each, its distance within 0.1 pt, passing with --max-shift of that size.
  @Test(arguments: [
    ("en-letter/p-agnes-01-er-sheet.pdf", 0.25, 0.0), ("en-letter/p-agnes-01-er-sheet.pdf", 0, 2.0),
    ("en-letter/p-agnes-01-medication-list.pdf", 2.0, 0.0),
    ("es-a4/p-tomasz-02-fall-guide.pdf", 0.0, 0.25),
    ("en-letter/p-tomasz-02-medication-list.pdf", 0.0, 2.0),
  ])
  func aShiftOfARealDocumentIsOnePageMove(_ file: String, _ dx: Double, _ dy: Double) throws {
    let golden = try Redraw.golden(file)
    let a = try PDFDocument(bytes: try Redraw.pdf(Redraw.all(golden)), name: "a.pdf")
    let b = try PDFDocument(
      bytes: try Redraw.pdf(Redraw.all(golden), dx: dx, dy: dy), name: "b.pdf")
    var options = DiffOptions()
    options.maxShift = (dx * dx + dy * dy).squareRoot()
    let report = try VisualDiff.compare(a, b, options: options)
    #expect(report.isSame, "\(report.summary(nameA: "a", nameB: "b"))")
    for page in report.pages {
      let first = try #require(page.regions.first)
      #expect(first.wholePage)
      #expect(
        abs(first.shiftX - dx) <= 0.1 && abs(first.shiftY - dy) <= 0.1,
        "page \(page.page): \(first.kindSummary)")
    }
  }

  @Test func aShiftedPageWithAnEditKeepsTheEdit() throws {
    let a = CorpusPDF.document(1)
    var b = a
    b.dy = 2
    b.pages[0][3].shape = .text("Amlodipine 5 mg morning", size: 12, bold: false)
    var options = DiffOptions()
    options.maxShift = 2
    let report = try VisualDiff.compare(
      try Self.document(a, "a.pdf"), try Self.document(b, "b.pdf"), options: options)
    #expect(!report.isSame)
    let regions = report.pages[0].regions
    #expect(regions.first?.wholePage == true)
    #expect(regions.first?.counts == false)
    let counted = regions.filter(\.counts)
    #expect(!counted.isEmpty)
    #expect(
      counted.allSatisfy { $0.points.y > 120 && $0.points.y < 160 }, "\(counted.map(\.points))")
  }

  /// Text deleted or added inside a line moves the rest of the line (or cell) by a glyph or a
  /// word: that is an edit, never a move, however large --max-shift is. Item 3 of page 0 is
  /// "Amlodipine 2.5 mg morning", item 5 "Warfarin 10.0 mg noon"; nil adds a line of its own.
  @Test(
    arguments: [
      (nil, "83,190,5562", "83,190,562", "83,190,562"),
      (nil, "Take 5562 tablets with food daily", "Take 562 tablets with food daily", "562"),
      (
        nil, "Take 5562 tablets with food daily", "Take 5562 small tablets with food daily", "small"
      ),
      (nil, "Take 5562 tablets with food daily", "Take 5562 tablts with food daily", "tablts"),
      (5, "Warfarin 10.0 mg noon", "Warfarin 10.0 noon", "mg"),
      (3, "Amlodipine 2.5 mg morning", "Amlodipine 25 mg morning", "25"),
    ] as [(Int?, String, String, String)])
  func anEditThatMovesTheRestOfItsLineIsAnEdit(
    _ item: Int?, _ before: String, _ after: String, _ quoted: String
  ) throws {
    var a = CorpusPDF.document(1)
    if item == nil {
      a.pages[0].append(
        CorpusPDF.Item(
          x: 72, y: 420, shape: .text(before, size: 12, bold: false), colour: CorpusPDF.black))
    }
    var b = a
    let index = item ?? a.pages[0].count - 1
    #expect(a.pages[0][index].shape == .text(before, size: 12, bold: false))
    b.pages[0][index].shape = .text(after, size: 12, bold: false)
    for maxShift in [0.0, 20.0] {
      var options = DiffOptions()
      options.maxShift = maxShift
      let report = try VisualDiff.compare(
        try Self.document(a, "a.pdf"), try Self.document(b, "b.pdf"), options: options)
      let summary = report.summary(nameA: "a", nameB: "b")
      #expect(!report.isSame, "--max-shift \(maxShift): \(summary)")
      let regions = report.pages.flatMap(\.regions)
      #expect(!regions.contains { $0.kind == .moved }, "\(regions.map(\.kindSummary))")
      let changed = regions.filter { $0.counts && $0.kind == .changed }
      #expect(
        changed.contains { $0.textSummary?.contains(quoted) == true },
        "\(changed.map { $0.textSummary ?? "-" })")
    }
  }

  // MARK: Pages inserted and removed

  /// Insertions and removals at the source: the running footer of every later page changes.
  @Test(arguments: [0, 1, 3, 4])
  func aPageInsertedAtTheSourceIsNamedAndTheOthersPaired(_ at: Int) throws {
    let a = CorpusPDF.document(4)
    var b = a
    b.pages.insert(CorpusPDF.page(9), at: at)
    let report = try VisualDiff.compare(
      try Self.document(a, "a.pdf"), try Self.document(b, "b.pdf"), options: DiffOptions())
    let inserted = report.pages.filter { $0.pageA == nil }
    #expect(inserted.map(\.pageB) == [at + 1])
    #expect(inserted.first?.reasons == [.inserted])
    for page in report.pages where page.pageA != nil {
      let expected = page.pageA! <= at ? page.pageA! : page.pageA! + 1
      #expect(page.pageB == expected, "A \(page.pageA!) with B \(page.pageB ?? 0)")
      // Only the footer differs on the paired pages.
      for region in page.regions where region.counts {
        #expect(
          region.points.y > 780, "page \(page.page): \(region.kindSummary) at \(region.points)")
      }
    }
    // With the footer masked by its words the paired pages are the same.
    var masked = DiffOptions()
    masked.maskText = ["Page [0-9]+ of [0-9]+"]
    let quiet = try VisualDiff.compare(
      try Self.document(a, "a.pdf"), try Self.document(b, "b.pdf"), options: masked)
    #expect(quiet.differingPages.map(\.pageB) == [at + 1])
    #expect(
      quiet.summary(nameA: "a.pdf", nameB: "b.pdf").contains(
        "page \(at + 1) of b.pdf: only in b.pdf (inserted)"))
  }

  @Test(arguments: [0, 2, 3])
  func aPageRemovedAtTheSourceIsNamed(_ at: Int) throws {
    let a = CorpusPDF.document(4)
    var b = a
    b.pages.remove(at: at)
    var options = DiffOptions()
    options.maskText = ["Page [0-9]+ of [0-9]+"]
    let report = try VisualDiff.compare(
      try Self.document(a, "a.pdf"), try Self.document(b, "b.pdf"), options: options)
    #expect(report.differingPages.map(\.pageA) == [at + 1])
    #expect(report.differingPages.first?.reasons == [.removed])
    #expect(
      report.summary(nameA: "a.pdf", nameB: "b.pdf").contains("page \(at + 1) of a.pdf removed"))
  }

  @Test func aPageInsertedAndAnotherRemovedWithTheSameCountAreBothNamed() throws {
    let a = CorpusPDF.document(4)
    var b = a
    b.pages.remove(at: 3)
    b.pages.insert(CorpusPDF.page(9), at: 1)
    var options = DiffOptions()
    options.maskText = ["Page [0-9]+ of [0-9]+"]
    let report = try VisualDiff.compare(
      try Self.document(a, "a.pdf"), try Self.document(b, "b.pdf"), options: options)
    #expect(report.pages.map(\.pageA) == [1, nil, 2, 3, 4])
    #expect(report.pages.map(\.pageB) == [1, 2, 3, 4, nil])
    #expect(report.differingPages.count == 2)
  }

  @Test func anEditedPageStaysPairedWhenAPageIsInsertedBeforeIt() throws {
    let a = CorpusPDF.document(3)
    var b = a
    b.pages[1][3].shape = .text("Omeprazole 40 mg evening", size: 12, bold: false)
    b.pages.insert(CorpusPDF.page(9), at: 1)
    let report = try VisualDiff.compare(
      try Self.document(a, "a.pdf"), try Self.document(b, "b.pdf"), options: DiffOptions())
    #expect(report.pages.map(\.pageA) == [1, nil, 2, 3])
    #expect(report.pages.map(\.pageB) == [1, 2, 3, 4])
  }

  @Test func aPageInsertedWithQpdfIsNamed() throws {
    var plain = CorpusPDF.document(3)
    plain.footer = false
    let other = CorpusPDF(pages: [CorpusPDF.page(9)], footer: false)
    let merged = try Self.qpdf(
      ["--empty", "--pages", "A.pdf", "1", "X.pdf", "1", "A.pdf", "2-z", "--"],
      files: ["A.pdf": plain.bytes(), "X.pdf": other.bytes()])
    let report = try VisualDiff.compare(
      try Self.document(plain, "a.pdf"), try PDFDocument(bytes: merged, name: "b.pdf"),
      options: DiffOptions())
    #expect(report.pages.map(\.pageA) == [1, nil, 2, 3])
    #expect(report.differingPages.map(\.pageB) == [2])
  }

  // MARK: No false alarm

  @Test func identicalAndReSavedFilesAreTheSame() throws {
    let bytes = CorpusPDF.document(3).bytes()
    let a = try PDFDocument(bytes: bytes, name: "a.pdf")
    #expect(try VisualDiff.compare(a, a, options: DiffOptions()).identicalBytes)
    for arguments in [["--object-streams=generate"], ["--linearize"], ["--qdf"]] {
      let resaved = try Self.qpdf(arguments + ["A.pdf"], files: ["A.pdf": bytes])
      #expect(resaved != bytes)
      let report = try VisualDiff.compare(
        a, try PDFDocument(bytes: resaved, name: "b.pdf"), options: DiffOptions())
      #expect(report.isSame, "\(arguments): \(report.summary(nameA: "a", nameB: "b"))")
      #expect(report.pages.allSatisfy { $0.regions.isEmpty })
    }
  }

  @Test(arguments: [
    "en-letter/p-agnes-01-er-sheet.pdf", "es-a4/p-meiling-03-medication-list.pdf",
    "en-letter/p-tomasz-02-fall-guide.pdf",
  ])
  func aGoldenReSavedWithQpdfIsTheSame(_ file: String) throws {
    let golden = try Redraw.golden(file)
    let resaved = try Self.qpdf(
      ["--object-streams=disable", "A.pdf"], files: ["A.pdf": golden.bytes])
    var options = DiffOptions()
    options.compareStructure = true
    let report = try VisualDiff.compare(
      golden, try PDFDocument(bytes: resaved, name: "b.pdf"), options: options)
    #expect(report.isSame, "\(report.summary(nameA: "a", nameB: "b"))")
  }

  /// `RUA_WRITE_CORPUS=DIR swift test --filter CorpusTests/writesTheCorpus` writes the pairs
  /// to DIR (`NAME-a.pdf`, `NAME-b.pdf`), for timing `diff` and running other tools on them
  /// (docs/visual-regression.md).
  @Test func writesTheCorpusWhenAsked() throws {
    guard let folder = ProcessInfo.processInfo.environment["RUA_WRITE_CORPUS"] else { return }
    var pairs: [(String, [UInt8], [UInt8])] = []
    let base = CorpusPDF.document(4)
    func variant(_ name: String, _ change: (inout CorpusPDF) -> Void) {
      var b = base
      change(&b)
      pairs.append((name, base.bytes(), b.bytes()))
    }
    variant("heading-blue-red") { $0.pages[0][0].colour = CorpusPDF.darkRed }
    variant("line-red") { $0.pages[1][3].colour = 0xCC0000 }
    for (name, colour) in [("yellow", 0xFFFF00), ("grey", 0xEEEEEE), ("pink", 0xFFC0CB)]
      as [(String, UInt32)]
    {
      variant("box-\(name)") {
        $0.pages[2].append(
          CorpusPDF.Item(x: 100, y: 420, shape: .box(width: 200, height: 60), colour: colour))
      }
    }
    variant("inserted") { $0.pages.insert(CorpusPDF.page(9), at: 1) }
    variant("removed") { $0.pages.remove(at: 2) }
    variant("shift-0.25") { $0.dx = 0.25 }
    variant("shift-2") { $0.dy = 2 }
    variant("word") { $0.pages[1][3].shape = .text("Omeprazole 40 mg noon", size: 12, bold: false) }
    pairs.append(
      (
        "resaved", base.bytes(),
        try Self.qpdf(["--object-streams=generate", "A.pdf"], files: ["A.pdf": base.bytes()])
      ))
    for file in [
      "en-letter/p-agnes-01-er-sheet.pdf", "en-letter/p-tomasz-02-medication-list.pdf",
      "es-a4/p-tomasz-02-fall-guide.pdf",
    ] {
      let golden = try Redraw.golden(file)
      let stem = file.replacingOccurrences(of: "/", with: "-").replacingOccurrences(
        of: ".pdf", with: "")
      let redrawn = try Redraw.pdf(Redraw.all(golden))
      pairs.append(("\(stem)-shift-2", redrawn, try Redraw.pdf(Redraw.all(golden), dy: 2)))
      pairs.append(("\(stem)-shift-0.25", redrawn, try Redraw.pdf(Redraw.all(golden), dx: 0.25)))
      pairs.append(
        (
          "\(stem)-resaved", golden.bytes,
          try Self.qpdf(["--object-streams=disable", "A.pdf"], files: ["A.pdf": golden.bytes])
        ))
    }
    for (name, a, b) in pairs {
      try Data(a).write(to: URL(fileURLWithPath: folder + "/" + name + "-a.pdf"))
      try Data(b).write(to: URL(fileURLWithPath: folder + "/" + name + "-b.pdf"))
    }
  }

  /// Runs qpdf in a private temporary folder holding `files`; returns the bytes it wrote.
  static func qpdf(_ arguments: [String], files: [String: [UInt8]]) throws -> [UInt8] {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "rua-visual-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
    defer { try? FileManager.default.removeItem(at: folder) }
    for (name, bytes) in files {
      try Data(bytes).write(to: folder.appendingPathComponent(name))
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/qpdf")
    process.currentDirectoryURL = folder
    process.arguments = arguments + ["out.pdf"]
    try process.run()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "qpdf \(arguments)")
    return [UInt8](try Data(contentsOf: folder.appendingPathComponent("out.pdf")))
  }
}
