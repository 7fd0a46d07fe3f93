// SPDX-License-Identifier: Apache-2.0
import RuaCore
import RuaPaperKit
import RuaVisual

struct RasterizeCommand: Command {
  let name = "rasterize"
  let summary = "render PDF pages to PNG images with poppler (one file per page)"
  let usage = "rasterize FILE.pdf [--dpi N] [--pages A-B] [--page-timeout SECONDS] -o DIR"
  let details = """
    Writes DIR/page-001.png, page-002.png, … on an opaque white background, rendered as the
    page would print. A page of P points becomes ceil(P × N / 72) pixels (A4 at 150 dpi is
    1240 × 1755), the rule pdftoppm uses. DIR is created if it does not exist; existing images
    of the same name are replaced. The written paths are listed on stdout.
    Bounds: FILE at most 256 MiB; a page image at most 32,767 pixels a side and 100 million
    pixels, 4,000 million in all (refused before drawing, with the --dpi that fits); each page
    drawn within --page-timeout seconds, else the command stops there.
    Exit codes: 0 written, 64 bad arguments, page range or a page too large at --dpi, 65 not a
    PDF / damaged / encrypted / too large / a page over --page-timeout, 66 FILE cannot be read,
    73 DIR cannot be created, 74 an image cannot be written.
    """
  let options: [OptionSpec] = [.dpi, .pages, .pngFolder, .pageTimeout]

  func run(_ arguments: ParsedArguments, _ context: Context) throws(PaperError) -> ExitCode {
    guard arguments.positionals.count == 1, let file = arguments.positionals.first else {
      throw .invalidRequest("rasterize takes one PDF file, got \(arguments.positionals.count)")
    }
    guard let out = arguments.value(.pngFolder) else {
      throw .invalidRequest("rasterize needs -o DIR, the folder for the PNG files")
    }
    let dpi = try VisualSupport.dpi(arguments) ?? DiffOptions.defaultDPI
    let timeout = try VisualSupport.pageTimeout(arguments)
    VisualSupport.keepLargeBuffers()
    let document: PDFDocument
    do {
      document = try PDFDocument(path: context.absolute(file), shownAs: VisibleText.escaped(file))
    } catch {
      let kind: PaperError.Kind =
        error.kind == .unreadable
        ? .notFound : error.kind == .missingLibrary ? .unavailable : .invalidData
      throw PaperError(error.message, kind: kind)
    }
    let pages = try range(arguments.value(.pages), file: file, count: document.pageCount)
    try VisualSupport.checkPixels([document], pages: pages, dpi: dpi, kind: .invalidRequest)
    PageWatchdog.guardPages(of: document, seconds: timeout, exit: .dataError, context)
    try VisualFiles.makeDirectory(context.absolute(out), kind: .cannotCreate)
    for page in pages {
      let png: [UInt8]
      do {
        png = try document.render(page: page, dpi: dpi).pngBytes()
      } catch {
        throw PaperError(error.message, kind: .internalFailure)
      }
      let shown = out + "/" + VisualFiles.pageName(page, suffix: ".png")
      if let problem = VisualFiles.writeFile(png, to: context.absolute(shown)) {
        throw PaperError(problem, kind: .io)
      }
      context.print(shown)
    }
    return .success
  }

  /// `N`, `A-B` or `A-` (to the end), 1-based and inside the document.
  private func range(_ text: String?, file: String, count: Int) throws(PaperError) -> [Int] {
    guard count > 0 else { throw PaperError("\(file) has no pages", kind: .invalidData) }
    guard let text else { return Array(1...count) }
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    let first = parts.first.flatMap { Int($0) }
    let last = parts.count == 2 ? (parts[1].isEmpty ? count : Int(parts[1])) : first
    guard parts.count <= 2, let first, let last else {
      throw .invalidRequest("--pages must be N or A-B (e.g. 2 or 2-5), not '\(text)'")
    }
    guard first >= 1, first <= last else {
      throw .invalidRequest(
        "--pages \(text): the range must start at 1 or later and not run backwards")
    }
    guard last <= count else {
      throw .invalidRequest("--pages \(text): \(file) has \(count) page(s)")
    }
    return Array(first...last)
  }
}

extension OptionSpec {
  fileprivate static let pages = OptionSpec(
    "pages", .value, value: "A-B", help: "pages to render: 2, 2-5 or 2- (default all)")
  fileprivate static let pngFolder = OptionSpec(
    "out", short: "o", .value, value: "DIR", help: "folder for the PNG files")
}
