// SPDX-License-Identifier: Apache-2.0
internal import CZlib
import Dispatch

/// A PNG encoder for opaque pages that favours speed: 8-bit RGB (RGBA only when a pixel is
/// not opaque), the "Up" filter on every row (a page's rows repeat, so they filter to zeros),
/// zlib at level 1. The rows are cut into bands that are filtered and deflated on all CPUs at
/// once (as pigz does): each band is a raw deflate stream ending on a byte boundary
/// (`Z_SYNC_FLUSH`), the last one `Z_FINISH`ed, joined under one zlib header and one Adler-32
/// (`adler32_combine`). A band starts with an empty window, so the file grows by well under
/// 1 % (docs/performance.md, "Diff images").
enum FastPNG {
  static func encode(_ raster: Raster) throws(VisualError) -> [UInt8] {
    let width = raster.width
    return try raster.pixels.withUnsafeBufferPointer { pixels throws(VisualError) in
      try encode(width: width, height: raster.height, whole: { raster }) { y, _ in
        UnsafeBufferPointer(rebasing: pixels[(y * width)..<((y + 1) * width)])
      }
    }
  }

  /// Row `y`'s ARGB32 pixels: a slice of the image, or the row made in `scratch` (one row).
  typealias RowSource = (_ y: Int, _ scratch: UnsafeMutableBufferPointer<UInt32>) ->
    UnsafeBufferPointer<UInt32>

  /// Encodes an image given row by row (`DiffImages.sideBySidePNG` never builds its canvas);
  /// `whole` makes the full raster, needed only for an image that is not opaque.
  static func encode(width: Int, height: Int, whole: () -> Raster, rows: RowSource)
    throws(VisualError) -> [UInt8]
  {
    let bands = bandRanges(height: height)
    // Filter assuming the page is opaque (every page rua-paper renders or draws is); a band
    // that meets a transparent pixel says so, and the image is done again as RGBA.
    var encoded = compressBands(bands, rowBytes: width * 3 + 1) { band, out in
      filterOpaque(rows, width: width, rows: band, into: out)
    }
    let opaque = encoded.allSatisfy { $0 != nil }
    if !opaque {
      let raster = whole()
      encoded = raster.pixels.withUnsafeBufferPointer { pixels in
        compressBands(bands, rowBytes: width * 4 + 1) { band, out in
          filterRGBA(pixels, width: width, rows: band, into: out)
          return true
        }
      }
    }
    var adler = adler32(0, nil, 0)
    var stream: [UInt8] = [0x78, 0x01]  // zlib header: deflate, 32 KiB window, fastest
    for band in encoded {
      guard let band, band.status == Z_OK else {
        throw VisualError(.image, "zlib could not compress an image")
      }
      stream += band.deflated
      adler = adler32_combine(adler, band.adler, off_t(band.length))
    }
    stream += bigEndian(UInt32(adler))
    var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    var header: [UInt8] = []
    header += bigEndian(UInt32(width))
    header += bigEndian(UInt32(height))
    header += [8, opaque ? 2 : 6, 0, 0, 0]
    append(&png, "IHDR", header)
    append(&png, "IDAT", stream)
    append(&png, "IEND", [])
    return png
  }

  /// One band's raw deflate stream, the Adler-32 and length of its filtered bytes.
  struct Band {
    var deflated: [UInt8] = []
    var adler: uLong = 1
    var length = 0
    var status = Z_OK
  }

  /// Fills the filtered bytes of `rows` (each row its filter byte and samples) into the buffer;
  /// false to give up.
  typealias RowFilter = (_ rows: Range<Int>, _ out: UnsafeMutableBufferPointer<UInt8>) -> Bool

  /// Bands of 512 to 1023 rows. The cut depends on the height only, never on the machine, so
  /// a page gives the same bytes everywhere; a page of fewer than 1024 rows is one band, the
  /// same bytes as one `compress2` call (the 50 dpi goldens).
  static func bandRanges(height: Int) -> [Range<Int>] {
    let count = max(1, height / 512)
    return (0..<count).map { index in
      (height * index / count)..<(height * (index + 1) / count)
    }
  }

  /// Filters and deflates each band on its own thread; a band whose filter gives up is nil.
  private static func compressBands(_ bands: [Range<Int>], rowBytes: Int, filter: RowFilter)
    -> [Band?]
  {
    let results = UnsafeMutableBufferPointer<Band?>.allocate(capacity: bands.count)
    results.initialize(repeating: nil)
    defer { results.deallocate() }
    withoutActuallyEscaping(filter) { filter in
      let work = { (index: Int) in
        results[index] = compress(
          bands[index], rowBytes: rowBytes, finish: index == bands.count - 1, filter: filter)
      }
      if bands.count == 1 {
        work(0)
      } else {
        // Each iteration writes only its own slot.
        nonisolated(unsafe) let run = work
        DispatchQueue.concurrentPerform(iterations: bands.count) { run($0) }
      }
    }
    return Array(results)
  }

