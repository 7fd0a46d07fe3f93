// SPDX-License-Identifier: Apache-2.0
import Foundation
import RuaCore
import RuaDocuments
import RuaRender
import RuaTestSupport

/// Builds and renders the medication list and the fall guide from the shipped templates,
/// drug-class table and guide content, as the `meds` and `falls` commands will.
enum DocumentFixture {
  static let today = SamplePatients.today

  static func template(_ file: String, paper: Paper = .letter) throws -> Template {
    try Template.parse(RenderFixture.text(file), file: "templates/\(file)").with(paper: paper)
  }

  static var drugClasses: DrugClassTable {
    get throws {
      try DrugClassTable.parse(JSONParser.parse(RenderFixture.text("drug-classes.json")))
    }
  }

  static func content(_ language: String) throws -> ContentFile {
    let bytes = Array(try RenderFixture.text("content/falls.\(language).json").utf8)
    return try ContentFile.parse(path: "content/falls.\(language).json", bytes: bytes)
  }

  /// The fictional care circle in `samples/care-circle.json`.
  static func sample() throws -> [Patient] {
    try CareCircleDecoder.decode(SampleCircles.shipped(), today: today).patients
  }

  static func medicationList(
    _ patient: Patient, language: String = "en", paper: Paper = .letter, today: CivilDate = today,
    large: Bool = false
  ) throws -> (Document, Template) {
    let plain = try template("medication-list.json", paper: paper)
    let template = large ? plain.largePrint() : plain
    let table = try drugClasses
    let document = MedicationList.build(
      patient: patient, table: table, today: today, printedAt: "2026-11-29 12:00",
      labels: try RenderFixture.labels(language), template: template,
      contentVersion: table.contentVersion, pendingReview: !table.isReviewed)
    return (document, template)
  }

  static func fallGuide(
    _ patient: Patient, language: String = "en", paper: Paper = .letter, today: CivilDate = today,
    large: Bool = false
  ) throws -> (Document, Template) {
    let plain = try template("fall-guide.json", paper: paper)
    let template = large ? plain.largePrint() : plain
    let table = try drugClasses
    let content = try content(language)
    let document = FallGuide.build(
      patient: patient, facts: ERFacts.derive(patient: patient, table: table, today: today),
      content: content, today: today, printedAt: "2026-11-29 12:00",
      labels: try RenderFixture.labels(language), template: template,
      contentVersion: "falls \(content.contentVersion) · drug classes \(table.contentVersion)",
      pendingReview: !table.isReviewed)
    return (document, template)
  }

  static func render(_ built: (Document, Template)) throws -> RenderedPDF {
    let renderer = try PDFRenderer(fontsConf: RenderFixture.fontsConf)
    return try renderer.render(
      built.0, template: built.1, now: RenderFixture.now, creator: "rua-paper test")
  }

  /// Text of the PDF (or one page), whitespace collapsed so wrapped phrases still match.
  static func text(_ pdf: RenderedPDF, page: Int? = nil) throws -> String {
    let range = page.map { ["-f", String($0), "-l", String($0)] } ?? []
    let raw = try RenderFixture.poppler(
      "pdftotext", ["-raw", "-enc", "UTF-8"] + range, pdf: pdf.bytes)
    return raw.split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }
}

extension DocumentFixture {
  /// The wallet card as `rua-paper card` builds it: from the ER facts.
  static func walletCard(
    _ patient: Patient, language: String = "en", paper: Paper = .letter,
    table: DrugClassTable? = nil
  ) throws -> (Document, Template) {
    let template = try template("wallet-card.json", paper: paper)
    let table = try table ?? drugClasses
    let document = WalletCard.build(
      patient: patient, facts: ERFacts.derive(patient: patient, table: table, today: today),
      today: today, printedAt: "2026-11-29 12:00", labels: try RenderFixture.labels(language),
      template: template, contentVersion: "drug classes \(table.contentVersion)",
      pendingReview: !table.isReviewed)
    return (document, template)
  }

  /// The administration record for the week starting `start`, as `rua-paper mar` builds it.
  static func administrationRecord(
    _ patient: Patient, language: String = "en", paper: Paper = .letter,
    start: CivilDate = today, large: Bool = false, table: DrugClassTable? = nil
  ) throws -> (Document, Template) {
    let plain = try template("administration-record.json", paper: paper)
    let template = large ? plain.largePrint() : plain
    let table = try table ?? drugClasses
    let document = AdministrationRecord.build(
      patient: patient, facts: ERFacts.derive(patient: patient, table: table, today: start),
      start: start, today: start, printedAt: "2026-11-29 12:00",
      labels: try RenderFixture.labels(language), template: template,
      contentVersion: "drug classes \(table.contentVersion)", pendingReview: !table.isReviewed)
    return (document, template)
  }

  /// `pdfinfo -box` page sizes in points, page by page ("242.646 x 153.014").
  static func pageSizes(_ pdf: RenderedPDF) throws -> [String] {
    let info = try RenderFixture.poppler(
      "pdfinfo", ["-f", "1", "-l", String(pdf.pageCount)], pdf: pdf.bytes)
    return info.split(separator: "\n").compactMap { line in
      guard line.hasPrefix("Page"), line.contains(" size:") else { return nil }
      let value = line.split(separator: ":", maxSplits: 1)[1]
      return value.trimmingCharacters(in: .whitespaces).components(separatedBy: " pts")[0]
    }
  }
}
