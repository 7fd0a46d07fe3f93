internal import CLinux
internal import Glibc

extension Files {
  /// Publishes `bytes` at `path` so it appears complete or not at all, mode 0600: written to an
  /// unnamed file in the destination folder (`O_TMPFILE`; a named `.rua-paper-*.tmp` where the
  /// filesystem lacks it), synced, then linked into place — refusing an existing file — or, with
  /// `overwrite`, renamed over it. The folder is synced last. Nothing is left behind on failure.
  public static func publish(_ path: String, _ bytes: [UInt8], overwrite: Bool)
    throws(StoreError)
  {
    let folder = parent(path)
    guard case .directory = entry(folder, followingLinks: true) else {
      throw StoreError(
        .io, "cannot write \(path): the folder \(folder) does not exist",
        advice: "create the folder first or choose another path")
    }
    let fd = rua_open_tmpfile(folder, 0o600)
    if fd < 0 {
      try publishNamed(path, bytes, overwrite: overwrite)
    } else {
      defer { close(fd) }
      try writeAll(fd, bytes, path: path)
      guard fsync(fd) == 0 else { throw systemError("syncing \(path) to disk") }
      let source = "/proc/self/fd/\(fd)"
      if overwrite {
        let temporary = try temporaryName(folder)
        guard linkat(AT_FDCWD, source, AT_FDCWD, temporary, AT_SYMLINK_FOLLOW) == 0 else {
          throw systemError("creating \(path)")
        }
        defer { unlink(temporary) }
        guard rename(temporary, path) == 0 else { throw systemError("replacing \(path)") }
      } else {
        guard linkat(AT_FDCWD, source, AT_FDCWD, path, AT_SYMLINK_FOLLOW) == 0 else {
          throw errno == EEXIST ? exists(path) : systemError("creating \(path)")
        }
      }
    }
    syncDirectory(of: path)
  }

  /// The fallback: a named temporary file beside the destination.
  private static func publishNamed(_ path: String, _ bytes: [UInt8], overwrite: Bool)
    throws(StoreError)
  {
    let temporary = try temporaryName(parent(path))
    try createExclusive(temporary, bytes)
    defer { unlink(temporary) }
    if overwrite {
      guard rename(temporary, path) == 0 else { throw systemError("replacing \(path)") }
    } else {
      guard link(temporary, path) == 0 else {
        throw errno == EEXIST ? exists(path) : systemError("creating \(path)")
      }
    }
  }

  private static func temporaryName(_ folder: String) throws(StoreError) -> String {
    folder + "/.rua-paper-" + Hex.encode(try SecureRandom.bytes(6)) + ".tmp"
  }

  private static func exists(_ path: String) -> StoreError {
    StoreError(
      .alreadyExists, "\(path) already exists; it was left untouched",
      advice: "pass --force to replace it, or choose another name")
  }
}
