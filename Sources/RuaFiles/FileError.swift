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

  public init(_ operation: Operation, _ path: String, code: Int32, fileIsInPlace: Bool = false) {
    self.operation = operation
    self.path = path
    self.code = code
    self.fileIsInPlace = fileIsInPlace
  }

  /// The system's text for `code` ("No space left on device").
  public var reason: String { Self.describe(code) }

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
