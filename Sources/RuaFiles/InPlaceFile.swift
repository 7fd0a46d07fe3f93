// SPDX-License-Identifier: Apache-2.0
internal import Glibc

/// A small record several processes update, changed in place: read, changed and written back
/// under an exclusive `flock`, then synced with `fdatasync`. The file keeps its name and inode,
/// so one sync makes the change durable, with no folder sync (a replacement through
/// `AtomicFile` costs a file sync and a folder sync).
///
/// The new bytes are written from offset 0 and what is left of the old ones is
/// cut after; a process killed between the two leaves the new bytes followed by the tail of
/// the old, so a reader must stop at the end of what it understands (`AnchorFile` does).
public enum InPlaceFile {
  /// Reads at most `limit` bytes of the regular file at `path` (never following a symlink),
  /// passes them to `change`, and writes what it returns; nil writes nothing. `syncing: false`
  /// skips the `fdatasync`, for a change whose loss in a crash is harmless.
  /// Throws `FileError` naming `path`; a missing file is `isMissing`.
  public static func update(
    _ path: String, limit: Int, syncing: Bool = true, _ change: ([UInt8]) -> [UInt8]?
  ) throws(FileError) {
    // O_NONBLOCK: a FIFO put at `path` fails at once instead of waiting for a writer.
    let fd = open(path, O_RDWR | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY)
    guard fd >= 0 else { throw FileError.current(.open, path) }
    defer { close(fd) }
    let size = try Files.requireRegular(fd, path)
    if size > Int64(limit) {
      throw FileError(.read, path, code: EFBIG, refusal: .tooLarge(limit: limit))
    }
    while flock(fd, LOCK_EX) != 0 {
      if errno != EINTR { throw FileError.current(.open, path) }
    }
    let old = try FileDescriptor.readAll(fd, path: path, limit: limit, expected: Int(size))
    guard let new = change(old) else { return }
    guard new.count <= limit else {
      throw FileError(.write, path, code: EFBIG, refusal: .tooLarge(limit: limit))
    }
    // Back to the start: the read left the offset at the end.
    guard lseek(fd, 0, SEEK_SET) == 0 else { throw FileError.current(.write, path) }
    try FileDescriptor.writeAll(fd, new, path: path)
    guard ftruncate(fd, off_t(new.count)) == 0 else { throw FileError.current(.write, path) }
    if syncing { try FileDescriptor.syncData(fd, path: path) }
  }
}
