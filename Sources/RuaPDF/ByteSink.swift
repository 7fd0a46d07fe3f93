// SPDX-License-Identifier: Apache-2.0
package import CPangoCairo

/// Collects the bytes cairo writes (a PDF surface, a PNG stream) in memory; no temporary file.
/// cairo calls its write function for every few bytes it prints (about 2,500 times for a
/// one-page sheet), so each call is one copy into storage of the sink's own, without an
/// array's uniqueness and exclusivity checks; `bytes` copies it out once.
package final class ByteSink {
  private var storage: UnsafeMutablePointer<UInt8>
  private var count = 0
  private var capacity: Int

  package init() {
    capacity = 1 << 16
    storage = .allocate(capacity: capacity)
  }

  deinit { storage.deallocate() }

  /// Everything written so far.
  package var bytes: [UInt8] { Array(UnsafeBufferPointer(start: storage, count: count)) }

  private func append(_ data: UnsafePointer<UInt8>, count length: Int) {
    if length > capacity - count {
      var larger = capacity * 2
      while length > larger - count { larger *= 2 }
      let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: larger)
      grown.initialize(from: storage, count: count)
      storage.deallocate()
      storage = grown
      capacity = larger
    }
    (storage + count).initialize(from: data, count: length)
    count += length
  }

  /// A `cairo_write_func_t` appending to the sink passed as the closure
  /// (`Unmanaged.passUnretained(sink).toOpaque()`, kept alive by the caller).
  package static let cairoWrite: cairo_write_func_t = { closure, data, length in
    guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
    let sink = Unmanaged<ByteSink>.fromOpaque(closure).takeUnretainedValue()
    sink.append(data, count: Int(length))
    return CAIRO_STATUS_SUCCESS
  }
}

@available(*, unavailable) extension ByteSink: Sendable {}
