// SPDX-License-Identifier: Apache-2.0
import CPangoCairo

/// A cairo PDF surface writing into memory, for the redrawn copies of real documents.
enum CairoPDFSink {
  /// A cairo PDF surface writing into a `Sink` (the caller finishes and destroys it).
  static func streamSurface(width: Double, height: Double) -> (OpaquePointer, Sink) {
    let sink = Sink()
    guard
      let surface = cairo_pdf_surface_create_for_stream(
        { closure, data, length in
          guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
          Unmanaged<Sink>.fromOpaque(closure).takeUnretainedValue().bytes.append(
            contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
          return CAIRO_STATUS_SUCCESS
        }, Unmanaged.passUnretained(sink).toOpaque(), width, height)
    else { preconditionFailure("cairo made no PDF surface") }
    return (surface, sink)
  }

  final class Sink {
    var bytes: [UInt8] = []
  }
}
