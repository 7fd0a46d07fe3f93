import RuaCore
import RuaVisual

struct DiffCommand: Command {
  let name = "diff"
  let summary = "compare two PDFs page by page (pixels, optionally text) and name what changed"
  let usage =
    "diff A.pdf B.pdf [--dpi N] [--tolerance T] [--max-diff-pixels P] "
    + "[--mask PAGE:x,y,w,h]... [--text] [--out DIR] [--format text|json]"
  let details = """
    Identical files are the same without rendering. Otherwise both are rendered in this process
    with poppler at N dpi (default 150) and compared pixel by pixel; a page differs when more
    than P pixels differ by more than T in any channel, when its size differs, when it exists in
    one file only, or (with --text) when its text differs. Masks are rectangles in PDF points
    from the page's top-left corner; page * masks every page. The report names each differing
    page with the changed region in points and pixels. With --out, DIR gets
    page-NNN-diff.png (changes in red over a faded A) and page-NNN-side-by-side.png (A | B | diff)
    for each page whose pixels differ. With --text the report contains the changed lines.
    Exit codes: 0 same, 1 different, 2 error, bad arguments included (as diff(1) and cmp(1)).
    """
  let options: [OptionSpec] = [
    OptionSpec("dpi", .value, value: "N", help: "resolution, 1 to 1200 (default 150)"),
    OptionSpec(
      "tolerance", .value, value: "T", help: "per-channel difference ignored, 0-255 (default 0)"),
    OptionSpec(
      "max-diff-pixels", .value, value: "P", help: "differing pixels allowed per page (default 0)"),
    OptionSpec(
      "mask", .repeated, value: "PAGE:x,y,w,h", help: "ignore a rectangle (points; page or *)"),
    OptionSpec("text", help: "also compare the text of each page"),
    OptionSpec("out", short: "o", .value, value: "DIR", help: "write diff images to DIR"),
    OptionSpec("format", .value, value: "text|json", help: "report format (default text)"),
  ]
  let usageErrorCode = ExitCode.diffError

  func run(_ arguments: ParsedArguments, _ context: Context) throws(CLIError) -> ExitCode {
    let error = ExitCode.diffError
    guard arguments.positionals.count == 2 else {
      throw CLIError(
        "diff takes two PDF files, got \(arguments.positionals.count); see rua-paper diff --help",
        code: error)
    }
    let (fileA, fileB) = (arguments.positionals[0], arguments.positionals[1])
    let format = arguments.value("format") ?? "text"
    guard format == "text" || format == "json" else {
      throw CLIError("--format must be text or json, not '\(format)'", code: error)
    }
    var options = try VisualSupport.diffOptions(
      arguments, dpi: try VisualSupport.dpi(arguments.value("dpi"), code: error), code: error)
    options.compareText = arguments.flag("text")
    VisualSupport.keepLargeBuffers()
    let a = try open(fileA, context)
    let b = try open(fileB, context)
    try check(options, a, b)
    let out = arguments.value("out")
    if let out { try VisualSupport.makeDirectory(context.absolute(out), code: error) }
    var images: [Int: [String: String]] = [:]
    let report: DiffReport
    do {
      // Without --out no pictures are made at all (they cost more than the comparison).
      if let out {
        report = try VisualDiff.compare(a, b, options: options) { artifacts throws(VisualError) in
          images[artifacts.page] = try write(artifacts, to: out, context)
        }
      } else {
        report = try VisualDiff.compare(a, b, options: options)
      }
    } catch {
      throw CLIError(error.message, code: .diffError)
    }
    if format == "json" {
      context.write(
        JSONWriter.write(VisualSupport.json(report, nameA: fileA, nameB: fileB, images: images)))
    } else {
      var text = report.summary(nameA: fileA, nameB: fileB)
      for page in images.keys.sorted() {
        for key in ["diffImage", "sideBySide"] {
          if let path = images[page]?[key] { text += "wrote \(path)\n" }
        }
      }
      context.write(text)
    }
    return report.isSame ? .success : .failure
  }

  private func open(_ file: String, _ context: Context) throws(CLIError) -> PDFDocument {
    do {
      return try PDFDocument(path: context.absolute(file), shownAs: file)
    } catch {
      throw CLIError(error.message, code: .diffError)
    }
  }

  /// Masks must name a page of one of the files, and pages must fit in an image.
  private func check(_ options: DiffOptions, _ a: PDFDocument, _ b: PDFDocument)
    throws(CLIError)
  {
    let pages = max(a.pageCount, b.pageCount)
    for mask in options.masks {
      if let page = mask.page, page > pages {
        throw CLIError(
          "--mask \(mask): page \(page) is past the last page (\(a.name) has \(a.pageCount), "
            + "\(b.name) has \(b.pageCount))", code: .diffError)
      }
    }
    for document in [a, b] where document.pageCount > 0 {
      for page in 1...document.pageCount {
        guard let size = try? document.pageSize(page) else { continue }
        try VisualSupport.checkPixelSize(
          size, dpi: options.dpi, file: document.name, page: page, code: .diffError)
      }
    }
  }

  private func write(_ artifacts: PageArtifacts, to out: String, _ context: Context)
    throws(VisualError) -> [String: String]
  {
    var written: [String: String] = [:]
    let files = [
      ("diffImage", "-diff.png", artifacts.diff),
      ("sideBySide", "-side-by-side.png", artifacts.sideBySide),
    ]
    for (key, suffix, raster) in files {
      let shown = out + "/" + VisualSupport.pageName(artifacts.page, suffix: suffix)
      if let problem = VisualSupport.writeFile(try raster.pngBytes(), to: context.absolute(shown)) {
        throw VisualError(.image, problem)
      }
      written[key] = shown
    }
    return written
  }
}

extension ExitCode {
  /// `diff` reports every error, bad arguments included, as 2 (like diff(1) and cmp(1)).
  static let diffError = ExitCode(rawValue: 2)
}
