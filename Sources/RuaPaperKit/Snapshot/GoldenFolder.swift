import Glibc
import RuaDocuments
import RuaFiles
import RuaVisual

/// The files of one snapshot: `<lang>-<paper>/<patient-id>-<document>.pdf` and one
/// `…-p<N>.png` per page, under a root folder (the goldens, or the artifacts folder).
package struct SnapshotName: Sendable {
  package let language: String
  package let paper: Paper
  package let patientID: String
  package let kind: DocumentKind

  package init(language: String, paper: Paper, patientID: String, kind: DocumentKind) {
    self.language = language
    self.paper = paper
    self.patientID = patientID
    self.kind = kind
  }

  package var folder: String { "\(language)-\(paper.rawValue)" }
  package var base: String { Self.safe(patientID) + "-" + kind.documentName }
  /// `en-letter/p-agnes-01-er-sheet`, as reports show it.
  package var shown: String { folder + "/" + base }

  package func pdf(in root: String) -> String { root + "/" + shown + ".pdf" }
  package func png(_ page: Int, in root: String) -> String { root + "/" + shown + "-p\(page).png" }

  /// Keeps file names to letters, digits, `.`, `_` and `-` whatever an id holds.
  package static func safe(_ id: String) -> String {
    let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-")
    let mapped = String(id.map { allowed.contains($0) ? $0 : "_" })
    return mapped.hasPrefix(".") ? "_" + mapped.dropFirst() : mapped
  }
}

/// Reading and writing the files of a golden or artifacts folder.
package enum GoldenFolder {
  /// Makes `root` (one level) and `root/folder`.
  package static func prepare(_ root: String, folder: String) throws(PaperError) {
    try VisualFiles.makeDirectory(root, kind: .invalidRequest)
    try VisualFiles.makeDirectory(root + "/" + folder, kind: .invalidRequest)
  }

  /// Writes a whole file in place of any old one (AtomicFile: complete or absent, mode 0600).
  package static func write(_ bytes: [UInt8], to path: String) throws(PaperError) {
    do { try OutputFile.write(bytes, to: path, replace: true) } catch {
      throw PaperError(error.message, kind: .invalidRequest)
    }
  }

  package static func writePNG(_ raster: Raster, to path: String) throws(PaperError) {
    try writePNG(path) { () throws(VisualError) in try raster.pngBytes() }
  }

  /// Writes the PNG `encode` makes; its error is the command's.
  package static func writePNG(_ path: String, _ encode: () throws(VisualError) -> [UInt8])
    throws(PaperError)
  {
    let bytes: [UInt8]
    do { bytes = try encode() } catch {
      throw PaperError(error.message, kind: .invalidRequest)
    }
    try write(bytes, to: path)
  }

  /// Removes page images past `pages` left from a longer earlier recording.
  package static func removeStalePages(of name: SnapshotName, after pages: Int, in root: String) {
    var page = pages + 1
    while (try? Files.removeFile(name.png(page, in: root))) != nil { page += 1 }
  }

  /// The whole file, or nil when it cannot be read.
  package static func readFile(_ path: String) -> [UInt8]? { try? Files.read(path) }
}
