// SPDX-License-Identifier: Apache-2.0
import RuaVisual

/// One new document held against its golden files.
///
/// Bytes first (the golden PDF); when they differ, the golden PDF and the new one are both
/// rendered by poppler in this process at the golden dpi and compared page by page with
/// `VisualDiff`, so a poppler or cairo upgrade on the machine affects both sides alike (design
/// rule: golden PDFs, rasterized in-process). The golden PNGs are the same pages for people to
/// review; `record` writes them from the same renderer.
struct SnapshotComparison {
  enum Result {
    /// No golden PDF.
    case missing
    case identicalBytes
    /// The bytes differ but every page matches under the options.
    case samePixels
    case different(DiffReport)
  }

  let result: Result
  /// Diff pictures of the pages whose pixels or size differ.
  let artifacts: [PageArtifacts]

  static func compare(
    _ bytes: [UInt8], _ name: SnapshotName, golden root: String, options: DiffOptions
  ) throws(PaperError) -> SnapshotComparison {
    guard let goldenBytes = try SnapshotFolders.read(name.pdf(in: root)) else {
      return SnapshotComparison(result: .missing, artifacts: [])
    }
    if goldenBytes == bytes {
      return SnapshotComparison(result: .identicalBytes, artifacts: [])
    }
    var artifacts: [PageArtifacts] = []
    do {
      let golden = try PDFDocument(bytes: goldenBytes, name: "golden " + name.shown + ".pdf")
      let new = try PDFDocument(bytes: bytes, name: "new " + name.shown + ".pdf")
      let report = try VisualDiff.compare(golden, new, options: options) {
        page throws(VisualError) in artifacts.append(page)
      }
      return SnapshotComparison(
        result: report.isSame ? .samePixels : .different(report), artifacts: artifacts)
    } catch {
      throw PaperError(error.message, kind: .invalidRequest)
    }
  }

  /// Every page of a PDF at `dpi`, as the golden PNGs are made.
  static func render(_ bytes: [UInt8], _ name: SnapshotName, dpi: Double) throws(PaperError)
    -> [Raster]
  {
    do {
      let document = try PDFDocument(bytes: bytes, name: name.shown + ".pdf")
      var pages: [Raster] = []
      for page in 0..<document.pageCount {
        pages.append(try document.render(page: page + 1, dpi: dpi))
      }
      return pages
    } catch {
      throw PaperError(error.message, kind: .invalidRequest)
    }
  }
}
