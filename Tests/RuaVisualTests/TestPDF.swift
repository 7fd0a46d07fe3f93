import CPangoCairo

/// Builds small PDFs with cairo for the tests: rectangles and one font, pinned creation date.
struct TestPDF {
  struct Box {
    var x: Double
    var y: Double
    var width: Double
    var height: Double
  }

  struct Line {
    var x: Double
    var y: Double
    var text: String
  }

  struct Page {
    var boxes: [Box] = []
    var lines: [Line] = []
  }

  var pages: [Page]
  var width = 595.0
  var height = 842.0
  var creationDate = "2024-01-01T00:00:00Z"

  /// Three pages: a heading, a box that the variants move, and a line of text.
  static let base = TestPDF(pages: [
    Page(
      boxes: [Box(x: 72, y: 72, width: 200, height: 30)],
      lines: [Line(x: 72, y: 140, text: "Medication list for a fictional person")]),
    Page(
      boxes: [Box(x: 100, y: 200, width: 150, height: 80)],
      lines: [Line(x: 72, y: 400, text: "Take with food")]),
    Page(lines: [
      Line(x: 72, y: 100, text: "Fall guide"), Line(x: 72, y: 130, text: "Keep the hallway lit"),
    ]),
  ])

  /// The base with page 2's box moved 10 pt to the right.
  static var moved: TestPDF {
    var pdf = base
    pdf.pages[1].boxes[0].x = 110
    return pdf
  }

  /// The base with one word changed on page 3.
  static var reworded: TestPDF {
    var pdf = base
    pdf.pages[2].lines[1].text = "Keep the stairway lit"
    return pdf
  }

  /// The base with a fourth page.
  static var longer: TestPDF {
    var pdf = base
    pdf.pages.append(Page(lines: [Line(x: 72, y: 100, text: "Notes")]))
    return pdf
  }

  func bytes() -> [UInt8] {
    let (surface, sink) = Self.streamSurface(width: width, height: height)
    cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATE_DATE, creationDate)
    let cr = cairo_create(surface)
    for page in pages {
      cairo_set_source_rgb(cr, 0.1, 0.3, 0.8)
      for box in page.boxes {
        cairo_rectangle(cr, box.x, box.y, box.width, box.height)
        cairo_fill(cr)
      }
      cairo_set_source_rgb(cr, 0, 0, 0)
      cairo_select_font_face(cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
      cairo_set_font_size(cr, 14)
      for line in page.lines {
        cairo_move_to(cr, line.x, line.y)
        cairo_show_text(cr, line.text)
      }
      cairo_show_page(cr)
    }
    cairo_destroy(cr)
    cairo_surface_finish(surface)
    precondition(cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, "test PDF")
    cairo_surface_destroy(surface)
    return sink.bytes
  }

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
