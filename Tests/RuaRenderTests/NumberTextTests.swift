// SPDX-License-Identifier: Apache-2.0
import CNumberText
import Foundation
import Testing

/// cairo's numbers are written by `rua_number_text` (Sources/CNumberText), not glibc's printf:
/// for every format it takes, it must write exactly what glibc writes, or the PDFs change.
@Suite("number text")
struct NumberTextTests {
  /// What `rua_number_text` writes, or nil when it hands the format back to glibc.
  static func ours(_ format: String, _ arguments: [CVarArg]) -> String? {
    var buffer = [CChar](repeating: 0, count: 64)
    let length = withVaList(arguments) { rua_number_text(&buffer, format, $0) }
    guard length >= 0 else { return nil }
    let text = Self.text(buffer)
    #expect(Int(length) == text.utf8.count)
    return text
  }

  static func glibc(_ format: String, _ arguments: [CVarArg]) -> String {
    var buffer = [CChar](repeating: 0, count: 128)
    _ = withVaList(arguments) { vsnprintf(&buffer, 128, format, $0) }
    return Self.text(buffer)
  }

  /// The characters before the buffer's first NUL.
  static func text(_ buffer: [CChar]) -> String {
    String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// A fixed xorshift, so a failure is the same on every run.
  struct Numbers {
    var state: UInt64 = 88_172_645_463_325_252
    mutating func next() -> UInt64 {
      state ^= state << 13
      state ^= state >> 7
      state ^= state << 17
      return state
    }

    /// Coordinates in points, values near ties, small fractions, any bit pattern.
    mutating func double(_ kind: Int) -> Double {
      switch kind % 6 {
      case 0: return Double(bitPattern: next())
      case 1: return Double(Int64(next() % 2_000_000) - 1_000_000) / 1000
      case 2:
        return Double(sign: .plus, exponent: -Int(next() % 40), significand: 1)
          * Double(Int64(next() % 100_001) - 50_000)
      case 3:
        return Double(next() >> 11) / 9_007_199_254_740_992 * pow(10, Double(Int(next() % 20) - 10))
      case 4: return (Double(next() % 2_000_001) + 0.5) / 1_000_000
      default: return Double(Int64(next() % 4000) - 2000) / 8
      }
    }
  }

  @Test("every float format cairo prints, on 60,000 values and the edges, as glibc writes it")
  func floatsAsGlibc() {
    var numbers = Numbers()
    let edges: [Double] = [
      0, -0.0, 0.5, 1.5, 2.5, -2.5, 0.0078125, -0.0078125, 0.1, 0.05, 1e-7, 5e-7, 1.5e-6,
      .leastNonzeroMagnitude, -.leastNonzeroMagnitude, .leastNormalMagnitude, 1e-300,
      2_147_483_647.999_999, 1234.5678, 595.2756, 841.8898, 72.000_000_5,
    ]
    let values = edges + (0..<60_000).map { numbers.double($0) }
    var handled = 0
    for value in values {
      for format in ["%f", "%.18f", "%.0f", "%.1f", "%.3f", "%.17f"] {
        guard let written = Self.ours(format, [value]) else { continue }
        handled += 1
        #expect(written == Self.glibc(format, [value]), "\(format) of \(value.bitPattern)")
      }
      let precision = Int32(truncatingIfNeeded: numbers.next() % 19)
      if let written = Self.ours("%.*f", [precision, value]) {
        #expect(written == Self.glibc("%.*f", [precision, value]), "%.\(precision)f of \(value)")
      }
    }
    // Every finite value below 2^31 is written here, not by glibc.
    #expect(handled > values.count * 5)
    #expect(Self.ours("%f", [Double.nan]) == nil)
    #expect(Self.ours("%f", [Double.infinity]) == nil)
    #expect(Self.ours("%f", [3e9]) == nil)
  }

  @Test("every integer format cairo prints, on 60,000 values and the limits, as glibc writes it")
  func integersAsGlibc() {
    var numbers = Numbers()
    var cases: [(String, CVarArg)] = [
      ("%d", Int32.min), ("%d", Int32.max), ("%d", Int32(0)), ("%ld", Int.min), ("%ld", Int.max),
      ("%lu", UInt.max), ("%u", UInt32.max), ("%010ld", -1), ("%010ld", 0), ("%04x", UInt32(0)),
      ("%02x", UInt32(255)), ("%x", UInt32.max), ("%3d", Int32(-7)), ("%03o", UInt32(8)),
    ]
    for _ in 0..<60_000 {
      let bits = numbers.next()
      let int = Int32(truncatingIfNeeded: bits)
      cases += [
        ("%d", int), ("%ld", Int(bitPattern: UInt(bits))), ("%u", UInt32(truncatingIfNeeded: bits)),
        ("%lu", UInt(bits)),
        ("%010ld", Int(truncatingIfNeeded: Int64(bitPattern: bits) % 100_000_000_000)),
        ("%04x", UInt32(bits % 70_000)), ("%02x", UInt32(bits & 0x1ff)),
        ("%x", UInt32(truncatingIfNeeded: bits)),
      ]
    }
    for (format, value) in cases {
      guard let written = Self.ours(format, [value]) else {
        #expect(format == "%03o", "\(format) went to glibc")
        continue
      }
      #expect(written == Self.glibc(format, [value]), "\(format) of \(value)")
    }
  }

  @Test("other formats go to glibc, and the libraries reach the definition")
  func othersGoToGlibc() {
    for format in ["%s", "%5.2f", "%e", "%g", "%d %d", "x%d", "%lld", "%.19f", "%-4d", "%+d", "%%"]
    {
      #expect(Self.ours(format, [Int32(1)]) == nil, "\(format)")
    }
    #if os(Linux)
      #expect(rua_number_text_is_installed() != 0, "cairo would call glibc's __snprintf_chk")
    #endif
  }
}
