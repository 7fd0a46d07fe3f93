// SPDX-License-Identifier: Apache-2.0
import RuaCore
public import RuaVisual

/// `diff`: two PDFs opened and checked, compared page by page, with the pictures asked for
/// written as each page is compared (without a folder, none is made: they cost more than the
/// comparison), and the report page and summary written at the end.
public struct DiffRun {
  /// Where pictures go: `images` (as the user named it, resolved against `host`) for each
  /// differing page's diff image and, with `sideBySide`, its A | B | diff picture;
  /// `reportFolder` (absolute) for the report page's pictures, inserted and removed pages too.
  public var images: String?
  public var sideBySide = false
  public var reportFolder: String?
  public let host: HostEnvironment

  /// The report and the pictures written: each page's files by key (`diffImage`,
  /// `sideBySide`), as shown to the user; the report page's pictures by page.
  public struct Outcome {
    public let report: DiffReport
    public let images: [Int: [String: String]]
    package let pictures: [Int: DiffPictures]
  }

  public init(images: String?, sideBySide: Bool, reportFolder: String?, host: HostEnvironment) {
    self.images = images
    self.sideBySide = sideBySide
    self.reportFolder = reportFolder
    self.host = host
  }

  /// `file` as named on the command line (`-` is standard input).
  public static func open(_ file: String, host: HostEnvironment) throws(PaperError)
    -> PDFDocument
  {
    do {
      if file == "-" { return try PDFDocument(standardInput: "standard input") }
      return try PDFDocument(path: host.absolute(file), shownAs: VisibleText.escaped(file))
    } catch {
      throw PaperError(
        error.message, kind: error.kind == .missingLibrary ? .unavailable : .invalidData)
    }
  }

  /// Masks must name a page of one of the files, and every page must fit in an image.
  public static func check(_ options: DiffOptions, _ a: PDFDocument, _ b: PDFDocument)
    throws(PaperError)
  {
    let pages = max(a.pageCount, b.pageCount)
    for mask in options.masks {
      if let page = mask.page, page > pages {
        throw PaperError(
          "--mask \(mask): page \(page) is past the last page (\(a.name) has \(a.pageCount), "
            + "\(b.name) has \(b.pageCount))", kind: .invalidData)
      }
    }
    do throws(VisualError) { try RenderBounds.check([a, b], dpi: options.dpi) } catch {
      throw PaperError(error.message, kind: .invalidData)
    }
  }

  /// Makes the picture folders, then compares.
  public func compare(_ a: PDFDocument, _ b: PDFDocument, options: DiffOptions)
    throws(PaperError) -> Outcome
  {
    if let images { try VisualFiles.makeDirectory(host.absolute(images), kind: .invalidRequest) }
    if let reportFolder { try VisualFiles.makeDirectory(reportFolder, kind: .invalidRequest) }
    var written: [Int: [String: String]] = [:]
    var pictures: [Int: DiffPictures] = [:]
    let report: DiffReport
    // Inserted and removed pages are shown in the report (not written to the images).
    var unpaired: ((PageArtifacts) throws(VisualError) -> Void)?
    if let reportFolder {
      unpaired = { artifacts throws(VisualError) in
        pictures[artifacts.pictureKey] = try DiffPictures.write(
          artifacts, to: reportFolder, prefix: artifacts.side == .onlyB ? "inserted-" : "removed-")
      }
    }
    do {
      guard images != nil || reportFolder != nil else {
        return Outcome(
          report: try VisualDiff.compare(a, b, options: options), images: [:], pictures: [:])
      }
      report = try VisualDiff.compare(
        a, b, options: options,
        artifacts: { artifacts throws(VisualError) in
          if let images { written[artifacts.page] = try write(artifacts, to: images) }
          if let reportFolder {
            pictures[artifacts.page] = try DiffPictures.write(
              artifacts, to: reportFolder, prefix: "")
          }
        }, unpaired: unpaired)
    } catch {
      throw PaperError(error.message, kind: .invalidData)
    }
    return Outcome(report: report, images: written, pictures: pictures)
  }

  /// `report.html` and `summary.md` in the report folder.
  public func writeReport(_ outcome: Outcome, nameA: String, nameB: String) throws(PaperError) {
    guard let reportFolder else { return }
    let report = outcome.report
    try VisualFiles.writeText(
      ComparisonPage.html(report, nameA: nameA, nameB: nameB, pictures: outcome.pictures),
      to: reportFolder + "/report.html")
    let unpaired = report.pages.filter(\.isUnpaired).compactMap { page in
      outcome.pictures[page.pictureKey].map {
        (
          page.pageA == nil
            ? "page \(page.pageB ?? 0) of \(nameB), inserted"
            : "page \(page.page) of \(nameA), removed",
          page.pageA == nil ? $0.b : $0.a
        )
      }
    }
    try VisualFiles.writeText(
      ReviewSummary.markdown([
        .init(
          name: "\(nameA) vs \(nameB)", status: report.isSame ? "same" : "different",
          report: report, page: "report.html", pictures: unpaired)
      ]), to: reportFolder + "/summary.md")
  }

  private func write(_ artifacts: PageArtifacts, to folder: String) throws(VisualError)
    -> [String: String]
  {
    var written: [String: String] = [:]
    var files = [("diffImage", "-diff.png", try artifacts.diff.pngBytes())]
    if sideBySide {
      files.append(("sideBySide", "-side-by-side.png", try artifacts.sideBySidePNG()))
    }
    for (key, suffix, png) in files {
      let shown = folder + "/" + VisualFiles.pageName(artifacts.page, suffix: suffix)
      if let problem = VisualFiles.writeFile(png, to: host.absolute(shown)) {
        throw VisualError(.image, problem)
      }
      written[key] = shown
    }
    return written
  }
}
