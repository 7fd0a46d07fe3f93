internal import Glibc

/// The few file operations the store needs, on Glibc so modes are exactly as asked.
public enum Files {
  /// What is at a path, without following a final symlink.
  public enum Entry: Equatable, Sendable {
    case missing
    case regular(size: Int64)
    case directory
    case symlink
    case other
  }

  public static func entry(_ path: String, followingLinks: Bool = false) -> Entry {
    var info = stat()
    let rc = followingLinks ? stat(path, &info) : lstat(path, &info)
    guard rc == 0 else { return .missing }
    switch info.st_mode & S_IFMT {
    case S_IFREG: return .regular(size: Int64(info.st_size))
    case S_IFDIR: return .directory
    case S_IFLNK: return .symlink
    default: return .other
    }
  }

  public static func exists(_ path: String) -> Bool { entry(path) != .missing }

  /// The folder part of `path` ("." when there is none).
  public static func parent(_ path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  /// Creates `path` and missing parents with mode 0700.
  public static func makeDirectories(_ path: String) throws(StoreError) {
    if case .directory = entry(path) { return }
    let above = parent(path)
    if above != path, above != ".", above != "/" { try makeDirectories(above) }
    if mkdir(path, 0o700) != 0, errno != EEXIST {
      throw systemError("creating the folder \(path)")
    }
  }

  /// The whole file, or nil when it cannot be opened (errno set).
  public static func read(_ path: String, limit: Int = Int.max) throws(StoreError) -> [UInt8] {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { throw systemError("reading \(path)") }
    defer { close(fd) }
    return try readAll(fd, path: path, limit: limit)
  }

  static func readAll(_ fd: Int32, path: String, limit: Int = Int.max) throws(StoreError)
    -> [UInt8]
  {
    var out: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while out.count < limit {
      let got = chunk.withUnsafeMutableBytes {
        Glibc.read(fd, $0.baseAddress, min($0.count, limit - out.count))
      }
      if got < 0 {
        if errno == EINTR { continue }
        throw systemError("reading \(path)")
      }
      if got == 0 { break }
      out += chunk[0..<got]
    }
    return out
  }

  /// Writes a new file with mode 0600; refuses when something is already there (O_EXCL).
  public static func createExclusive(_ path: String, _ bytes: [UInt8]) throws(StoreError) {
    let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
    guard fd >= 0 else {
      if errno == EEXIST {
        throw StoreError(.alreadyExists, "\(path) already exists; it is left untouched")
      }
      throw systemError("creating \(path)")
    }
    do throws(StoreError) {
      try writeAll(fd, bytes, path: path)
      guard fsync(fd) == 0 else { throw systemError("syncing \(path) to disk") }
      close(fd)
      syncDirectory(of: path)
    } catch {
      close(fd)
      unlink(path)
      throw error
    }
  }

  /// Replaces `path` atomically: a 0600 file beside it, fsync, rename, fsync of the folder.
  public static func replace(_ path: String, _ bytes: [UInt8]) throws(StoreError) {
    let temporary = path + ".rua-tmp"
    unlink(temporary)
    try createExclusive(temporary, bytes)
    guard rename(temporary, path) == 0 else {
      let failure = systemError("renaming \(temporary) to \(path)")
      unlink(temporary)
      throw failure
    }
    syncDirectory(of: path)
  }

  static func writeAll(_ fd: Int32, _ bytes: [UInt8], path: String) throws(StoreError) {
    var offset = 0
    while offset < bytes.count {
      let written = bytes[offset...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
      if written < 0 {
        if errno == EINTR { continue }
        throw systemError("writing \(path)")
      }
      offset += written
    }
  }

  static func syncDirectory(of path: String) {
    let fd = open(parent(path), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard fd >= 0 else { return }
    fsync(fd)
    close(fd)
  }

  public static func remove(_ path: String) { unlink(path) }

  static func systemError(_ context: String) -> StoreError {
    let number = errno
    let kind: StoreError.Kind = (number == EACCES || number == EPERM) ? .permission : .io
    return StoreError(
      kind, context, code: number, libraryMessage: String(cString: strerror(number)))
  }
}
