// SPDX-License-Identifier: Apache-2.0
internal import CLinux
internal import Glibc

/// Why `Files.readPrivate` refused a file that must be the user's own secret (a key file).
public enum PrivateFileError: Error, Sendable, Equatable {
  /// Nothing at the path.
  case missing
  /// The path is a symbolic link; secrets are never read through one.
  case symlink
  /// A folder, pipe, socket or device.
  case wrongKind(FileStatus.Kind)
  /// Owned by another user (`owner`) than the one running (`user`).
  case foreignOwner(owner: UInt32, user: UInt32)
  /// Group or others have some permission on it (`mode`: the permission bits).
  case openToOthers(mode: UInt32)
  /// Opening, inspecting or reading failed (`FileError.operation` says which).
  case failed(FileError)
}

extension Files {
  /// Reads a file that must be private to the user running: opened without following a final
  /// symlink and without blocking (a FIFO cannot hang the reader), then checked on the open
  /// descriptor (so the file checked is the file read): a regular file, owned by the effective
  /// user, no permission for group or others. At most `limit` bytes.
  public static func readPrivate(_ path: String, limit: Int) throws(PrivateFileError) -> [UInt8] {
    try readOwned(path, limit: limit, othersMay: 0)
  }

  /// Reads a file of the user running, as `readPrivate` does, but lets group and others have
  /// the permission bits in `othersMay` (`0o044`: a readable file such as a checked-out
  /// golden, never a writable one); any other bit for them is `openToOthers`.
  public static func readOwned(_ path: String, limit: Int, othersMay: UInt32)
    throws(PrivateFileError) -> [UInt8]
  {
    let fd = rua_open_nofollow_read(path)
    guard fd >= 0 else {
      switch errno {
      case ENOENT: throw .missing
      case ELOOP: throw .symlink
      default: throw .failed(FileError.current(.open, path))
      }
    }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0 else { throw .failed(FileError.current(.inspect, path)) }
    let status = FileStatus(info)
    guard status.kind == .regular else { throw .wrongKind(status.kind) }
    guard status.isOwnedByCurrentUser else {
      throw .foreignOwner(owner: status.owner, user: currentUserID)
    }
    guard status.mode & 0o077 & ~othersMay == 0 else {
      throw .openToOthers(mode: status.mode & 0o777)
    }
    do { return try FileDescriptor.readAll(fd, path: path, limit: limit) } catch {
      throw .failed(error)
    }
  }

  /// Everything on standard input, refused beyond `limit` bytes (`ReadLimit`) after reading at
  /// most `limit + 1`; errors name it "standard input".
  public static func readStandardInput(limit: Int) throws(FileError) -> [UInt8] {
    try FileDescriptor.readAll(STDIN_FILENO, path: "standard input", limit: limit)
  }
}
