// SPDX-License-Identifier: Apache-2.0
internal import CPangoCairo
internal import CPopplerGLib

extension PDFDocument {
  /// Renders page `page` (1-based) at `dpi` with the project's recipe.
  ///
  /// The image is `PixelGrid(dpi:).pixelSize(of:)` (ceil rule). White is painted before
  /// scaling (a fresh ARGB32 surface is transparent), then `poppler_page_render_for_printing`
  /// draws the page as it would print (annotations by their print flags). The same page at the
  /// same dpi gives the same bytes every time in one build. Cairo draws straight into the
  /// raster's memory, so a page is held once.
  ///
  /// `offset` (points, x right, y down) draws the page moved by that much, to a fraction of a
  /// pixel: how a page that moved as a whole is laid on the other side before what is left is
  /// compared.
  public func render(page: Int, dpi: Double, offset: (x: Double, y: Double) = (0, 0))
    throws(VisualError) -> Raster
  {
    guard dpi.isFinite, dpi > 0 else {
      throw VisualError(.invalidArgument, "dpi must be a positive number, not \(dpi)")
    }
    let size = try pageSize(page)
    let grid = PixelGrid(dpi: dpi)
    let (width, height) = grid.pixelSize(of: size)
    try RenderBounds.check(size, dpi: dpi, name: name, page: page)
    var failure: VisualError?
    let pixels = [UInt32](unsafeUninitializedCapacity: width * height) { buffer, count in
      do throws(VisualError) {
        try draw(
          page, into: buffer, width: width, height: height, scale: grid.scale, offset: offset)
        count = width * height
      } catch {
        failure = error
        count = 0
      }
    }
    if let failure { throw failure }
    return Raster(width: width, height: height, pixels: pixels)
  }

  private func draw(
    _ page: Int, into buffer: UnsafeMutableBufferPointer<UInt32>, width: Int, height: Int,
    scale: Double, offset: (x: Double, y: Double)
  ) throws(VisualError) {
    // ARGB32 rows need no padding: the stride is width × 4 bytes.
    guard let base = buffer.baseAddress,
      cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, Int32(width)) == Int32(width * 4),
      let surface = cairo_image_surface_create_for_data(
        UnsafeMutableRawPointer(base).assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32,
        Int32(width), Int32(height), Int32(width * 4))
    else { throw VisualError(.render, "\(name): cairo could not make an image for page \(page)") }
    defer { cairo_surface_destroy(surface) }
    guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let cr = cairo_create(surface)
    else { throw VisualError(.render, "\(name): cairo could not draw page \(page)") }
    defer { cairo_destroy(cr) }
    cairo_set_source_rgb(cr, 1, 1, 1)
    cairo_paint(cr)
    cairo_scale(cr, scale, scale)
    if offset != (0, 0) { cairo_translate(cr, offset.x, offset.y) }
    try withPage(page) { pointer throws(VisualError) in
      PopplerLock.run { poppler_page_render_for_printing(pointer, cr) }
    }
    cairo_surface_flush(surface)
    let status = cairo_status(cr)
    guard status == CAIRO_STATUS_SUCCESS else {
      throw VisualError(
        .render,
        "\(name): page \(page) failed to render (\(ImageSurface.describe(status)))")
    }
  }
}
