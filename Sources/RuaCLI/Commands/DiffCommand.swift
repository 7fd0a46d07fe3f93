// SPDX-License-Identifier: Apache-2.0
import RuaCore
import RuaPaperKit
import RuaVisual

struct DiffCommand: Command {
  let name = "diff"
  let summary =
    "compare two PDFs page by page (pixels, optionally text and structure) and name what changed"
  let usage =
    "diff A.pdf B.pdf [--dpi N] [--tolerance T] [--max-diff-pixels P] [--threshold-ratio R] "
    + "[--max-shift Npt] [--colour-threshold C] [--mask PAGE:x,y,w,h]... [--mask-text REGEX]... "
    + "[--compare-volatile] "
    + "[--text] [--structure] "
    + "[--out DIR] [--report DIR] [--junit FILE] [--format text|json] [--page-timeout SECONDS]"
  let details = """
    Identical files are the same without rendering. Otherwise both are rendered in this process
    with poppler at N dpi (default 150) and compared pixel by pixel. Differing pixels are grouped
    into regions (pixels within 4 pt of each other), each named with its box in points, its
    pixel count and the words under it in A and in B ("text changed: '58.5' → '59.5'").
    When everything that differs on a page moved together, that is one region, "page moved by
    2 pt down", of its true distance. A region whose content matches the other side displaced
    is "moved by Δ"; either passes when Δ is at most --max-shift (default 0). A region whose
    shapes match but whose colour does not (YIQ difference over C, default 0.05, as pixelmatch
    measures it) is "colour changed: #1f3a93 → #8b1a1a". Anti-aliased edge pixels with no net
    displacement (pixelmatch's detector, an edge in both images) do not count. A page differs
    when more pixels count than the larger of P and R × page area, when its size differs, when
    it exists in one file only, or (with --text) when its text differs. Pages are paired by
    similarity (words and a small picture, after the masks), so an inserted or removed page is
    reported as such and the rest stay paired, even when every page number changed.
    --structure also compares the tag tree, /Lang, /MarkInfo, title and other metadata, fonts,
    page boxes, outlines and links. Masks are rectangles in PDF points from
    the page's top-left corner (page numbers of A; * for every page); --mask-text masks the
    words matching a regular expression. Values that change with every print (rua-paper's
    printed time and access-log anchor) are marked in the PDF where they are drawn and masked
    by that mark without any option; --compare-volatile compares them too. Either file may be
    - for standard input. Bounds: each PDF at most 256 MiB; a page image at most 32,767 pixels
    a side and 100 million pixels, 4,000 million over both files (refused before drawing, with
    the --dpi that fits); each page drawn or read within --page-timeout seconds (default 5),
    else the diff stops there with exit 2, naming the page.
    --out DIR writes page-NNN-diff.png (B faded, what changed in colour) for each differing
    page, and with --side-by-side also page-NNN-side-by-side.png (A | B | diff, three pages
    wide: writing it costs about twice the comparison, so it is made only when asked for);
    --report DIR writes report.html (A | B | diff, a slider, regions outlined and listed) and
    summary.md; --junit FILE writes JUnit XML, one test case per page.
    Exit codes: 0 same, 1 different, 2 error, bad arguments included (as diff(1) and cmp(1)).
    """
  let options: [OptionSpec] =
    [.dpi] + VisualSupport.comparisonSpecs + [
      .compareText, .compareStructure, .diffImages, .sideBySide, .diffReport, .diffJUnit,
      OutputFormat.option(help: "report format (default text)"), .pageTimeout,
    ]
  let usageErrorCode = ExitCode.diffError
  let errorExitCode: ExitCode? = .diffError

  func run(_ arguments: ParsedArguments, _ context: Context) throws(PaperError) -> ExitCode {
    let request = try DiffRequest(
      files: arguments.positionals, images: arguments.value(.diffImages),
      sideBySide: arguments.flag(.sideBySide))
    let (fileA, fileB) = (request.fileA, request.fileB)
    let format = try OutputFormat.read(arguments).rawValue
    let dpi = try VisualSupport.dpi(arguments) ?? DiffOptions.defaultDPI
    var options = try VisualSupport.comparison(arguments).options(dpi: dpi)
    let timeout = try VisualSupport.pageTimeout(arguments)
    options.compareText = arguments.flag(.compareText)
    options.compareStructure = arguments.flag(.compareStructure)
    VisualSupport.keepLargeBuffers()
    let a: PDFDocument
    let b: PDFDocument
    do {
      a = try DiffRun.open(fileA, host: context.host)
      b = try DiffRun.open(fileB, host: context.host)
      try DiffRun.check(options, a, b)
      for document in [a, b] {
        PageWatchdog.guardPages(of: document, seconds: timeout, exit: .diffError, context)
      }
    } catch {
      // A CI job reading only the JUnit file still sees the comparison fail.
      if let junit = arguments.value(.diffJUnit) {
        try? VisualFiles.writeText(
          JUnitReport.xml(
            suite: "rua-paper diff",
            cases: [.init(className: "\(fileA) vs \(fileB)", name: "open", failure: error.message)]),
          to: context.absolute(junit))
      }
      throw error
    }
    let reportFolder = arguments.value(.diffReport)
    let run = DiffRun(
      images: request.images, sideBySide: request.sideBySide,
      reportFolder: reportFolder.map(context.absolute), host: context.host)
    let outcome = try run.compare(a, b, options: options)
    let report = outcome.report
    let (nameA, nameB) = request.names
    try run.writeReport(outcome, nameA: nameA, nameB: nameB)
    if let junit = arguments.value(.diffJUnit) {
      try VisualFiles.writeText(
        JUnitReport.xml(
          suite: "rua-paper diff", cases: JUnitReport.cases(report, nameA: nameA, nameB: nameB)),
        to: context.absolute(junit))
    }
    if format == "json" {
      context.write(
        JSONWriter.write(
          VisualFiles.json(report, nameA: nameA, nameB: nameB, images: outcome.images)))
    } else {
      var text = report.summary(nameA: nameA, nameB: nameB)
      for page in outcome.images.keys.sorted() {
        for key in ["diffImage", "sideBySide"] {
          if let path = outcome.images[page]?[key] { text += "wrote \(path)\n" }
        }
      }
      if let reportFolder { text += "wrote \(reportFolder)/report.html\n" }
      context.write(text)
    }
    return report.isSame ? .success : .failure
  }
}

extension ExitCode {
  /// `diff` reports every error, bad arguments included, as 2 (like diff(1) and cmp(1)).
  static let diffError = ExitCode(rawValue: 2)
}

extension OptionSpec {
  fileprivate static let compareText = OptionSpec(
    "text", help: "also compare the text of each page")
  fileprivate static let compareStructure = OptionSpec(
    "structure", help: "also compare tags, metadata, fonts, boxes, outlines, links")
  fileprivate static let diffImages = OptionSpec(
    "out", short: "o", .value, value: "DIR", help: "write diff images to DIR")
  fileprivate static let sideBySide = OptionSpec(
    "side-by-side", help: "with --out, also write A | B | diff pictures")
  fileprivate static let diffReport = OptionSpec(
    "report", .value, value: "DIR", help: "write an HTML report and summary.md")
  fileprivate static let diffJUnit = OptionSpec(
    "junit", .value, value: "FILE", help: "write JUnit XML (one test case per page)")
}
