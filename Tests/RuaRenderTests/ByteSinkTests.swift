// SPDX-License-Identifier: Apache-2.0
import CPangoCairo
import RuaPDF
import Testing

/// `ByteSink` keeps cairo's writes in storage of its own, grown by doubling from 64 KiB: what
/// it hands back must be every byte written, in order, however the writes fall around the
/// growth (a binder's PDF runs to megabytes).
@Suite("byte sink")
struct ByteSinkTests {
  /// Writes `chunks` through the cairo write function, as cairo would.
  static func written(_ chunks: [[UInt8]]) -> (bytes: [UInt8], statuses: [cairo_status_t]) {
    let sink = ByteSink()
    let closure = Unmanaged.passUnretained(sink).toOpaque()
    let statuses = chunks.map { chunk in
      chunk.withUnsafeBufferPointer {
        ByteSink.cairoWrite(closure, $0.baseAddress, UInt32($0.count))
      }
    }
    return (sink.bytes, statuses)
  }

  @Test("small writes, one across the first growth, one larger than twice the storage")
  func keepsEveryByte() {
    var chunks: [[UInt8]] = []
    var seed: UInt32 = 7
    // Sizes as cairo writes them (a few bytes), then across 64 KiB, then one of 300,000.
    for size in [1, 3, 17, 200, 65_000, 900, 300_000, 5] {
      chunks.append(
        (0..<size).map { _ in
          seed = seed &* 1_103_515_245 &+ 12_345
          return UInt8(truncatingIfNeeded: seed >> 16)
        })
    }
    let result = Self.written(chunks)
    #expect(result.statuses.allSatisfy { $0 == CAIRO_STATUS_SUCCESS })
    #expect(result.bytes.count == chunks.reduce(0) { $0 + $1.count })
    #expect(result.bytes == chunks.flatMap { $0 })
  }

  @Test("nothing written gives no bytes")
  func empty() {
    #expect(Self.written([]).bytes.isEmpty)
  }
}
