// SPDX-License-Identifier: Apache-2.0
internal import Glibc

/// An exclusive advisory lock (`flock`) on a folder itself, held while the value lives: two
/// runs writing one folder (two batch shards into one `--out`) cannot both hold it. No lock
/// file is made, so nothing is left behind; the kernel drops the lock when the process ends,
/// however it ends.
public final class FolderLock: Sendable {
  private let descriptor: Int32

  /// The lock on `folder` (opened without following a link), or nil when another open
  /// description holds it (another process, or another lock in this one). Throws when the
  /// folder cannot be opened (`FileError(.open, folder)`).
  public static func tryAcquire(_ folder: String) throws(FileError) -> FolderLock? {
    let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
    guard descriptor >= 0 else { throw FileError.current(.open, folder) }
    while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
      if errno == EINTR { continue }
      let code = errno
      close(descriptor)
      if code == EWOULDBLOCK { return nil }
      throw FileError(.open, folder, code: code)
    }
    return FolderLock(descriptor: descriptor)
  }

  private init(descriptor: Int32) { self.descriptor = descriptor }

  deinit { close(descriptor) }
}
