// SPDX-License-Identifier: Apache-2.0
package import RuaCore
package import RuaDocuments
public import RuaRender

/// A PDF in memory, ready for delivery, with what its access_log row records.
public struct MadeDocument: Sendable {
  /// The name access_log rows record: "er-sheet", …, or "binder".
  public let documentName: String
  /// Nil for a whole-circle binder.
  public let patientID: String?
  public let pdf: RenderedPDF
  public let contentVersion: String
  /// For a binder: the care-circle ids of the patients it holds, recorded in the access log.
  public var patients: [String]?

  package init(kind: DocumentKind, patientID: String, pdf: RenderedPDF, contentVersion: String) {
    self.init(
      documentName: kind.documentName, patientID: patientID, pdf: pdf,
      contentVersion: contentVersion)
  }

  public init(
    documentName: String, patientID: String?, pdf: RenderedPDF, contentVersion: String
  ) {
    self.documentName = documentName
    self.patientID = patientID
    self.pdf = pdf
    self.contentVersion = contentVersion
  }
}

/// Describes, paginates and draws one document for one patient (describe → measure/paginate →
/// draw). One maker per thread: it owns a Pango/Cairo renderer.
package final class DocumentMaker {
  package let resources: DocumentResources
  /// The zone of "information as of" and of the printed time (today comes in already local).
  package let zone: DocumentZone
  private let renderer: PDFRenderer

  package init(_ resources: DocumentResources, zone: DocumentZone = .local) throws(PaperError) {
    self.resources = resources
    self.zone = zone
    do { renderer = try PDFRenderer(fontsConf: resources.fontsConf) } catch {
      throw PaperError("\(error)", kind: .unavailable)
    }
  }

  private init(_ resources: DocumentResources, zone: DocumentZone, renderer: PDFRenderer) {
    self.resources = resources
    self.zone = zone
    self.renderer = renderer
  }

  /// A maker for documents in another language that draws with this maker's renderer (same
  /// thread): its fonts are loaded once, and its layouts are kept per template and language.
  package func speaking(_ other: DocumentResources) throws(PaperError) -> DocumentMaker {
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
  package func make(
    _ kind: DocumentKind, patient: Patient, today: CivilDate, now: Instant,
    informationAsOf: Instant?, footerAnchor: String? = nil,
    period: MARPeriod = .oneWeekFromToday
  ) throws(PaperError) -> MadeDocument {
    let (described, template, version) = try describe(
      kind, patient: patient, today: today, now: now, informationAsOf: informationAsOf,
      period: period)
    let document = FooterAnchor.apply(footerAnchor, to: described)
    do {
      let pdf = try renderer.render(
        document, template: template, now: now, creator: ToolVersion.full)
      return MadeDocument(kind: kind, patientID: patient.id, pdf: pdf, contentVersion: version)
    } catch {
      throw PaperError(
        "cannot render the \(kind.documentName) of patient \(patient.id): \(error)",
        kind: .internalFailure)
    }
  }

  /// Draws a binder of many documents with this maker's renderer.
  package func renderBinder(_ sections: [BinderSection], now: Instant) throws(PaperError)
    -> RenderedBinder
  {
    do {
      return try renderer.renderBinder(
        sections, title: "Care circle binder", now: now,
        creator: ToolVersion.full)
    } catch {
      throw PaperError("cannot render the binder: \(error)", kind: .internalFailure)
    }
  }

  /// The benchmark floor: the document's text runs, and those runs drawn with bare Pango/Cairo.
  package func floorPages(_ document: Document, template: Template) throws(RenderError)
    -> [FloorPage]
  {
    try renderer.floorPages(document, template: template)
  }

  package func drawFloor(_ pages: [FloorPage], now: Instant) throws(RenderError) -> RenderedPDF {
    try renderer.drawFloor(pages, now: now)
  }

  package func describe(
    _ kind: DocumentKind, patient: Patient, today: CivilDate, now: Instant,
    informationAsOf: Instant?, period: MARPeriod = .oneWeekFromToday
  ) throws(PaperError) -> (Document, Template, String) {
    do {
      let described = try DocumentRecipe.describe(
        kind, patient: patient, today: today, now: now, informationAsOf: informationAsOf,
        inputs: resources.inputs, offsetSeconds: zone.offsetSeconds(at:), period: period)
      return (described.document, described.template, described.contentVersion)
    } catch {
      throw PaperError(error.description, kind: .internalFailure)
    }
  }
}
