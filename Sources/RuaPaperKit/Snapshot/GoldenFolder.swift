// SPDX-License-Identifier: Apache-2.0
import Glibc
package import RuaDocuments
import RuaFiles
import RuaStore
package import RuaVisual

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
  /// Makes `root` and `root/folder`, or checks them (`SnapshotFolders`: real folders of the
  /// user's that others cannot write). The artifacts folder is made 0700 with its parents (it
  /// may hold patient data); the goldens and reports 0755, one level.
  package static func prepare(_ root: String, folder: String, role: String) throws(PaperError) {
    let mode: UInt32 = role == artifactsRole ? 0o700 : 0o755
    try SnapshotFolders.make(root, role: role, mode: mode, parents: role == artifactsRole)
    try SnapshotFolders.make(root + "/" + folder, role: role, mode: mode)
  }

  package static let goldenRole = "golden folder"
  package static let artifactsRole = "artifacts folder"
  package static let reportRole = "report folder"

  /// Writes a whole file in place of any old one (AtomicFile: complete or absent, mode 0600).
  package static func write(_ bytes: [UInt8], to path: String) throws(PaperError) {
    do { try OutputFile.write(bytes, to: path, replace: true) } catch {
      throw PaperError(error.message, kind: .invalidRequest)
    }
  }

  /// Writes the page image; returns the SHA-256 of its bytes.
  @discardableResult
  package static func writePNG(_ raster: Raster, to path: String) throws(PaperError) -> String {
    try writePNG(path) { () throws(VisualError) in try raster.pngBytes() }
  }

  /// Writes the PNG `encode` makes; its error is the command's. Returns the SHA-256 of it.
  @discardableResult
  package static func writePNG(_ path: String, _ encode: () throws(VisualError) -> [UInt8])
    throws(PaperError) -> String
  {
    let bytes: [UInt8]
    do { bytes = try encode() } catch {
      throw PaperError(error.message, kind: .invalidRequest)
    }
    try write(bytes, to: path)
    return SHA256.hex(bytes)
  }

  /// Removes page images past `pages` left from a longer earlier recording.
  package static func removeStalePages(of name: SnapshotName, after pages: Int, in root: String) {
    var page = pages + 1
    while (try? Files.removeFile(name.png(page, in: root))) != nil { page += 1 }
  }

  /// The whole file, or nil when it cannot be read: for inputs (the sample, fonts.conf), not
  /// for files of the golden or artifacts folders (`SnapshotFolders.read`).
  package static func readFile(_ path: String) -> [UInt8]? {
    try? Files.read(path, limit: ReadLimit.small)
  }
}
