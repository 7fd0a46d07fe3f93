// SPDX-License-Identifier: Apache-2.0
package import CPangoCairo

/// Collects the bytes cairo writes (a PDF surface, a PNG stream) in memory; no temporary file.
package final class ByteSink {
  package var bytes: [UInt8] = []

  package init() {}

  /// A `cairo_write_func_t` appending to the sink passed as the closure
  /// (`Unmanaged.passUnretained(sink).toOpaque()`, kept alive by the caller).
  package static let cairoWrite: cairo_write_func_t = { closure, data, length in
    guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
    let sink = Unmanaged<ByteSink>.fromOpaque(closure).takeUnretainedValue()
    sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
    return CAIRO_STATUS_SUCCESS
  }
}

@available(*, unavailable) extension ByteSink: Sendable {}
