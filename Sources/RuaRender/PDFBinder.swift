// SPDX-License-Identifier: Apache-2.0
internal import CPangoCairo
public import RuaCore
public import RuaDocuments
internal import RuaPDF

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
  /// template's size, with a bookmark per section and per document (`cairo_pdf_surface_add_outline`), finished
  /// by the post-pass (which also corrects the outline count cairo writes).
  /// The pages are exactly those `render` draws for each document alone.
  public func renderBinder(
    _ sections: [BinderSection], title: String, now: Instant, creator: String
  ) throws(RenderError) -> RenderedBinder {
    let (drawn, outline) = try drawBinder(sections, title: title, now: now, creator: creator)
    return RenderedBinder(
      pdf: try drawn.rendered(), outline: outline)
  }

  /// Draws the binder with cairo, not yet finished by the post-pass.
  func drawBinder(
    _ sections: [BinderSection], title: String, now: Instant, creator: String
  ) throws(RenderError) -> (DrawnPDF, [(level: Int, title: String, page: Int)]) {
    do {
      return try drawBinder(sections, title: title, now: now, creator: creator, copiesFirst: true)
    } catch .missingGlyphs {
      // Each document is measured with the faces that draw it (`withFonts`); this is a text
      // only the painter shapes, with a character the copies lack: every face, for all of it.
      return try drawBinder(
        sections, title: title, now: now, creator: creator, copiesFirst: false)
    } catch {
      throw error
    }
  }

  private func drawBinder(
    _ sections: [BinderSection], title: String, now: Instant, creator: String, copiesFirst: Bool
  ) throws(RenderError) -> (DrawnPDF, [(level: Int, title: String, page: Int)]) {
    let sink = ByteSink()
    let firstDocument = sections.first { !$0.documents.isEmpty }?.documents.first
    let first = firstDocument?.template.layout
    let surface = try PDFSurface(
      sink: sink, width: first?.pageWidth ?? 612, height: first?.pageHeight ?? 792)
    surface.setMetadata(title: title, creator: creator, date: now.rfc3339)
    var pageCount = 0
    var marks: [PageMarks] = []
    var outline: [(level: Int, title: String, page: Int)] = []
    for section in sections where !section.documents.isEmpty {
      let sectionID = cairo_pdf_surface_add_outline(
        surface.surface, Int32(CAIRO_PDF_OUTLINE_ROOT), section.title, "page=\(pageCount + 1)",
        CAIRO_PDF_OUTLINE_FLAG_OPEN)
      outline.append((1, section.title, pageCount + 1))
      for item in section.documents {
        let laid =
          copiesFirst
          ? try withFonts(for: item.template) { (fonts) throws(RenderError) in
            try laidOut(item.document, template: item.template, fonts: fonts)
          }
          : try laidOut(item.document, template: item.template, fonts: try everyFace())
        let pages = laid.pages
        let layout = item.template.layout
        cairo_pdf_surface_set_size(surface.surface, layout.pageWidth, layout.pageHeight)
        _ = cairo_pdf_surface_add_outline(
          surface.surface, sectionID, item.title, "page=\(pageCount + 1)",
          cairo_pdf_outline_flags_t(rawValue: 0))
        outline.append((2, item.title, pageCount + 1))
        let painter = try Painter(surface: surface, template: laid.template, layouts: laid.cache)
        for page in pages { marks.append(try painter.draw(page)) }
        pageCount += pages.count
      }
    }
    try surface.finish()
    let facts = PDFFacts(
      title: title, language: PDFFacts.languageTag(firstDocument?.document.language ?? "en"),
      creator: creator, date: now.rfc3339)
    return (DrawnPDF(bytes: sink.bytes, facts: facts, marks: marks, pageCount: pageCount), outline)
  }
}
