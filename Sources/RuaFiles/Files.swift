// SPDX-License-Identifier: Apache-2.0
internal import CLinux
internal import Glibc

/// Paths: what is at one, reading it whole, creating it, listing a folder. Every file access of
/// rua-paper goes through here or `AtomicFile`, so errors and modes are handled once.
public enum Files {
  /// What is at a path.
  public enum Entry: Equatable, Sendable {
    case missing
    case regular(size: Int64)
    case directory
    case symlink
    case other
  }

  /// What is at `path`; a final symlink is reported as such unless `followingLinks`.
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
  public static func isDirectory(_ path: String) -> Bool {
    entry(path, followingLinks: true) == .directory
  }
  public static func isRegularFile(_ path: String) -> Bool {
    if case .regular = entry(path, followingLinks: true) { return true }
    return false
  }

  /// The folder part of `path` ("." when there is none, "/" for a file at the root).
  public static func parent(_ path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  /// The whole file, which must be a regular file of at most `limit` bytes (`ReadLimit`).
  /// Opened without blocking and checked on the open descriptor, so a FIFO, a device
  /// (`/dev/zero`) or a socket is refused at once (`FileError.Refusal.notRegular`) instead of
  /// hanging or never ending; a larger file is refused from its size, and one that grows while
  /// read is refused after `limit + 1` bytes.
  public static func read(_ path: String, limit: Int) throws(FileError) -> [UInt8] {
    let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
    guard fd >= 0 else { throw FileError.current(.open, path) }
    defer { close(fd) }
    let size = try requireRegular(fd, path)
    if size > Int64(limit) {
      throw FileError(.read, path, code: EFBIG, refusal: .tooLarge(limit: limit))
    }
    return try FileDescriptor.readAll(fd, path: path, limit: limit, expected: Int(size))
  }

  /// The first `count` bytes of a regular file (fewer when it is shorter): a header check.
  public static func head(_ path: String, count: Int) throws(FileError) -> [UInt8] {
    let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
    guard fd >= 0 else { throw FileError.current(.open, path) }
    defer { close(fd) }
    _ = try requireRegular(fd, path)
    var out = [UInt8](repeating: 0, count: count)
    var filled = 0
    while filled < count {
      let got = out[filled...].withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
      if got < 0 {
        if errno == EINTR { continue }
        throw FileError.current(.read, path)
      }
      if got == 0 { break }
      filled += got
    }
    return Array(out[0..<filled])
  }

  /// The whole file, or nil when there is no file at `path`; other failures throw.
  public static func readIfPresent(_ path: String, limit: Int) throws(FileError) -> [UInt8]? {
    do { return try read(path, limit: limit) } catch {
      if error.isMissing { return nil }
      throw error
    }
  }

  /// The size of the open `fd` when it is a regular file; anything else is refused, naming
  /// what it is.
  static func requireRegular(_ fd: Int32, _ path: String) throws(FileError) -> Int64 {
    var info = stat()
    guard fstat(fd, &info) == 0 else { throw FileError.current(.inspect, path) }
    let status = FileStatus(info)
    guard status.kind == .regular else {
      throw FileError(.open, path, code: EINVAL, refusal: .notRegular(kind: status.kind.words))
    }
    return status.size
  }

  /// Creates `path` and any missing parents with `mode`.
  public static func makeDirectories(_ path: String, mode: UInt32 = 0o700) throws(FileError) {
    if isDirectory(path) { return }
    let above = parent(path)
    if above != path, above != ".", above != "/" { try makeDirectories(above, mode: mode) }
    if mkdir(path, mode) != 0, errno != EEXIST { throw FileError.current(.makeFolder, path) }
  }

  /// Writes a new file with mode 0600, synced with its folder; refuses when anything is
  /// already at `path` (O_EXCL, never following a symlink). On failure nothing is left.
  public static func createExclusive(_ path: String, _ bytes: [UInt8]) throws(FileError) {
    let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
    guard fd >= 0 else { throw FileError.current(.create, path) }
    do throws(FileError) {
      try FileDescriptor.writeAll(fd, bytes, path: path)
      try FileDescriptor.sync(fd, path: path)
      close(fd)
    } catch {
      close(fd)
      unlink(path)
      throw error
    }
    try syncFolder(of: path)
  }

  /// fsync of the folder holding `path`, so a new name in it survives a crash.
  public static func syncFolder(of path: String) throws(FileError) {
    if let code = FileProbe.observe(.syncFolder, parent(path)) {
      throw FileError(.syncFolder, path, code: code, fileIsInPlace: true)
    }
    let fd = open(parent(path), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard fd >= 0 else { throw FileError.current(.syncFolder, path, inPlace: true) }
    defer { close(fd) }
    guard fsync(fd) == 0 else { throw FileError.current(.syncFolder, path, inPlace: true) }
  }

  public static func remove(_ path: String) { unlink(path) }

  /// Names of the regular files in `folder` ending in `suffix`, not hidden, sorted; empty when
  /// the folder cannot be read.
  public static func list(_ folder: String, suffix: String = "") -> [String] {
    entries(folder).filter { name in
      name.hasSuffix(suffix) && !name.hasPrefix(".") && isRegularFile(folder + "/" + name)
    }.sorted()
  }

  /// Every name in `folder`, hidden ones included, in directory order; empty when the folder
  /// cannot be read.
  public static func entries(_ folder: String) -> [String] {
    guard let directory = opendir(folder) else { return [] }
    defer { closedir(directory) }
    var names: [String] = []
    while let item = readdir(directory) {
      let name = withUnsafeBytes(of: item.pointee.d_name) { raw in
        String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
      }
      if name != ".", name != ".." { names.append(name) }
    }
    return names
  }

  /// The running executable's path (`/proc/self/exe`), or nil.
  public static func executablePath() -> String? {
    var buffer = [CChar](repeating: 0, count: 4096)
    let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    guard count > 0 else { return nil }
    return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// The working directory, or "." when it cannot be read.
  public static func workingDirectory() -> String {
    var buffer = [CChar](repeating: 0, count: 4096)
    guard getcwd(&buffer, buffer.count) != nil else { return "." }
    return String(
      decoding: buffer.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}

extension Files {
  /// Replaces the contents of a small private file in place (created 0600; never following a
  /// symlink), without syncing: for records whose loss only costs work, never data.
  public static func overwrite(_ path: String, _ bytes: [UInt8]) throws(FileError) {
    // O_NONBLOCK: a FIFO put at `path` fails at once (ENXIO) instead of waiting for a reader;
    // truncation comes after the check, so nothing but a regular file is ever changed.
    let fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o600)
    guard fd >= 0 else { throw FileError.current(.create, path) }
    defer { close(fd) }
    _ = try requireRegular(fd, path)
    guard ftruncate(fd, 0) == 0 else { throw FileError.current(.write, path) }
    try FileDescriptor.writeAll(fd, bytes, path: path)
  }
}
