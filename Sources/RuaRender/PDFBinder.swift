internal import CPangoCairo
import RuaCore
import RuaDocuments

/// One document in a binder: its bookmark title, the document and the template it is set with.
public struct BinderDocument: Sendable {
  public var title: String
  public var document: Document
  public var template: Template

  public init(title: String, document: Document, template: Template) {
    self.title = title
    self.document = document
    self.template = template
  }
}

/// One bookmark with its documents beneath it (in a care-circle binder: one patient).
public struct BinderSection: Sendable {
  public var title: String
  public var documents: [BinderDocument]

  public init(title: String, documents: [BinderDocument]) {
    self.title = title
    self.documents = documents
  }
}

/// A binder as drawn: the PDF and the outline entries it holds, in order.
public struct RenderedBinder: Sendable {
  public var pdf: RenderedPDF
  /// (level, title, first page), level 1 for a section and 2 for a document.
  public var outline: [(level: Int, title: String, page: Int)]
}

extension PDFRenderer {
  /// Draws every document of every section onto one PDF surface, each page set at its own
  /// template's size, with a bookmark per section and per document (`cairo_pdf_surface_add_outline`).
  /// The pages are exactly those `render` draws for each document alone.
  public func renderBinder(
    _ sections: [BinderSection], title: String, now: Instant, creator: String
  ) throws(RenderError) -> RenderedBinder {
    let sink = ByteSink()
    let first = sections.first { !$0.documents.isEmpty }?.documents.first?.template.layout
    let surface = try PDFSurface(
      sink: sink, width: first?.pageWidth ?? 612, height: first?.pageHeight ?? 792)
    surface.setMetadata(title: title, creator: creator, date: now.rfc3339)
    var pageCount = 0
    var outline: [(level: Int, title: String, page: Int)] = []
    for section in sections where !section.documents.isEmpty {
      let sectionID = cairo_pdf_surface_add_outline(
        surface.surface, Int32(CAIRO_PDF_OUTLINE_ROOT), section.title, "page=\(pageCount + 1)",
        CAIRO_PDF_OUTLINE_FLAG_OPEN)
      outline.append((1, section.title, pageCount + 1))
      for item in section.documents {
        let cache = LayoutCache(context: fonts.context, template: item.template)
        let pages = try paginate(item.document, template: item.template, cache: cache)
        let layout = item.template.layout
        cairo_pdf_surface_set_size(surface.surface, layout.pageWidth, layout.pageHeight)
        _ = cairo_pdf_surface_add_outline(
          surface.surface, sectionID, item.title, "page=\(pageCount + 1)",
          cairo_pdf_outline_flags_t(rawValue: 0))
        outline.append((2, item.title, pageCount + 1))
        let painter = try Painter(surface: surface, template: item.template, layouts: cache)
        for page in pages { try painter.draw(page) }
        pageCount += pages.count
      }
    }
    try surface.finish()
    var bytes = sink.bytes
    Self.fixRootOutlineCount(&bytes)
    return RenderedBinder(pdf: RenderedPDF(bytes: bytes, pageCount: pageCount), outline: outline)
  }

  /// cairo 1.16 writes the root outline's /Count negative (`/Count -12`); the PDF reference says
  /// the root's count is the number of visible items, never negative. Readers (poppler) cope,
  /// but the fix is a same-length edit (`/Count 12 `), so no xref offset moves.
  static func fixRootOutlineCount(_ bytes: inout [UInt8]) {
    let marker = Array("/Type /Outlines".utf8)
    let count = Array("/Count -".utf8)
    guard let start = find(marker, in: bytes, from: 0) else { return }
    guard let at = find(count, in: bytes, from: start), at - start < 200 else { return }
    var index = at + count.count - 1  // the '-'
    while index + 1 < bytes.count, (48...57).contains(bytes[index + 1]) {
      bytes[index] = bytes[index + 1]
      index += 1
    }
    bytes[index] = 32  // a space where the last digit was
  }

  private static func find(_ needle: [UInt8], in bytes: [UInt8], from: Int) -> Int? {
    guard needle.count <= bytes.count else { return nil }
    var index = from
    while index + needle.count <= bytes.count {
      if bytes[index] == needle[0], Array(bytes[index..<(index + needle.count)]) == needle {
        return index
      }
      index += 1
    }
    return nil
  }
}
