import Glibc
import RuaDocuments
import RuaFiles
import RuaVisual

/// The files of one snapshot: `<lang>-<paper>/<patient-id>-<document>.pdf` and one
/// `…-p<N>.png` per page, under a root folder (the goldens, or the artifacts folder).
struct SnapshotName: Sendable {
  let language: String
  let paper: Paper
  let patientID: String
  let kind: DocumentKind

  var folder: String { "\(language)-\(paper.rawValue)" }
  var base: String { Self.safe(patientID) + "-" + kind.documentName }
  /// `en-letter/p-agnes-01-er-sheet`, as reports show it.
  var shown: String { folder + "/" + base }

  func pdf(in root: String) -> String { root + "/" + shown + ".pdf" }
  func png(_ page: Int, in root: String) -> String { root + "/" + shown + "-p\(page).png" }

  /// Keeps file names to letters, digits, `.`, `_` and `-` whatever an id holds.
  static func safe(_ id: String) -> String {
    let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-")
    let mapped = String(id.map { allowed.contains($0) ? $0 : "_" })
    return mapped.hasPrefix(".") ? "_" + mapped.dropFirst() : mapped
  }
}

/// Reading and writing the files of a golden or artifacts folder.
enum GoldenFolder {
  /// Makes `root` (one level) and `root/folder`.
  static func prepare(_ root: String, folder: String) throws(CLIError) {
    try VisualSupport.makeDirectory(root, code: SnapshotPlan.error)
    try VisualSupport.makeDirectory(root + "/" + folder, code: SnapshotPlan.error)
  }

  /// Writes a whole file in place of any old one (AtomicFile: complete or absent, mode 0600).
  static func write(_ bytes: [UInt8], to path: String) throws(CLIError) {
    do { try OutputFile.write(bytes, to: path, replace: true) } catch {
      throw CLIError(error.message, code: SnapshotPlan.error)
    }
  }

  static func writePNG(_ raster: Raster, to path: String) throws(CLIError) {
    try writePNG(path) { () throws(VisualError) in try raster.pngBytes() }
  }

  /// Writes the PNG `encode` makes; its error is the command's.
  static func writePNG(_ path: String, _ encode: () throws(VisualError) -> [UInt8])
    throws(CLIError)
  {
    let bytes: [UInt8]
    do { bytes = try encode() } catch {
      throw CLIError(error.message, code: SnapshotPlan.error)
    }
    try write(bytes, to: path)
  }

  /// Removes page images past `pages` left from a longer earlier recording.
  static func removeStalePages(of name: SnapshotName, after pages: Int, in root: String) {
    var page = pages + 1
    while unlink(name.png(page, in: root)) == 0 { page += 1 }
  }

  /// The whole file, or nil when it cannot be read.
  static func readFile(_ path: String) -> [UInt8]? { try? Files.read(path) }
}
