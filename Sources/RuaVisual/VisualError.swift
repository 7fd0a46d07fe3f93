// SPDX-License-Identifier: Apache-2.0
/// Why a PDF could not be opened, rendered or compared, or an image read or written.
///
/// Messages name the file and say what to do; they never quote the document's content.
public struct VisualError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What kind of failure, so callers can choose an exit code.
  public enum Kind: Sendable, Equatable {
    /// The file could not be read (missing, a folder, no permission).
    case unreadable
    /// The bytes do not start like a PDF.
    case notPDF
    /// A PDF header is there but poppler cannot parse the document.
    case damaged
    /// The document needs a password.
    case encrypted
    /// A page number or range outside the document.
    case pageOutOfRange
    /// Cairo or poppler failed while drawing, or an image is too large.
    case render
    /// A PNG could not be encoded or decoded.
    case image
    /// An argument such as a mask or DPI that cannot be used.
    case invalidArgument
    /// poppler-glib, loaded on first use, cannot be loaded.
    case missingLibrary
  }

  public let kind: Kind
  public let message: String

  public init(_ kind: Kind, _ message: String) {
    self.kind = kind
    self.message = message
  }

  public var description: String { message }
}
