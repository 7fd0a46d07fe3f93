import CLinux
import Glibc

/// Writes a file so that it appears complete or not at all, mode 0600.
///
/// The bytes go into an unnamed file in the destination folder (`O_TMPFILE`), are synced, and
/// the file is then linked into place, so a crash leaves nothing named behind and an existing
/// file is never overwritten unless `replace` is set. Where the file system has no `O_TMPFILE`,
/// a private `.rua-paper-*` temporary beside the destination is renamed into place and removed
/// on every failure path.
enum AtomicFile {
  struct Failure: Error {
    let message: String
    let code: ExitCode
  }

  static func write(_ bytes: [UInt8], to path: String, replace: Bool) throws(Failure) {
    let folder = parentFolder(of: path)
    var status = stat()
    if !replace, lstat(path, &status) == 0 {
      throw Failure(
        message: "\(path) already exists; choose another name or pass --force to replace it",
        code: .cannotCreate)
    }
    guard stat(folder, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else {
      throw Failure(
        message: "cannot write \(path): the folder \(folder) does not exist", code: .cannotCreate)
    }
    let fd = rua_open_tmpfile(folder, 0o600)
    if fd >= 0 {
      defer { close(fd) }
      try writeAll(fd, bytes, path: path)
      try linkUnnamed(fd, to: path, replacing: replace)
    } else {
      try writeThroughRename(bytes, to: path, folder: folder, replace: replace)
    }
    syncFolder(folder)
  }

  private static func linkUnnamed(_ fd: Int32, to path: String, replacing: Bool) throws(Failure) {
    let source = "/proc/self/fd/\(fd)"
    if !replacing {
      guard linkat(AT_FDCWD, source, AT_FDCWD, path, AT_SYMLINK_FOLLOW) == 0 else {
        throw failure(errno, path: path)
      }
      return
    }
    // Link under a private name, then rename over the destination (rename is atomic).
    let temporary = parentFolder(of: path) + "/.rua-paper-\(getpid())-\(fd).tmp"
    guard linkat(AT_FDCWD, source, AT_FDCWD, temporary, AT_SYMLINK_FOLLOW) == 0 else {
      throw failure(errno, path: path)
    }
    guard rename(temporary, path) == 0 else {
      let saved = errno
      unlink(temporary)
      throw failure(saved, path: path)
    }
  }

  private static func writeThroughRename(
    _ bytes: [UInt8], to path: String, folder: String, replace: Bool
  ) throws(Failure) {
    var template = Array((folder + "/.rua-paper-XXXXXX").utf8CString)
    let fd = template.withUnsafeMutableBufferPointer { $0.baseAddress.map { mkstemp($0) } ?? -1 }
    guard fd >= 0 else { throw failure(errno, path: path) }
    let temporary = String(
      decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    var done = false
    defer {
      close(fd)
      if !done { unlink(temporary) }
    }
    fchmod(fd, 0o600)
    try writeAll(fd, bytes, path: path)
    if replace {
      guard rename(temporary, path) == 0 else { throw failure(errno, path: path) }
    } else {
      // link(2) refuses an existing destination, unlike rename(2).
      guard link(temporary, path) == 0 else { throw failure(errno, path: path) }
      unlink(temporary)
    }
    done = true
  }

  private static func writeAll(_ fd: Int32, _ bytes: [UInt8], path: String) throws(Failure) {
    var offset = 0
    while offset < bytes.count {
      let written = bytes[offset...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
      if written < 0 {
        if errno == EINTR { continue }
        throw failure(errno, path: path)
      }
      offset += written
    }
    guard fsync(fd) == 0 else { throw failure(errno, path: path) }
  }

  private static func syncFolder(_ folder: String) {
    let fd = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    if fd >= 0 {
      fsync(fd)
      close(fd)
    }
  }

  static func parentFolder(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    let folder = String(path[..<slash])
    return folder.isEmpty ? "/" : folder
  }

  private static func failure(_ code: Int32, path: String) -> Failure {
    let reason = String(cString: strerror(code))
    switch code {
    case EEXIST:
      return Failure(
        message: "\(path) already exists; choose another name or pass --force to replace it",
        code: .cannotCreate)
    case EACCES, EPERM, EROFS:
      return Failure(
        message: "cannot write \(path): \(reason); choose a folder you can write to",
        code: .cannotCreate)
    case ENOSPC, EDQUOT:
      return Failure(
        message: "cannot write \(path): \(reason); free some space and try again", code: .ioError)
    default:
      return Failure(message: "cannot write \(path): \(reason)", code: .ioError)
    }
  }
}
