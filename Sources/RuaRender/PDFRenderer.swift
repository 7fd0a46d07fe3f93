// SPDX-License-Identifier: Apache-2.0
internal import CPangoCairo
public import RuaCore
public import RuaDocuments
internal import RuaPDF

/// A finished PDF, held in memory.
public struct RenderedPDF: Equatable, Sendable {
  public private(set) var bytes: [UInt8]
  public var pageCount: Int
  /// The SHA-256 of `bytes` in lower-case hex, when the finisher hashed them as it wrote them
  /// (`NativePDF`); nil otherwise. Delivery records it instead of hashing the bytes again.
  public let sha256: String?

  public init(bytes: [UInt8], pageCount: Int, sha256: String? = nil) {
    self.bytes = bytes
    self.pageCount = pageCount
    self.sha256 = sha256
  }

  /// The same document: the same bytes and pages, whoever hashed them.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.bytes == rhs.bytes && lhs.pageCount == rhs.pageCount
  }
}

/// Lays out and draws documents to PDF in memory with Pango and Cairo.
///
/// Owns its font map and Pango context: use one renderer per thread (a batch renders in
/// parallel with one renderer per worker).
public final class PDFRenderer {
  /// The font map documents are drawn with first: only the unhinted copies, unless the renderer
  /// was made to use every face.
  let fonts: FontMap
  /// Every face of the pinned file: made on first use, for a document with a character the
  /// copies lack or a template style they do not have (`PDFRenderer+FontWorld.swift`).
  var allFaces: FontMap?
  let fontsConf: String
  /// Whether the last document drawn (or paginated) needed only the copies: what tests read.
  var lastDrawnWithCopiesOnly = false
  /// The layouts of recent documents, one cache per template, language and direction (a batch
  /// alternates the ER sheet, the list and the guide person by person), newest last.
  private var caches: [LayoutCache] = []
  /// Caches kept: the three documents, and one more for a second language.
  static let cachesKept = 4

  /// Loads the pinned fontconfig file (`templates/fonts.conf`) for this renderer's font map.
  public convenience init(fontsConf path: String) throws(RenderError) {
    try self.init(fontsConf: path, pinnedFacesFirst: true)
  }

  /// `pinnedFacesFirst` false draws every document with every face (what the pinned world is
  /// compared with).
  init(fontsConf path: String, pinnedFacesFirst: Bool) throws(RenderError) {
    fontsConf = path
    fonts = try FontMap(fontsConf: path, language: "en", pinnedFacesOnly: pinnedFacesFirst)
  }

  /// The measurer the paginator uses: real Pango layouts with the template's styles. A style
  /// error or missing glyph is kept in `failure` (measuring cannot throw) and thrown after.
  func measurer(template: Template, failure: FailureBox, cache: LayoutCache) -> TextMeasurer {
    TextMeasurer(
      lineHeights: { text, width in
        guard failure.error == nil else { return [10] }
        do throws(RenderError) {
          return try cache.lineHeights(text, width: width)
        } catch {
          failure.error = error
          return [10]
        }
      },
      firstBaseline: { text, width in
        guard failure.error == nil else { return 0 }
        do throws(RenderError) {
          return try cache.layout(text, width: width).lines.first?.baseline ?? 0
        } catch {
          failure.error = error
          return 0
        }
      },
      lineWidth: { text, width in
        guard failure.error == nil else { return nil }
        do throws(RenderError) {
          return try cache.oneLine(text, width: width)
        } catch {
          failure.error = error
          return nil
        }
      })
  }

  /// Splits `document` into pages with real text measurement.
  public func paginate(_ document: Document, template: Template) throws(RenderError) -> [Page] {
    try withFonts(for: template) { (fonts) throws(RenderError) in
      try laidOut(document, template: template, fonts: fonts).pages
    }
  }

  /// The cache for a document: the one that serves its template, language and direction, else
  /// a new one (the least recently used goes when there are `cachesKept`).
  func layoutCache(for document: Document, _ template: Template, fonts: FontMap) -> LayoutCache {
    if let index = caches.firstIndex(where: {
      $0.context == fonts.context && $0.serves(document, template)
    }) {
      let cache = caches.remove(at: index)
      caches.append(cache)
      cache.trim()
      return cache
    }
    let fresh = LayoutCache(
      context: fonts.context, template: template, language: document.language,
      direction: document.direction)
    if caches.count >= Self.cachesKept { caches.removeFirst() }
    caches.append(fresh)
    return fresh
  }

