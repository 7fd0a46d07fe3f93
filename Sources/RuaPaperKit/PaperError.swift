// SPDX-License-Identifier: Apache-2.0
/// A refusal or failure of the application: what happened, to which file, field or request
/// value. It carries what kind of trouble it is, never an exit code: the command line maps each
/// kind to its exit code in one table (`ExitStatus` in RuaCLI), a test asserts the kind.
public struct PaperError: Error, Sendable, CustomStringConvertible, Equatable {
  public enum Kind: Sendable, Hashable {
    /// The request itself is wrong: an unknown patient, a bad option value, a date that
    /// cannot be printed.
    case invalidRequest
    /// A file or record that was read is not valid (a template, a care-circle file).
    case invalidData
    /// Something that should be there is not (the store, a template, an input file).
    case notFound
    /// A service or library the request needs is missing or refuses (CUPS, the fonts).
    case unavailable
    /// A fault of rua-paper itself or of a library it drives.
    case internalFailure
    /// An output cannot be created (an existing file, a missing folder, no permission).
    case cannotCreate
    /// Reading or writing failed after it started (a full disk, a closed pipe).
    case io
    /// Try again later: the store is busy or newer than this tool.
    case busy
    /// The key file or the store's permissions are refused.
    case permission
    /// A signal stopped the work; no new delivery starts.
    case interrupted(signal: Int32)
  }

  public let kind: Kind
  public let message: String

  public init(_ message: String, kind: Kind) {
    self.message = message
    self.kind = kind
  }

  public static func invalidRequest(_ message: String) -> PaperError {
    PaperError(message, kind: .invalidRequest)
  }

  public var description: String { message }
}
