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
    let run = try RasterizeRun(
      context.absolute(file), file: file, pages: arguments.value(.pages), dpi: dpi)
    PageWatchdog.guardPages(of: run.document, seconds: timeout, exit: .dataError, context)
    try run.write(into: out, path: context.absolute) { context.print($0) }
    return .success
  }
}

extension OptionSpec {
  fileprivate static let pages = OptionSpec(
    "pages", .value, value: "A-B", help: "pages to render: 2, 2-5 or 2- (default all)")
  fileprivate static let pngFolder = OptionSpec(
    "out", short: "o", .value, value: "DIR", help: "folder for the PNG files")
}
