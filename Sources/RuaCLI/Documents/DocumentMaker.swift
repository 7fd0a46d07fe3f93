import RuaCore
import RuaDocuments
import RuaRender

/// A PDF in memory, ready for delivery, with what its access_log row records.
struct MadeDocument: Sendable {
  /// The name access_log rows record: "er-sheet", …, or "binder".
  let documentName: String
  /// Nil for a whole-circle binder.
  let patientID: String?
  let pdf: RenderedPDF
  let contentVersion: String
  /// For a binder: the care-circle ids of the patients it holds, recorded in the access log.
  var patients: [String]?

  init(kind: DocumentKind, patientID: String, pdf: RenderedPDF, contentVersion: String) {
    self.init(
      documentName: kind.documentName, patientID: patientID, pdf: pdf,
      contentVersion: contentVersion)
  }

  init(documentName: String, patientID: String?, pdf: RenderedPDF, contentVersion: String) {
    self.documentName = documentName
    self.patientID = patientID
    self.pdf = pdf
    self.contentVersion = contentVersion
  }
}

/// Describes, paginates and draws one document for one patient (describe → measure/paginate →
/// draw). One maker per thread: it owns a Pango/Cairo renderer.
final class DocumentMaker {
  let resources: DocumentResources
  /// The zone of "information as of" and of the printed time (today comes in already local).
  let zone: DocumentZone
  private let renderer: PDFRenderer

  init(_ resources: DocumentResources, zone: DocumentZone = .local) throws(CLIError) {
    self.resources = resources
    self.zone = zone
    do { renderer = try PDFRenderer(fontsConf: resources.fontsConf) } catch {
      throw CLIError("\(error)", code: .unavailable)
    }
  }

  private init(_ resources: DocumentResources, zone: DocumentZone, renderer: PDFRenderer) {
    self.resources = resources
    self.zone = zone
    self.renderer = renderer
  }

  /// A maker for documents in another language that draws with this maker's renderer (same
  /// thread): its fonts are loaded once, and its layouts are kept per template and language.
  func speaking(_ other: DocumentResources) throws(CLIError) -> DocumentMaker {
    guard other.fontsConf == resources.fontsConf else {
      return try DocumentMaker(other, zone: zone)
    }
    return DocumentMaker(other, zone: zone, renderer: renderer)
  }

  /// - Parameters:
  ///   - today: the local calendar date the runway and ages are counted from.
  ///   - now: the printed time and the PDF dates.
  ///   - informationAsOf: the time of the last change to this patient's record, if known.
  ///   - footerAnchor: the access log's head for the footer (`FooterAnchor`), if any.
  func make(
    _ kind: DocumentKind, patient: Patient, today: CivilDate, now: Instant,
    informationAsOf: Instant?, footerAnchor: String? = nil
  ) throws(CLIError) -> MadeDocument {
    let (described, template, version) = try describe(
      kind, patient: patient, today: today, now: now, informationAsOf: informationAsOf)
    let document = FooterAnchor.apply(footerAnchor, to: described)
    do {
      let pdf = try renderer.render(
        document, template: template, now: now, creator: ToolVersion.full)
      return MadeDocument(kind: kind, patientID: patient.id, pdf: pdf, contentVersion: version)
    } catch {
      throw CLIError(
        "cannot render the \(kind.documentName) of patient \(patient.id): \(error)",
        code: .software)
    }
  }

  /// Draws a binder of many documents with this maker's renderer.
  func renderBinder(_ sections: [BinderSection], now: Instant) throws(CLIError) -> RenderedBinder {
    do {
      return try renderer.renderBinder(
        sections, title: "Care circle binder", now: now,
        creator: ToolVersion.full)
    } catch {
      throw CLIError("cannot render the binder: \(error)", code: .software)
    }
  }

  /// The benchmark floor: the document's text runs, and those runs drawn with bare Pango/Cairo.
  func floorPages(_ document: Document, template: Template) throws(RenderError) -> [FloorPage] {
    try renderer.floorPages(document, template: template)
  }

  func drawFloor(_ pages: [FloorPage], now: Instant) throws(RenderError) -> RenderedPDF {
    try renderer.drawFloor(pages, now: now)
  }

  func describe(
    _ kind: DocumentKind, patient: Patient, today: CivilDate, now: Instant,
    informationAsOf: Instant?
  ) throws(CLIError) -> (Document, Template, String) {
    do {
      let described = try DocumentRecipe.describe(
        kind, patient: patient, today: today, now: now, informationAsOf: informationAsOf,
        inputs: resources.inputs, offsetSeconds: zone.offsetSeconds(at:))
      return (described.document, described.template, described.contentVersion)
    } catch {
      throw CLIError(error.description, code: .software)
    }
  }
}