  /// A document laid out: its pages, and the template and layouts to draw them with (the
  /// template's line pitch tightened when that absorbed a short last page).
  struct LaidOut {
    var pages: [Page]
    var template: Template
    var cache: LayoutCache
  }

  /// Paginates keeping the measured layouts for the painter. A tighter line pitch is a
  /// template of its own (its layouts are measured at that pitch), made only when the paginator
  /// asks for it.
  func laidOut(_ document: Document, template: Template, fonts: FontMap) throws(RenderError)
    -> LaidOut
  {
    pango_context_set_language(fonts.context, pango_language_from_string(document.language))
    // The base direction of every paragraph: Arabic pages run right to left.
    pango_context_set_base_dir(
      fonts.context,
      document.direction.isRightToLeft ? PANGO_DIRECTION_RTL : PANGO_DIRECTION_LTR)
    let failure = FailureBox()
    let cache = layoutCache(for: document, template, fonts: fonts)
    // By line pitch and type size: what the measurer depends on.
    var tightened: [[Double]: (Template, LayoutCache)] = [[1, 1]: (template, cache)]
    let pagination = RuaDocuments.paginate(document, layout: template.layout) { step in
      let key = [step.leading, step.sizes]
      if let (tight, known) = tightened[key] {
        return measurer(template: tight, failure: failure, cache: known)
      }
      var tight = template.scaled(sizes: step.sizes)
      tight.lineHeight = template.lineHeight * step.leading
      let fresh = LayoutCache(
        context: fonts.context, template: tight, language: document.language,
        direction: document.direction)
      tightened[key] = (tight, fresh)
      return measurer(template: tight, failure: failure, cache: fresh)
    }
    if let error = failure.error { throw error }
    let chosen =
      tightened[[pagination.tightening.leading, pagination.tightening.sizes]] ?? (template, cache)
    return LaidOut(pages: pagination.pages, template: chosen.0, cache: chosen.1)
  }

  /// Renders `document` to PDF bytes. `now` becomes the PDF creation
  /// and modification dates, so the same inputs give the same bytes; `creator` is written as
  /// the PDF Creator (e.g. "rua-paper 0.1.0").
  public func render(_ document: Document, template: Template, now: Instant, creator: String)
    throws(RenderError) -> RenderedPDF
  {
    let drawn = try draw(document, template: template, now: now, creator: creator)
    return try drawn.rendered()
  }

  /// Draws `document` with cairo in the font world its text needs (`withFonts`), not yet
  /// finished by the post-pass.
  func draw(_ document: Document, template: Template, now: Instant, creator: String)
    throws(RenderError) -> DrawnPDF
  {
    try withFonts(for: template) { (fonts) throws(RenderError) in
      try draw(document, template: template, now: now, creator: creator, fonts: fonts)
    }
  }

  private func draw(
    _ document: Document, template: Template, now: Instant, creator: String, fonts: FontMap
  ) throws(RenderError) -> DrawnPDF {
    let laid = try laidOut(document, template: template, fonts: fonts)
    let pages = laid.pages
    let sink = ByteSink()
    let surface = try PDFSurface(
      sink: sink, width: template.layout.pageWidth, height: template.layout.pageHeight)
    surface.setMetadata(title: document.title, creator: creator, date: now.rfc3339)
    let painter = try Painter(surface: surface, template: laid.template, layouts: laid.cache)
    var marks: [PageMarks] = []
    for page in pages {
      marks.append(try painter.draw(page))
    }
    try surface.finish()
    let facts = PDFFacts(
      title: document.title, language: PDFFacts.languageTag(document.language), creator: creator,
      date: now.rfc3339)
    return DrawnPDF(bytes: sink.bytes, facts: facts, marks: marks, pageCount: pages.count)
  }
}

/// What cairo wrote and what the post-pass needs to finish it.
struct DrawnPDF {
  var bytes: [UInt8]
  var facts: PDFFacts
  var marks: [PageMarks]
  var pageCount: Int

  func finished(using backend: PDFPostPass.Backend = .automatic) throws(RenderError) -> [UInt8] {
    try PDFPostPass.finish(bytes, facts, marks: marks, using: backend)
  }

  /// Finished, with the digest the finisher made of its bytes.
  func rendered() throws(RenderError) -> RenderedPDF {
    let finished = try PDFPostPass.finished(bytes, facts, marks: marks)
    return RenderedPDF(bytes: finished.bytes, pageCount: pageCount, sha256: finished.sha256)
  }
}

@available(*, unavailable) extension PDFRenderer: Sendable {}

/// Holds the first error the measurer met.
final class FailureBox {
  var error: RenderError?
}
