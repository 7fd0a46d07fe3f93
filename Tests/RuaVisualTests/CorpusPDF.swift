// SPDX-License-Identifier: Apache-2.0
import CPangoCairo

/// The documents of the change corpus (issue 31), made with cairo in the test: a heading, lines
/// of text, a table with rules, a filled box and a running footer "Page N of M" on every page,
/// each part with its own colour, and the whole drawing displaceable by a fraction of a point.
/// Every page has words of its own, as real pages do.
struct CorpusPDF {
  enum Shape: Equatable {
    case text(String, size: Double, bold: Bool)
    case box(width: Double, height: Double)
    case rule(width: Double)
  }

  struct Item: Equatable {
    var x: Double
    var y: Double
    var shape: Shape
    /// 0xRRGGBB.
    var colour: UInt32
  }

  var pages: [[Item]]
  var footer = true
  /// Everything drawn moved by this (points, x right, y down).
  var dx = 0.0
  var dy = 0.0

  static let darkBlue: UInt32 = 0x1F3A93
  static let darkRed: UInt32 = 0x8B1A1A
  static let black: UInt32 = 0x000000
  static let lightBlue: UInt32 = 0xC8DCF0

  /// A page of its own words: section `number`.
  static func page(_ number: Int) -> [Item] {
    let names = [
      "Amlodipine", "Warfarin", "Metformin", "Lisinopril", "Atorvastatin", "Levothyroxine",
      "Omeprazole", "Sertraline", "Furosemide", "Gabapentin", "Donepezil", "Tamsulosin",
      "Prednisone", "Allopurinol", "Citalopram", "Bisoprolol", "Ramipril", "Simvastatin",
      "Losartan", "Apixaban", "Digoxin", "Clopidogrel", "Pantoprazole", "Mirtazapine",
      "Memantine", "Carvedilol", "Spironolactone", "Trazodone", "Finasteride", "Colchicine",
    ]
    let times = ["morning", "noon", "evening", "bedtime", "with breakfast", "after lunch"]
    let topics = ["Heart", "Blood", "Sleep", "Mood", "Joints", "Stomach", "Memory", "Kidneys"]
    var items = [
      Item(
        x: 72, y: 80,
        shape: .text("\(topics[number % topics.count]) medicines", size: 20, bold: true),
        colour: darkBlue),
      Item(x: 72, y: 100, shape: .rule(width: 451), colour: black),
      Item(x: 380, y: 120, shape: .box(width: 140, height: 50), colour: lightBlue),
    ]
    for row in 0..<6 {
      let name = names[(number * 6 + row) % names.count]
      let dose = Double((number * 7 + row * 3) % 20 + 1) * 2.5
      let y = 140 + Double(row) * 24
      items.append(
        Item(
          x: 72, y: y,
          shape: .text(
            "\(name) \(dose) mg \(times[(number + row) % times.count])", size: 12, bold: false),
          colour: black))
      items.append(Item(x: 72, y: y + 6, shape: .rule(width: 280), colour: 0x808080))
    }
    items.append(
      Item(
        x: 72, y: 300,
        shape: .text(
          "Section \(number + 1) notes for \(names[(number * 5 + 3) % names.count])", size: 12,
          bold: false),
        colour: black))
    return items
  }

  /// `count` pages, sections 0 to count − 1.
  static func document(_ count: Int) -> CorpusPDF {
    CorpusPDF(pages: (0..<count).map(page))
  }

  func bytes() -> [UInt8] {
    let (surface, sink) = CairoPDFSink.streamSurface(width: 595, height: 842)
    cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATE_DATE, "2026-11-01T09:00:00Z")
    let cr = cairo_create(surface)
    for (index, page) in pages.enumerated() {
      cairo_save(cr)
      cairo_translate(cr, dx, dy)
      for item in page { draw(cr, item) }
      if footer {
        draw(
          cr,
          Item(
            x: 72, y: 800,
            shape: .text("Page \(index + 1) of \(pages.count)", size: 9, bold: false),
            colour: 0x404040))
      }
      cairo_restore(cr)
      cairo_show_page(cr)
    }
    cairo_destroy(cr)
    cairo_surface_finish(surface)
    precondition(cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, "corpus PDF")
    cairo_surface_destroy(surface)
    return sink.bytes
  }

  /// DejaVu Sans by its file: a toy font name ("DejaVu Sans") is resolved through fontconfig's
  /// current config, which is whichever a renderer of the same test process made current last
  /// (the pinned copies have no DejaVu, so the corpus would change with the tests run before).
  nonisolated(unsafe) static let dejaVu = face("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
  nonisolated(unsafe) static let dejaVuBold = face(
    "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf")

  private static func face(_ file: String) -> OpaquePointer? {
    guard let pattern = FcPatternCreate() else { return nil }
    defer { FcPatternDestroy(pattern) }
    _ = file.withCString {
      FcPatternAddString(
        pattern, FC_FILE, UnsafeRawPointer($0).assumingMemoryBound(to: FcChar8.self))
    }
    _ = FcPatternAddInteger(pattern, FC_INDEX, 0)
    return cairo_ft_font_face_create_for_pattern(pattern)
  }

  private func draw(_ cr: OpaquePointer?, _ item: Item) {
    cairo_set_source_rgb(
      cr, Double(item.colour >> 16 & 0xFF) / 255, Double(item.colour >> 8 & 0xFF) / 255,
      Double(item.colour & 0xFF) / 255)
    switch item.shape {
    case .text(let text, let size, let bold):
      cairo_set_font_face(cr, bold ? Self.dejaVuBold : Self.dejaVu)
      cairo_set_font_size(cr, size)
      cairo_move_to(cr, item.x, item.y)
      cairo_show_text(cr, text)
    case .box(let width, let height):
      cairo_rectangle(cr, item.x, item.y, width, height)
      cairo_fill(cr)
    case .rule(let width):
      cairo_set_line_width(cr, 0.75)
      cairo_move_to(cr, item.x, item.y)
      cairo_line_to(cr, item.x + width, item.y)
      cairo_stroke(cr)
    }
  }
}
