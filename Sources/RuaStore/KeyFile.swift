internal import CLinux
internal import Glibc
import RuaFiles

/// The 32-byte store key, zeroed when the last reference goes.
final class StoreKey {
  var bytes: [UInt8]
  init(_ bytes: [UInt8]) { self.bytes = bytes }
  deinit { for index in bytes.indices { bytes[index] = 0 } }
}

/// The key file: 64 hex characters (+ one optional newline), mode 0600, a regular file owned by
/// the user running rua-paper, opened without following symlinks.
enum KeyFile {
  static let byteCount = 32

  /// Reads and checks the key file. A missing file is `.databaseWithoutKey` for the caller to
  /// refine; every other refusal is `.keyFileRefused` and names the file and the fix.
  static func load(_ path: String) throws(StoreError) -> StoreKey {
    let fd = rua_open_nofollow_read(path)
    guard fd >= 0 else {
      let number = errno
      switch number {
      case ENOENT:
        throw StoreError(.databaseWithoutKey, "the key file \(path) does not exist")
      case ELOOP:
        throw refused(
          "the key file \(path) is a symbolic link; rua-paper does not follow links for keys",
          "point --key-file at the real file")
      case EACCES, EPERM:
        throw StoreError(
          .permission, "the key file \(path) cannot be read", code: number,
          libraryMessage: String(cString: strerror(number)),
          advice: "run rua-paper as the user who owns it")
      default:
        throw StoreError(
          .keyFileRefused, "the key file \(path) cannot be opened", code: number,
          libraryMessage: String(cString: strerror(number)))
      }
    }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0 else { throw StoreError(FileError(.inspect, path, code: errno)) }
    switch info.st_mode & S_IFMT {
    case S_IFREG: break
    case S_IFDIR:
      throw refused("the key file \(path) is a folder", "point --key-file at the key file itself")
    default:
      throw refused(
        "the key file \(path) is not a regular file (a pipe, socket or device)",
        "point --key-file at a regular file")
    }
    guard info.st_uid == geteuid() else {
      throw refused(
        "the key file \(path) belongs to user id \(info.st_uid), not to the user running "
          + "rua-paper (\(geteuid()))", "run rua-paper as its owner, or chown the file")
    }
    let mode = info.st_mode & 0o777
    guard mode & 0o077 == 0 else {
      throw refused(
        "the key file \(path) is readable or writable by other users (mode 0"
          + String(mode, radix: 8) + ")", "run: chmod 600 \(path)")
    }
    var text = try storeIO { () throws(FileError) in
      try FileDescriptor.readAll(fd, path: path, limit: 4096)
    }
    defer { for index in text.indices { text[index] = 0 } }
    if text.last == UInt8(ascii: "\n") { text.removeLast() }
    guard text.count == byteCount * 2, let key = Hex.decode(text) else {
      throw refused(
        "the key file \(path) does not hold a rua-paper key (exactly 64 hexadecimal characters)",
        "use the key file written by 'rua-paper init' for this store")
    }
    return StoreKey(key)
  }

  /// Writes a new key file (0600, O_EXCL) with 32 random bytes from getrandom.
  static func create(_ path: String) throws(StoreError) -> StoreKey {
    let key = StoreKey(try SecureRandom.bytes(byteCount))
    var text = Hex.encodedBytes(key.bytes) + [UInt8(ascii: "\n")]
    defer { for index in text.indices { text[index] = 0 } }
    try storeIO { () throws(FileError) in
      try Files.makeDirectories(Files.parent(path))
      try Files.createExclusive(path, text)
    }
    return key
  }

  private static func refused(_ context: String, _ advice: String) -> StoreError {
    StoreError(.keyFileRefused, context, advice: advice)
  }
}
