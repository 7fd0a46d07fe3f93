internal import CPangoCairo
internal import CPopplerGLib

extension PDFDocument {
  /// Renders page `page` (1-based) at `dpi` with the project's recipe.
  ///
  /// The image is `PixelGrid(dpi:).pixelSize(of:)` (ceil rule). White is painted before
  /// scaling (a fresh ARGB32 surface is transparent), then `poppler_page_render_for_printing`
  /// draws the page as it would print (annotations by their print flags). The same page at the
  /// same dpi gives the same bytes every time in one build.
  public func render(page: Int, dpi: Double) throws(VisualError) -> Raster {
    guard dpi.isFinite, dpi > 0 else {
      throw VisualError(.invalidArgument, "dpi must be a positive number, not \(dpi)")
    }
    let size = try pageSize(page)
    let grid = PixelGrid(dpi: dpi)
    let (width, height) = grid.pixelSize(of: size)
    let surface = try ImageSurface.create(width: width, height: height)
    defer { cairo_surface_destroy(surface) }
    guard let cr = cairo_create(surface) else {
      throw VisualError(.render, "\(name): cairo could not draw page \(page)")
    }
    defer { cairo_destroy(cr) }
    cairo_set_source_rgb(cr, 1, 1, 1)
    cairo_paint(cr)
    cairo_scale(cr, grid.scale, grid.scale)
    try withPage(page) { pointer throws(VisualError) in
      poppler_page_render_for_printing(pointer, cr)
    }
    let status = cairo_status(cr)
    guard status == CAIRO_STATUS_SUCCESS else {
      let text = cairo_status_to_string(status).map { String(cString: $0) } ?? "unknown"
      throw VisualError(.render, "\(name): page \(page) failed to render (\(text))")
    }
    return try ImageSurface.raster(from: surface)
  }
}
