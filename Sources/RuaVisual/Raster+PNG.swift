// SPDX-License-Identifier: Apache-2.0
internal import CPangoCairo
internal import RuaPDF

extension Raster {
  /// The raster as PNG bytes: 8-bit RGB (RGBA when a pixel is not opaque), written for speed
  /// (`FastPNG`: Up filter, zlib level 1).
  public func pngBytes() throws(VisualError) -> [UInt8] {
    try FastPNG.encode(self)
  }

  /// The raster as PNG bytes written by `cairo_surface_write_to_png_stream` (libpng defaults:
  /// smaller and several times slower).
  public func cairoPNGBytes() throws(VisualError) -> [UInt8] {
    let surface = try ImageSurface.surface(from: self)
    defer { cairo_surface_destroy(surface) }
    let sink = ByteSink()
    let status = withExtendedLifetime(sink) {
      cairo_surface_write_to_png_stream(
        surface, ByteSink.cairoWrite, Unmanaged.passUnretained(sink).toOpaque())
    }
    guard status == CAIRO_STATUS_SUCCESS else {
      throw VisualError(.image, "cairo could not encode a PNG: " + ImageSurface.describe(status))
    }
    return sink.bytes
  }

  /// Reads a PNG file (a golden or an earlier render); errors name `shownAs` (default `path`).
  public init(pngFile path: String, shownAs name: String? = nil) throws(VisualError) {
    let shown = name ?? path
    try self.init(png: try PDFDocument.readFile(path, shownAs: shown), name: shown)
  }

  /// Decodes PNG bytes (any PNG cairo reads) into ARGB32; `name` is used in errors.
  public init(png bytes: [UInt8], name: String) throws(VisualError) {
    let source = ByteSource(bytes)
    let loaded = cairo_image_surface_create_from_png_stream(
      { closure, data, length in
        guard let closure, let data else { return CAIRO_STATUS_READ_ERROR }
        let source = Unmanaged<ByteSource>.fromOpaque(closure).takeUnretainedValue()
        return source.read(into: data, count: Int(length))
          ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_READ_ERROR
      }, Unmanaged.passUnretained(source).toOpaque())
    guard let loaded else { throw VisualError(.image, "\(name): cannot decode the PNG") }
    defer { cairo_surface_destroy(loaded) }
    let status = cairo_surface_status(loaded)
    guard status == CAIRO_STATUS_SUCCESS else {
      throw VisualError(
        .image, "\(name) is not a readable PNG (" + ImageSurface.describe(status) + ")")
    }
    if cairo_image_surface_get_format(loaded) == CAIRO_FORMAT_ARGB32 {
      self = try ImageSurface.raster(from: loaded)
      return
    }
    // Other formats (RGB24, A8, …) are drawn onto an ARGB32 surface.
    let width = Int(cairo_image_surface_get_width(loaded))
    let height = Int(cairo_image_surface_get_height(loaded))
    let target = try ImageSurface.create(width: width, height: height)
    defer { cairo_surface_destroy(target) }
    let cr = cairo_create(target)
    cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
    cairo_set_source_surface(cr, loaded, 0, 0)
    cairo_paint(cr)
    cairo_destroy(cr)
    self = try ImageSurface.raster(from: target)
  }
}

/// Hands bytes to cairo's PNG reader.
private final class ByteSource {
  let bytes: [UInt8]
  var offset = 0

  init(_ bytes: [UInt8]) { self.bytes = bytes }

  func read(into target: UnsafeMutablePointer<UInt8>, count: Int) -> Bool {
    guard count <= bytes.count - offset else { return false }
    bytes.withUnsafeBufferPointer { source in
      if let base = source.baseAddress { target.update(from: base + offset, count: count) }
    }
    offset += count
    return true
  }
}
