internal import CCrypto

/// SHA-256 from libcrypto, in lower-case hex, injected into the pure content gate.
/// (When RuaStore exposes its own SHA-256 helper, this can call that instead.)
enum ContentHashing {
  static func sha256Hex(_ bytes: [UInt8]) -> String {
    var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
    var length: UInt32 = 0
    let ok = bytes.withUnsafeBytes { input in
      digest.withUnsafeMutableBufferPointer { output in
        EVP_Digest(input.baseAddress, input.count, output.baseAddress, &length, EVP_sha256(), nil)
      }
    }
    // EVP_Digest with SHA-256 fails only when libcrypto itself is broken.
    precondition(ok == 1 && length == 32, "libcrypto SHA-256 failed")
    let hex = Array("0123456789abcdef".utf8)
    var text: [UInt8] = []
    for byte in digest[0..<32] {
      text.append(hex[Int(byte >> 4)])
      text.append(hex[Int(byte & 0x0F)])
    }
    return String(decoding: text, as: UTF8.self)
  }
}
