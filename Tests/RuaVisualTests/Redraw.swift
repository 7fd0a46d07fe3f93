// SPDX-License-Identifier: Apache-2.0
import CPangoCairo
import CPopplerGLib
import RuaTestSupport

@testable import RuaVisual

/// Variants of real rua-paper PDFs for the comparison tests, made with poppler and cairo only:
/// chosen pages of existing PDFs drawn (as vectors) onto a new cairo PDF surface, optionally
/// displaced by a fraction of a point and with another title. Cairo writes no tag tree here,
/// so a redrawn copy is also an untagged copy.
enum Redraw {
  struct Source {
    let document: PDFDocument
    let page: Int
  }

  static func pdf(
    _ pages: [Source], dx: Double = 0, dy: Double = 0, title: String = "Emergency information sheet"
  ) throws -> [UInt8] {
    let first = try pages[0].document.pageSize(pages[0].page)
    let (surface, sink) = CairoPDFSink.streamSurface(width: first.width, height: first.height)
    cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATE_DATE, "2026-11-01T09:00:00Z")
    cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_TITLE, title)
    let cr = cairo_create(surface)
    for source in pages {
      let size = try source.document.pageSize(source.page)
      cairo_pdf_surface_set_size(surface, size.width, size.height)
      cairo_save(cr)
      cairo_translate(cr, dx, dy)
      // As for printing, like the comparison's own rendering: poppler's on-screen stroke
      // adjustment would snap thin rules to whole device units (points on a PDF surface), so a
      // shifted copy would move each rule end by 0 or 1 pt instead of the shift.
      try source.document.withPage(source.page) { pointer in
        PopplerLock.run { poppler_page_render_for_printing(pointer, cr) }
      }
      cairo_restore(cr)
      cairo_show_page(cr)
    }
    cairo_destroy(cr)
    cairo_surface_finish(surface)
    precondition(cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, "redrawn PDF")
    cairo_surface_destroy(surface)
    return sink.bytes
  }

  /// Every page of `document`, in order.
  static func all(_ document: PDFDocument) -> [Source] {
    (1...document.pageCount).map { Source(document: document, page: $0) }
  }

  /// A golden PDF of the package's own snapshot suite (real rua-paper output).
  static func golden(_ path: String) throws -> PDFDocument {
    try PDFDocument(path: PackageRoot.golden + "/" + path)
  }
}
