// SPDX-License-Identifier: Apache-2.0

/// What `diff` was asked, checked before either file is read: two PDFs as named (`-` is
/// standard input, for one of them at most) and the pictures' folder, without which
/// `--side-by-side` has nowhere to write.
public struct DiffRequest: Sendable {
  public let fileA: String
  public let fileB: String
  /// `--out`, as the user named it.
  public let images: String?
  public let sideBySide: Bool

  public init(files: [String], images: String?, sideBySide: Bool) throws(PaperError) {
    guard files.count == 2 else {
      throw .invalidRequest(
        "diff takes two PDF files, got \(files.count); see rua-paper diff --help")
    }
    guard files[0] != "-" || files[1] != "-" else {
      throw .invalidRequest(
        "only one of the two PDFs can come from standard input (-); give the other as a file")
    }
    guard !sideBySide || images != nil else {
      throw .invalidRequest("--side-by-side writes into the --out folder; give --out DIR")
    }
    (fileA, fileB) = (files[0], files[1])
    self.images = images
    self.sideBySide = sideBySide
  }

  /// The two files as reports name them.
  public var names: (a: String, b: String) { (Self.shown(fileA), Self.shown(fileB)) }

  private static func shown(_ file: String) -> String { file == "-" ? "standard input" : file }
}
