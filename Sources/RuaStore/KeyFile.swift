// SPDX-License-Identifier: Apache-2.0
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
    var text: [UInt8]
    do { text = try Files.readPrivate(path, limit: 4096) } catch {
      throw refusal(path, error)
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

  /// What `readPrivate` refused, in the key file's words.
  private static func refusal(_ path: String, _ error: PrivateFileError) -> StoreError {
    switch error {
    case .missing:
      return StoreError(.databaseWithoutKey, "the key file \(path) does not exist")
    case .symlink:
      return refused(
        "the key file \(path) is a symbolic link; rua-paper does not follow links for keys",
        "point --key-file at the real file")
    case .wrongKind(.directory):
      return refused(
        "the key file \(path) is a folder", "point --key-file at the key file itself")
    case .wrongKind:
      return refused(
        "the key file \(path) is not a regular file (a pipe, socket or device)",
        "point --key-file at a regular file")
    case .foreignOwner(let owner, let user):
      return refused(
        "the key file \(path) belongs to user id \(owner), not to the user running "
          + "rua-paper (\(user))", "run rua-paper as its owner, or chown the file")
    case .openToOthers(let mode):
      return refused(
        "the key file \(path) is readable or writable by other users (mode 0"
          + String(mode, radix: 8) + ")", "run: chmod 600 \(path)")
    case .failed(let failure) where failure.operation == .open:
      if failure.isPermission {
        return StoreError(
          .permission, "the key file \(path) cannot be read", code: failure.code,
          libraryMessage: failure.reason, advice: "run rua-paper as the user who owns it")
      }
      return StoreError(
        .keyFileRefused, "the key file \(path) cannot be opened", code: failure.code,
        libraryMessage: failure.reason)
    case .failed(let failure):
      return StoreError(failure)
    }
  }

  private static func refused(_ context: String, _ advice: String) -> StoreError {
    StoreError(.keyFileRefused, context, advice: advice)
  }
}
