// SPDX-License-Identifier: Apache-2.0
internal import CZlib

/// zlib's deflate and inflate for `NativePDF`'s streams.
enum Flate {
  /// At zlib's default level, as libqpdf compresses.
  static func deflate(_ bytes: [UInt8]) -> [UInt8]? {
    let bound = Int(compressBound(uLong(bytes.count)))
    var status = Z_OK
    // Not zeroed first: zlib writes the bytes it reports, and only those are kept.
    let out = [UInt8](unsafeUninitializedCapacity: bound) { target, initialized in
      var length = uLong(bound)
      status = bytes.withUnsafeBufferPointer { source in
        compress2(
          target.baseAddress, &length, source.baseAddress, uLong(source.count),
          Z_DEFAULT_COMPRESSION)
      }
      initialized = status == Z_OK ? Int(length) : 0
    }
    guard status == Z_OK else { return nil }
    return out
  }

  /// Nil when the data is not one whole zlib stream or would inflate past `limit` bytes (a
  /// hostile stream can inflate without bound).
  static func inflate(_ bytes: ArraySlice<UInt8>, limit: Int) -> [UInt8]? {
    var stream = z_stream()
    guard inflateInit_(&stream, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
      return nil
    }
    defer { inflateEnd(&stream) }
    var out: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: max(4096, min(bytes.count * 4, 1 << 20)))
    var status = Z_OK
    bytes.withUnsafeBufferPointer { source in
      stream.next_in = UnsafeMutablePointer(mutating: source.baseAddress)
      stream.avail_in = uInt(source.count)
      while status == Z_OK {
        status = chunk.withUnsafeMutableBufferPointer { buffer in
          stream.next_out = buffer.baseAddress
          stream.avail_out = uInt(buffer.count)
          let result = CZlib.inflate(&stream, Z_NO_FLUSH)
          out.append(contentsOf: buffer[..<(buffer.count - Int(stream.avail_out))])
          return result
        }
        if out.count > limit { return }
        // No input left and no output made: the stream is cut short.
        if status == Z_BUF_ERROR
          || (status == Z_OK && stream.avail_in == 0 && stream.avail_out != 0)
        {
          status = Z_DATA_ERROR
        }
      }
    }
    guard status == Z_STREAM_END, out.count <= limit else { return nil }
    return out
  }
}
