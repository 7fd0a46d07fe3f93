// SPDX-License-Identifier: Apache-2.0
internal import CPangoCairo

/// Copies between `Raster` and cairo ARGB32 image surfaces; the only place that touches their
/// memory layout.
enum ImageSurface {
  /// Cairo refuses image surfaces wider or taller than this (`MAX_IMAGE_SIZE` in cairo 1.16).
  static let maximumEdge = 32767

  /// A new ARGB32 surface, or an error naming the size. The caller destroys it.
  static func create(width: Int, height: Int) throws(VisualError) -> OpaquePointer {
    guard width > 0, height > 0, width <= maximumEdge, height <= maximumEdge else {
      throw VisualError(
        .render,
        "an image of \(width) × \(height) pixels is too large for cairo (at most "
          + "\(maximumEdge) per side); use a lower --dpi")
    }
    guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
    else { throw VisualError(.render, "cairo could not create a \(width) × \(height) image") }
    let status = cairo_surface_status(surface)
    if status != CAIRO_STATUS_SUCCESS {
      cairo_surface_destroy(surface)
      throw VisualError(
        .render,
        "cairo could not create a \(width) × \(height) image: " + describe(status))
    }
    return surface
  }

  /// The pixels of an ARGB32 surface (flushed first), row padding removed.
  static func raster(from surface: OpaquePointer) throws(VisualError) -> Raster {
    cairo_surface_flush(surface)
    let width = Int(cairo_image_surface_get_width(surface))
    let height = Int(cairo_image_surface_get_height(surface))
    let stride = Int(cairo_image_surface_get_stride(surface))
    guard cairo_image_surface_get_format(surface) == CAIRO_FORMAT_ARGB32,
      let data = cairo_image_surface_get_data(surface), width > 0, height > 0
    else { throw VisualError(.render, "cairo returned an image without ARGB32 pixels") }
    var pixels = [UInt32](repeating: 0, count: width * height)
    pixels.withUnsafeMutableBytes { target in
      guard let base = target.baseAddress else { return }
      for row in 0..<height {
        let rowBytes = width * 4
        let source = UnsafeRawPointer(data + row * stride)
        (base + row * rowBytes).copyMemory(from: source, byteCount: rowBytes)
      }
    }
    return Raster(width: width, height: height, pixels: pixels)
  }

  /// A new ARGB32 surface holding a copy of `raster`. The caller destroys it.
  static func surface(from raster: Raster) throws(VisualError) -> OpaquePointer {
    let surface = try create(width: raster.width, height: raster.height)
    cairo_surface_flush(surface)
    guard let data = cairo_image_surface_get_data(surface) else {
      cairo_surface_destroy(surface)
      throw VisualError(.render, "cairo returned an image without pixel memory")
    }
    let stride = Int(cairo_image_surface_get_stride(surface))
    raster.pixels.withUnsafeBytes { source in
      guard let base = source.baseAddress else { return }
      for row in 0..<raster.height {
        let rowBytes = raster.width * 4
        let target = UnsafeMutableRawPointer(data + row * stride)
        target.copyMemory(from: base + row * rowBytes, byteCount: rowBytes)
      }
    }
    cairo_surface_mark_dirty(surface)
    return surface
  }

  static func describe(_ status: cairo_status_t) -> String {
    guard let text = cairo_status_to_string(status) else {
      return "cairo status \(status.rawValue)"
    }
    return String(cString: text)
  }
}
