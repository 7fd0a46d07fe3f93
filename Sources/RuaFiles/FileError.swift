// SPDX-License-Identifier: Apache-2.0
internal import Glibc

/// A failed file operation: what was being done, to which path, and the errno it ended with.
///
/// Callers turn it into their own message and exit code; `reason` is the system's own words.
public struct FileError: Error, Sendable, Equatable {
  public enum Operation: String, Sendable {
    case open = "opening"
    case read = "reading"
    case write = "writing"
    case sync = "syncing"
    case create = "creating"
    case link = "linking"
    case rename = "renaming"
    case makeFolder = "creating the folder"
    case syncFolder = "syncing the folder of"
    case inspect = "checking"
    case replace = "replacing"
    case remove = "removing"
  }

  public let operation: Operation
  public let path: String
  /// The errno value (0 when the failure was not a system call's).
  public let code: Int32
  /// True once the file is at its destination: a later step (syncing its folder) failed, so the
  /// file exists but may not survive a crash.
  public let fileIsInPlace: Bool
  /// Why the read was refused without a system error: the input is larger than its limit, or
  /// is not a regular file (a FIFO, a device, a socket that could block or never end).
  public let refusal: Refusal?

  public enum Refusal: Sendable, Equatable {
    /// More than `limit` bytes (only `limit + 1` were ever read).
    case tooLarge(limit: Int)
    /// Not a regular file: `kind` is what it is ("FIFO", "device", "folder", "socket").
    case notRegular(kind: String)
  }

  public init(
    _ operation: Operation, _ path: String, code: Int32, fileIsInPlace: Bool = false,
    refusal: Refusal? = nil
  ) {
    self.operation = operation
    self.path = path
    self.code = code
    self.fileIsInPlace = fileIsInPlace
    self.refusal = refusal
  }

  /// The system's text for `code` ("No space left on device"), or why the input was refused
  /// ("it is larger than the 64 MiB limit for this input").
  public var reason: String {
    switch refusal {
    case .tooLarge(let limit):
      "it is larger than the \(ReadLimit.describe(limit)) limit for this input"
    case .notRegular(let kind): "it is a \(kind), not a regular file"
    case nil: Self.describe(code)
    }
  }

  /// True when the input was refused for its size.
  public var isTooLarge: Bool {
    if case .tooLarge = refusal { return true }
    return false
  }

  /// "writing out.pdf: No space left on device".
  public var description: String { "\(operation.rawValue) \(path): \(reason)" }

  public var isPermission: Bool { code == EACCES || code == EPERM || code == EROFS }
  public var isNoSpace: Bool { code == ENOSPC || code == EDQUOT }
  public var isExisting: Bool { code == EEXIST }
  public var isMissing: Bool { code == ENOENT }
  /// A path component is missing or is not a folder.
  public var isMissingFolder: Bool { code == ENOENT || code == ENOTDIR }

  static func current(_ operation: Operation, _ path: String, inPlace: Bool = false) -> FileError {
    FileError(operation, path, code: errno, fileIsInPlace: inPlace)
  }

  public static func describe(_ code: Int32) -> String {
    guard code != 0, let text = strerror(code) else { return "error \(code)" }
    return String(cString: text)
  }
}
