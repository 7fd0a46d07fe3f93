// SPDX-License-Identifier: Apache-2.0
internal import CPangoCairo
public import RuaCore
public import RuaDocuments
internal import RuaPDF

/// One text run of a page, at a fixed position, for the benchmark floor.
public struct FloorRun: Sendable {
  public var x: Double
  public var y: Double
  public var width: Double
  public var text: String
}

/// A page of the floor: its size and its text runs.
public struct FloorPage: Sendable {
  public var width: Double
  public var height: Double
  public var runs: [FloorRun]
}

extension PDFRenderer {
  /// The text of a paginated document as fixed runs (plain text, one per text box), so the floor
  /// draws the same words without any of the layout logic.
  public func floorPages(_ document: Document, template: Template) throws(RenderError)
    -> [FloorPage]
  {
    let layout = template.layout
    return try paginate(document, template: template).map { page in
      var runs: [FloorRun] = []
      for item in page.items {
        if case .text(let box) = item {
          runs.append(FloorRun(x: box.x, y: box.y, width: box.width, text: box.text.plainText))
        }
      }
      return FloorPage(width: layout.pageWidth, height: layout.pageHeight, runs: runs)
    }
  }

  /// The floor: bare Pango/Cairo — one plain layout per run in one font, moved to its position
  /// and shown, on a PDF surface in memory. No styles, tags, measuring or pagination.
  public func drawFloor(_ pages: [FloorPage], now: Instant) throws(RenderError) -> RenderedPDF {
    let sink = ByteSink()
    let surface = try PDFSurface(
      sink: sink, width: pages.first?.width ?? 612, height: pages.first?.height ?? 792)
    surface.setMetadata(title: "floor", creator: "floor", date: now.rfc3339)
    let cr = cairo_create(surface.surface)
    defer { cairo_destroy(cr) }
    let font = pango_font_description_from_string("Noto Sans 9")
    defer { pango_font_description_free(font) }
    for page in pages {
      cairo_pdf_surface_set_size(surface.surface, page.width, page.height)
      for run in page.runs {
        let layout = pango_layout_new(fonts.context)
        pango_layout_set_font_description(layout, font)
        pango_layout_set_width(layout, Int32(run.width * Double(PANGO_SCALE)))
        pango_layout_set_text(layout, run.text, -1)
        cairo_move_to(cr, run.x, run.y)
        pango_cairo_show_layout(cr, layout)
        g_object_unref(UnsafeMutableRawPointer(layout))
      }
      cairo_show_page(cr)
    }
    try surface.finish()
    return RenderedPDF(bytes: sink.bytes, pageCount: pages.count)
  }
}
