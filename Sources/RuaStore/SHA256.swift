// SPDX-License-Identifier: Apache-2.0
internal import CCrypto

/// SHA-256 from libcrypto (EVP); never hand-written.
public enum SHA256 {
  public static func digest(_ bytes: [UInt8]) -> [UInt8] {
    var output = [UInt8](repeating: 0, count: 32)
    var length: UInt32 = 0
    let ok = bytes.withUnsafeBytes { input in
      output.withUnsafeMutableBytes { out in
        EVP_Digest(
          input.baseAddress, input.count,
          out.baseAddress?.assumingMemoryBound(to: UInt8.self), &length, EVP_sha256(), nil)
      }
    }
    precondition(ok == 1 && length == 32, "libcrypto EVP_Digest(SHA-256) failed")
    return output
  }

  public static func hex(_ bytes: [UInt8]) -> String { Hex.encode(digest(bytes)) }
}

/// Lower-case hexadecimal.
public enum Hex {
  public static func encode(_ bytes: [UInt8]) -> String {
    String(decoding: encodedBytes(bytes), as: UTF8.self)
  }

  /// The hex digits as bytes, for secrets: no String copy is left behind to zero.
  static func encodedBytes(_ bytes: [UInt8]) -> [UInt8] {
    let digits = Array("0123456789abcdef".utf8)
    var out = [UInt8]()
    out.reserveCapacity(bytes.count * 2)
    for byte in bytes {
      out.append(digits[Int(byte >> 4)])
      out.append(digits[Int(byte & 0x0f)])
    }
    return out
  }

  /// Nil unless `text` is an even number of hex digits (either case).
  public static func decode(_ text: some Collection<UInt8>) -> [UInt8]? {
    guard text.count % 2 == 0 else { return nil }
    var out = [UInt8]()
    out.reserveCapacity(text.count / 2)
    var high: UInt8?
    for char in text {
      guard let nibble = value(char) else { return nil }
      if let h = high {
        out.append(h << 4 | nibble)
        high = nil
      } else {
        high = nibble
      }
    }
    return out
  }

  private static func value(_ char: UInt8) -> UInt8? {
    switch char {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return char - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return char - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return char - UInt8(ascii: "A") + 10
    default: return nil
    }
  }
}
