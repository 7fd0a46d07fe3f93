// SPDX-License-Identifier: Apache-2.0
internal import CLinux
internal import Glibc

/// Writes a file so that it appears complete or not at all, mode 0600.
///
/// The bytes go into an unnamed file in the destination folder (`O_TMPFILE`), are synced, and
/// the file is linked into place; then the folder is synced. A crash before the link leaves
/// nothing named behind. Where the file system has no `O_TMPFILE`, a private `.rua-paper-*`
/// file beside the destination takes its place and is removed on every failure path.
///
/// Replacing (`replacing: true`) replaces only a regular file: a device, FIFO, socket, folder
/// or symlink at the destination is refused, whoever runs the tool.
public enum AtomicFile {
  /// How the bytes are staged before they get their name.
  public enum Staging: Sendable {
    /// `O_TMPFILE`, falling back to a named temporary where the file system lacks it.
    case unnamedFile
    /// Always the named temporary (tests use this to cover the fallback).
    case namedTemporary
  }

  /// The prefix of the named temporaries (`.rua-paper-<pid>-…`), so a later run can recognise
  /// the leftovers of a process that died before renaming them (`leftovers(in:)`).
  public static let temporaryPrefix = ".rua-paper-"

  /// `syncingFolder: false` leaves the folder's fsync to the caller, who writes several files
  /// into one folder and syncs it once (`Files.syncFolder`) before relying on their names.
  public static func write(
    _ bytes: [UInt8], to path: String, replacing: Bool, staging: Staging = .unnamedFile,
    syncingFolder: Bool = true
  ) throws(FileError) {
    try checkDestination(path, replacing: replacing)
    let folder = Files.parent(path)
    guard Files.isDirectory(folder) else {
      // Named by the destination; its folder is `Files.parent(path)`.
      throw FileError(.open, path, code: Files.exists(folder) ? ENOTDIR : ENOENT)
    }
    let fd = staging == .unnamedFile ? rua_open_tmpfile(folder, 0o600) : -1
    if fd >= 0 {
      defer { close(fd) }
      try FileDescriptor.writeAll(fd, bytes, path: path)
      try FileDescriptor.sync(fd, path: path)
      try linkUnnamed(fd, to: path, replacing: replacing)
    } else {
      try writeThroughTemporary(bytes, to: path, folder: folder, replacing: replacing)
    }
    if syncingFolder { try Files.syncFolder(of: path) }
  }

  /// Nothing may be at `path` unless replacing, and then only a regular file.
  static func checkDestination(_ path: String, replacing: Bool) throws(FileError) {
    switch Files.entry(path) {
    case .missing: return
    case .regular: if replacing { return }
    case .directory: throw FileError(.replace, path, code: EISDIR)
    case .symlink, .other: if replacing { throw FileError(.replace, path, code: EINVAL) }
    }
    throw FileError(.create, path, code: EEXIST)
  }

  private static func linkUnnamed(_ fd: Int32, to path: String, replacing: Bool)
    throws(FileError)
  {
    let source = "/proc/self/fd/\(fd)"
    if !replacing {
      guard link(source, as: path) else {
        throw FileError.current(.link, path)
      }
      return
    }
    // Link under a private name, then rename over the destination (rename is atomic).
    let temporary = Files.parent(path) + "/" + temporaryPrefix + "\(getpid())-\(fd).tmp"
    guard link(source, as: temporary) else {
      throw FileError.current(.link, path)
    }
    try renameReplacing(temporary, path)
  }

  private static func writeThroughTemporary(
    _ bytes: [UInt8], to path: String, folder: String, replacing: Bool
  ) throws(FileError) {
    // The pid in the name lets a later run tell a dead process's leftover from a live one's.
    var template = Array((folder + "/" + temporaryPrefix + "\(getpid())-XXXXXX").utf8CString)
    // mkstemp creates the file 0600 (O_EXCL), whatever the umask.
    let fd = template.withUnsafeMutableBufferPointer { $0.baseAddress.map { mkstemp($0) } ?? -1 }
    guard fd >= 0 else { throw FileError.current(.create, path) }
    let temporary = String(
      decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    var named = false
    defer {
      close(fd)
      if !named { unlink(temporary) }
    }
    guard fchmod(fd, 0o600) == 0 else { throw FileError.current(.create, path) }
    try FileDescriptor.writeAll(fd, bytes, path: path)
    try FileDescriptor.sync(fd, path: path)
    if replacing {
      try renameReplacing(temporary, path)
    } else {
      // link(2) refuses an existing destination, unlike rename(2).
      guard link(temporary, as: path) else { throw FileError.current(.link, path) }
      unlink(temporary)
    }
    named = true
  }

  /// Renames `temporary` over `path` after checking again that `path` is a regular file or
  /// nothing; the temporary is removed on failure.
  private static func renameReplacing(_ temporary: String, _ path: String) throws(FileError) {
    do throws(FileError) {
      try checkDestination(path, replacing: true)
      guard renameThroughProbe(temporary, path) else { throw FileError.current(.rename, path) }
    } catch {
      unlink(temporary)
      throw error
    }
  }

  /// A new name for `source` (an `O_TMPFILE`'s `/proc/self/fd` path is followed to the open
  /// file); false with errno set when it fails, or when a test's `FileProbe` fails it.
  private static func link(_ source: String, as target: String) -> Bool {
    if let code = FileProbe.observe(.link, target) {
      errno = code
      return false
    }
    return linkat(AT_FDCWD, source, AT_FDCWD, target, AT_SYMLINK_FOLLOW) == 0
  }

  /// rename(2), through a test's `FileProbe` like `link`.
  private static func renameThroughProbe(_ temporary: String, _ path: String) -> Bool {
    if let code = FileProbe.observe(.rename, path) {
      errno = code
      return false
    }
    return rename(temporary, path) == 0
  }
}