  /// One band as a raw deflate stream at level 1, ending on a byte boundary or finished. The
  /// rows are filtered 8 at a time (they stay in the cache for deflate) into one small buffer and the output taken 64 KiB at a
  /// time, so a page never needs a filtered copy of itself in memory.
  private static func compress(
    _ rows: Range<Int>, rowBytes: Int, finish: Bool, filter: RowFilter
  ) -> Band? {
    var band = Band()
    var stream = z_stream()
    band.status = deflateInit2_(
      &stream, 1, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY, zlibVersion(),
      Int32(MemoryLayout<z_stream>.size))
    guard band.status == Z_OK else { return band }
    defer { deflateEnd(&stream) }
    let piece = 8
    var input = [UInt8](repeating: 0, count: rowBytes * min(piece, rows.count))
    var output = [UInt8](repeating: 0, count: 1 << 16)
    var start = rows.lowerBound
    var status = Z_OK
    while start < rows.upperBound {
      let end = min(start + piece, rows.upperBound)
      let count = (end - start) * rowBytes
      let flush = end < rows.upperBound ? Z_NO_FLUSH : finish ? Z_FINISH : Z_SYNC_FLUSH
      let filtered = input.withUnsafeMutableBufferPointer { source in
        guard filter(start..<end, UnsafeMutableBufferPointer(rebasing: source[0..<count])) else {
          return false
        }
        band.adler = adler32(band.adler, source.baseAddress, uInt(count))
        stream.next_in = source.baseAddress
        stream.avail_in = uInt(count)
        repeat {
          output.withUnsafeMutableBufferPointer { target in
            stream.next_out = target.baseAddress
            stream.avail_out = uInt(target.count)
            status = CZlib.deflate(&stream, flush)
            band.deflated.append(
              contentsOf: UnsafeBufferPointer(
                rebasing: target[0..<(target.count - Int(stream.avail_out))]))
          }
        } while stream.avail_out == 0 && status == Z_OK
        return true
      }
      guard filtered else { return nil }
      band.length += count
      start = end
    }
    // Z_BUF_ERROR only says a last call had nothing left to do.
    let done = finish ? status == Z_STREAM_END : status == Z_OK || status == Z_BUF_ERROR
    band.status = done && stream.avail_in == 0 ? Z_OK : Z_DATA_ERROR
    return band
  }

  /// Up-filtered RGB rows straight from the ARGB32 pixels; false at a pixel that is not
  /// opaque.
  private static func filterOpaque(
    _ source: RowSource, width: Int, rows: Range<Int>, into out: UnsafeMutableBufferPointer<UInt8>
  ) -> Bool {
    var alpha: UInt32 = 0xFF00_0000
    // Two rows of scratch: the row above is kept in one while the next is made in the other.
    let scratch = UnsafeMutableBufferPointer<UInt32>.allocate(capacity: 2 * width)
    defer { scratch.deallocate() }
    func half(_ index: Int) -> UnsafeMutableBufferPointer<UInt32> {
      UnsafeMutableBufferPointer(rebasing: scratch[(index * width)..<((index + 1) * width)])
    }
    // The row above the first is zeros.
    var above: UnsafeBufferPointer<UInt32>
    if rows.lowerBound == 0 {
      half(1).update(repeating: 0)
      above = UnsafeBufferPointer(half(1))
    } else {
      above = source(rows.lowerBound - 1, half(1))
    }
    var slot = 0
    for y in rows {
      let row = source(y, half((y - rows.lowerBound) % 2))
      out[slot] = 2  // Up: each byte minus the byte above.
      slot += 1
      let up = above
      for x in 0..<width {
        let pixel = row[x]
        // The three bytes minus those above, lane by lane without borrows between them.
        let difference =
          ((pixel | 0x0080_8080) &- (up[x] & 0x007F_7F7F)) ^ ((pixel ^ ~up[x]) & 0x0080_8080)
        alpha &= pixel
        out[slot] = UInt8(truncatingIfNeeded: difference >> 16)
        out[slot + 1] = UInt8(truncatingIfNeeded: difference >> 8)
        out[slot + 2] = UInt8(truncatingIfNeeded: difference)
        slot += 3
      }
      above = row
    }
    return alpha == 0xFF00_0000
  }

  /// Up-filtered RGBA rows, colour unpremultiplied (cairo stores it premultiplied by alpha).
  private static func filterRGBA(
    _ pixels: UnsafeBufferPointer<UInt32>, width: Int, rows: Range<Int>,
    into out: UnsafeMutableBufferPointer<UInt8>
  ) {
    func straight(_ index: Int) -> (UInt8, UInt8, UInt8, UInt8) {
      let pixel = pixels[index]
      let alpha = UInt8(pixel >> 24)
      return (
        unpremultiply(UInt8(truncatingIfNeeded: pixel >> 16), alpha),
        unpremultiply(UInt8(truncatingIfNeeded: pixel >> 8), alpha),
        unpremultiply(UInt8(truncatingIfNeeded: pixel), alpha), alpha
      )
    }
    var slot = 0
    for y in rows {
      out[slot] = 2
      slot += 1
      for x in 0..<width {
        let (r, g, b, a) = straight(y * width + x)
        let (ur, ug, ub, ua) = y == 0 ? (0, 0, 0, 0) : straight((y - 1) * width + x)
        out[slot] = r &- ur
        out[slot + 1] = g &- ug
        out[slot + 2] = b &- ub
        out[slot + 3] = a &- ua
        slot += 4
      }
    }
  }

  private static func append(_ png: inout [UInt8], _ type: String, _ data: [UInt8]) {
    let chunk = Array(type.utf8) + data
    png += bigEndian(UInt32(data.count))
    let crc = chunk.withUnsafeBufferPointer { crc32(0, $0.baseAddress, uInt($0.count)) }
    png += chunk
    png += bigEndian(UInt32(crc))
  }

  private static func bigEndian(_ value: UInt32) -> [UInt8] {
    [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
  }

  /// Cairo stores colour premultiplied by alpha; PNG stores it straight.
  @inline(__always)
  private static func unpremultiply(_ channel: UInt8, _ alpha: UInt8) -> UInt8 {
    if alpha == 255 { return channel }
    if alpha == 0 { return 0 }
    return UInt8(min(255, (Int(channel) * 255 + Int(alpha) / 2) / Int(alpha)))
  }
}
