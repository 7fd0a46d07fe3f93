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
  private let renderer: PDFRenderer

  init(_ resources: DocumentResources) throws(CLIError) {
    self.resources = resources
    do { renderer = try PDFRenderer(fontsConf: resources.fontsConf) } catch {
      throw CLIError("\(error)", code: .unavailable)
    }
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
        document, template: template, now: now.secondsSinceEpoch, creator: ToolVersion.full)
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
        sections, title: "Care circle binder", now: now.secondsSinceEpoch,
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
    try renderer.drawFloor(pages, now: now.secondsSinceEpoch)
  }

  func describe(
    _ kind: DocumentKind, patient: Patient, today: CivilDate, now: Instant,
    informationAsOf: Instant?
  ) throws(CLIError) -> (Document, Template, String) {
    let r = resources
    let table = r.drugClasses
    let pending = !table.isReviewed
    let printedAt = now.printedUTC
    let tableVersion = "drug classes \(table.contentVersion)"
    guard let template = r.templates[kind] else {
      throw CLIError("the \(kind.documentName) template was not loaded", code: .software)
    }
    switch kind {
    case .er:
      let facts = ERFacts.derive(patient: patient, table: table, today: today)
      let asOf = informationAsOf.map { r.labels.format(date: $0.utcDate) }
      let document = ERSheet.build(
        patient: patient, facts: facts, today: today, informationAsOf: asOf,
        printedAt: printedAt, labels: r.labels, template: template,
        contentVersion: tableVersion, pendingReview: pending)
      return (document, template, tableVersion)
    case .meds:
      let document = MedicationList.build(
        patient: patient, table: table, today: today, printedAt: printedAt, labels: r.labels,
        template: template, contentVersion: tableVersion, pendingReview: pending)
      return (document, template, tableVersion)
    case .falls:
      let facts = ERFacts.derive(patient: patient, table: table, today: today)
      guard let content = r.fallContent else {
        throw CLIError("the fall-guide content was not loaded", code: .software)
      }
      let version = "falls \(content.contentVersion) · \(tableVersion)"
      let document = FallGuide.build(
        patient: patient, facts: facts, content: content,
        today: today, printedAt: printedAt, labels: r.labels, template: template,
        contentVersion: version, pendingReview: pending)
      return (document, template, version)
    }
  }
}
