// SPDX-License-Identifier: Apache-2.0
internal import CLinux
internal import Glibc

/// What lstat(2) says about one path: its kind, size, owner, permission bits, identity and
/// times. Never follows a final symlink: a link is reported as `.symlink`, not as its target.
public struct FileStatus: Sendable, Equatable {
  public enum Kind: String, Sendable, Equatable {
    case regular, directory, symlink, socket, fifo, device, other
  }

  /// A time to the nanosecond, as the file system keeps it.
  public struct Time: Sendable, Equatable {
    public let seconds: Int64
    public let nanoseconds: Int64
  }

  public let kind: Kind
  public let size: Int64
  /// The permission bits (`mode & 0o7777`: rwx for owner, group and others, plus suid/sgid/sticky).
  public let mode: UInt32
  /// The owner's user id.
  public let owner: UInt32
  public let device: UInt64
  public let inode: UInt64
  public let modified: Time
  /// The inode change time, which no user can set.
  public let changed: Time

  /// True when the effective user of this process owns the file.
  public var isOwnedByCurrentUser: Bool { owner == Files.currentUserID }
  /// True when group or others have any permission on it.
  public var isOpenToOthers: Bool { mode & 0o077 != 0 }

  init(_ info: stat) {
    switch info.st_mode & S_IFMT {
    case S_IFREG: kind = .regular
    case S_IFDIR: kind = .directory
    case S_IFLNK: kind = .symlink
    case S_IFSOCK: kind = .socket
    case S_IFIFO: kind = .fifo
    case S_IFCHR, S_IFBLK: kind = .device
    default: kind = .other
    }
    size = Int64(info.st_size)
    mode = UInt32(info.st_mode & 0o7777)
    owner = UInt32(info.st_uid)
    device = UInt64(info.st_dev)
    inode = UInt64(info.st_ino)
    modified = Time(
      seconds: Int64(info.st_mtim.tv_sec), nanoseconds: Int64(info.st_mtim.tv_nsec))
    changed = Time(seconds: Int64(info.st_ctim.tv_sec), nanoseconds: Int64(info.st_ctim.tv_nsec))
  }
}

extension FileStatus.Kind {
  /// What it is, in a message: "FIFO (named pipe)", "device", "folder".
  public var words: String {
    switch self {
    case .regular: "regular file"
    case .directory: "folder"
    case .symlink: "symbolic link"
    case .socket: "socket"
    case .fifo: "FIFO (named pipe)"
    case .device: "device"
    case .other: "special file"
    }
  }
}

extension Files {
  /// The status of `path` itself (a final symlink is not followed), or nil when nothing is
  /// there; any other failure (a component that is not a folder, no search permission) throws.
  public static func status(_ path: String) throws(FileError) -> FileStatus? {
    var info = stat()
    guard lstat(path, &info) == 0 else {
      if errno == ENOENT { return nil }
      throw FileError.current(.inspect, path)
    }
    return FileStatus(info)
  }

  /// The effective user id of this process (the owner its new files get).
  public static var currentUserID: UInt32 { UInt32(geteuid()) }
}
