// SPDX-License-Identifier: Apache-2.0
import RuaFiles

/// Lets a start skip the full `PRAGMA quick_check` (which reads and decrypts every page, about
/// 1.3 s for a 5,000-patient store) when the store file is exactly as a rua-paper process left
/// it after checking it: same device, inode, size, modification and change times (to the
/// nanosecond). Any other writer (a bit flipped with `dd`, a restored backup, the sqlcipher
/// shell) changes the change time, which no user can set, so the next start checks in full.
///
/// The stamp (`<store>-checked`, 0600) holds an HMAC of that fingerprint under a key derived
/// from the store key, so it cannot be forged without the key. It is written only when a
/// process ends with the file as its own last commit left it; a process killed or interrupted
/// writes none, and a lost or torn stamp just means one full check.
///
/// It also carries the access log's intent watermark: every intent row up to that id had its
/// outcome when the process ended, so the open-intent check of the next start reads only the
/// intents after it (`Store.hasOpenIntents`). The HMAC covers it too. A stamp of an older
/// rua-paper (the tag alone) vouches with watermark 0: the whole log is checked.
struct CheckedStamp {
  /// HMAC key for the stamp, derived from the store key (never the store key itself).
  private let key: [UInt8]
  let database: String

  init(database: String, storeKey: [UInt8]) {
    self.database = database
    key = SHA256.digest(Array("rua-paper checked-stamp v1".utf8) + storeKey)
  }

  var path: String { database + "-checked" }

  /// The file's identity and times now, or nil when it cannot be read.
  func fingerprint() -> [UInt8]? {
    guard let status = try? Files.status(database), status.kind == .regular else { return nil }
    let fields: [Int64] = [
      Int64(bitPattern: status.device), Int64(bitPattern: status.inode), status.size,
      status.modified.seconds, status.modified.nanoseconds, status.changed.seconds,
      status.changed.nanoseconds,
    ]
    return Array(fields.map(String.init).joined(separator: " ").utf8)
  }

  /// The watermark the stamp vouches for with the file as it is now (0 for an older stamp),
  /// or nil when it does not vouch for the file.
  func vouched() -> Int64? {
    guard let now = fingerprint(), let stored = try? Files.readIfPresent(path, limit: 256)
    else { return nil }
    let fields = String(decoding: stored, as: UTF8.self).split(separator: " ")
    if fields.count == 1 { return String(fields[0]) == Hex.encode(tag(now)) ? 0 : nil }
    guard fields.count == 2, let watermark = Int64(fields[1]), watermark >= 0,
      String(fields[0]) == Hex.encode(tag(now + Self.watermarkText(watermark)))
    else { return nil }
    return watermark
  }

  /// True when the stamp vouches for the file as it is now.
  func matches() -> Bool { vouched() != nil }

  /// Records `known` (the fingerprint taken when the file was known good) if the file still
  /// has it, with the watermark `watermark` reads then (nil: none, so 0 is recorded).
  func record(_ known: [UInt8], watermark: () -> Int64? = { nil }) {
    guard fingerprint() == known else { return }
    let mark = watermark() ?? 0
    let text = Hex.encode(tag(known + Self.watermarkText(mark))) + " \(mark)"
    try? Files.overwrite(path, Array(text.utf8))
  }

  private static func watermarkText(_ watermark: Int64) -> [UInt8] {
    Array(" intents-closed-through \(watermark)".utf8)
  }

  private func tag(_ message: [UInt8]) -> [UInt8] {
    // HMAC-SHA256 (RFC 2104); the key is 32 bytes, shorter than the 64-byte block.
    let block = key + [UInt8](repeating: 0, count: 64 - key.count)
    let inner = SHA256.digest(block.map { $0 ^ 0x36 } + message)
    return SHA256.digest(block.map { $0 ^ 0x5c } + inner)
  }
}
