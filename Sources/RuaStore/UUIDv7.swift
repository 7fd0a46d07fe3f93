// SPDX-License-Identifier: Apache-2.0
internal import CLinux
internal import Glibc
public import RuaCore

/// Random bytes from getrandom(2).
enum SecureRandom {
  static func bytes(_ count: Int) throws(StoreError) -> [UInt8] {
    var out = [UInt8](repeating: 0, count: count)
    var filled = 0
    while filled < count {
      let got = out.withUnsafeMutableBytes { buffer in
        guard let base = buffer.baseAddress else { return 0 }
        return rua_getrandom(base + filled, count - filled)
      }
      if got < 0 {
        if errno == EINTR { continue }
        throw StoreError(.io, "reading random bytes (getrandom)", code: errno)
      }
      filled += got
    }
    return out
  }
}

/// A UUID version 7 (RFC 9562 §5.7): 48-bit Unix milliseconds, then random bits.
public enum UUIDv7 {
  /// Formats the 16 bytes made from `milliseconds` and 10 random bytes (only 74 bits are used).
  public static func format(milliseconds: Int64, random: [UInt8]) -> String {
    precondition(random.count >= 10, "UUIDv7 needs 10 random bytes")
    var bytes = [UInt8](repeating: 0, count: 16)
    let ms = UInt64(bitPattern: milliseconds) & 0xffff_ffff_ffff
    for index in 0..<6 { bytes[index] = UInt8(truncatingIfNeeded: ms >> (8 * (5 - index))) }
    for index in 0..<10 { bytes[6 + index] = random[index] }
    bytes[6] = 0x70 | (bytes[6] & 0x0f)  // version 7
    bytes[8] = 0x80 | (bytes[8] & 0x3f)  // variant 10
    let hex = Array(Hex.encode(bytes).utf8)
    var text = [UInt8]()
    for (index, char) in hex.enumerated() {
      if [8, 12, 16, 20].contains(index) { text.append(UInt8(ascii: "-")) }
      text.append(char)
    }
    return String(decoding: text, as: UTF8.self)
  }

  /// A new UUIDv7 for `seconds` since the epoch (the caller's clock), random from getrandom.
  public static func make(seconds: Int64) throws(StoreError) -> String {
    format(milliseconds: seconds * 1000, random: try SecureRandom.bytes(10))
  }

  /// A new UUIDv7 for `instant` (the caller's clock).
  public static func make(at instant: Instant) throws(StoreError) -> String {
    try make(seconds: instant.secondsSinceEpoch)
  }
}
