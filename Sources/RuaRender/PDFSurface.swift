// SPDX-License-Identifier: Apache-2.0
internal import CPangoCairo
internal import RuaPDF

/// A cairo PDF surface writing into a `ByteSink`; destroyed in deinit.
final class PDFSurface {
  let surface: OpaquePointer
  private let sink: ByteSink
  private let closure: Unmanaged<ByteSink>

  init(sink: ByteSink, width: Double, height: Double) throws(RenderError) {
    self.sink = sink
    closure = Unmanaged.passRetained(sink)
    surface = cairo_pdf_surface_create_for_stream(
      ByteSink.cairoWrite, closure.toOpaque(), width, height)
    let status = cairo_surface_status(surface)
    if status != CAIRO_STATUS_SUCCESS {
      throw .cairo(operation: "cairo_pdf_surface_create_for_stream", status: Self.describe(status))
    }
  }

  deinit {
    cairo_surface_destroy(surface)
    closure.release()
  }

  /// Title, creator and both dates; cairo 1.16 ignores SOURCE_DATE_EPOCH, so the caller's time
  /// is written here.
  func setMetadata(title: String, creator: String, date: String) {
    cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_TITLE, title)
    cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR, creator)
    cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATE_DATE, date)
    cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_MOD_DATE, date)
  }

  /// Writes the trailer. Tag errors land on the surface, so its status is checked here.
  func finish() throws(RenderError) {
    cairo_surface_finish(surface)
    let status = cairo_surface_status(surface)
    if status != CAIRO_STATUS_SUCCESS {
      throw .cairo(operation: "cairo_surface_finish", status: Self.describe(status))
    }
  }

  static func describe(_ status: cairo_status_t) -> String {
    guard let text = cairo_status_to_string(status) else { return "status \(status.rawValue)" }
    return String(cString: text)
  }
}

@available(*, unavailable) extension PDFSurface: Sendable {}
