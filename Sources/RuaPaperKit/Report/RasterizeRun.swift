// SPDX-License-Identifier: Apache-2.0
import RuaCore
public import RuaVisual

/// `rasterize`: one PDF's pages as PNG files, one a page, checked before anything is drawn
/// (the pages exist, each image fits the pixel bounds at the dpi asked).
public struct RasterizeRun {
  public let document: PDFDocument
  public let pages: [Int]
  public let dpi: Double

  /// Opens `path` (shown as `file`) and reads `pages` (`2`, `2-5`, `2-`; nil: all).
  public init(_ path: String, file: String, pages text: String?, dpi: Double) throws(PaperError) {
    do {
      document = try PDFDocument(path: path, shownAs: VisibleText.escaped(file))
    } catch {
      let kind: PaperError.Kind =
        error.kind == .unreadable
        ? .notFound : error.kind == .missingLibrary ? .unavailable : .invalidData
      throw PaperError(error.message, kind: kind)
    }
    pages = try Self.range(text, file: file, count: document.pageCount)
    self.dpi = dpi
    do throws(VisualError) { try RenderBounds.check([document], pages: pages, dpi: dpi) } catch {
      throw PaperError(
        error.message, kind: error.kind == .invalidArgument ? .invalidRequest : .invalidData)
    }
  }

  /// Draws every page into `folder` (`path` resolves a name there), calling `wrote` with each
  /// file's name as shown (`folder/page-001.png`).
  public func write(
    into folder: String, path: (String) -> String, wrote: (String) -> Void
  ) throws(PaperError) {
    try VisualFiles.makeDirectory(path(folder), kind: .cannotCreate)
    for page in pages {
      let png: [UInt8]
      do {
        png = try document.render(page: page, dpi: dpi).pngBytes()
      } catch {
        throw PaperError(error.message, kind: .internalFailure)
      }
      let shown = folder + "/" + VisualFiles.pageName(page, suffix: ".png")
      if let problem = VisualFiles.writeFile(png, to: path(shown)) {
        throw PaperError(problem, kind: .io)
      }
      wrote(shown)
    }
  }

  private static func range(_ text: String?, file: String, count: Int) throws(PaperError)
    -> [Int]
  {
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
