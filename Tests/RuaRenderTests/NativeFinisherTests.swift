// SPDX-License-Identifier: Apache-2.0
import Foundation
import RuaCore
import RuaDocuments
import RuaPDF
import RuaTestSupport
import RuaVisual
import Testing

@testable import RuaRender

/// The render path finishes cairo's output with `NativePDF`, not libqpdf. Both make the same
/// edits (`PDFPostPass` is written once over `PDFObjectEditing`), so finishing the same cairo
/// bytes with each must give the same document: the same catalog, Info, XMP, structure tree,
/// parent tree, resources and decoded page content, the same page text and the same pixels.
/// Only the file's layout differs (object numbers, the object stream, the `/ID`): that is why
/// the goldens' bytes changed when the render path moved to `NativePDF`.
@Suite("native finisher")
struct NativeFinisherTests {
  /// A document to draw: its name, and how to build it.
  struct Case: CustomTestStringConvertible, Sendable {
    var name: String
    var index: Int
    var kind: String
    var language: String
    var testDescription: String { "\(name) \(kind) \(language)" }
  }

  static let kinds = ["er", "meds", "falls", "card", "mar"]
  static let languages = ["en", "es", "ar", "zh-Hans", "ru", "vi", "ko", "ht", "tl"]

  /// Every sample person × every kind, the language turning with each.
  static let cases: [Case] = {
    let people = (try? DocumentFixture.sample()) ?? []
    return people.enumerated().flatMap { index, person in
      kinds.enumerated().map { offset, kind in
        Case(
          name: person.fullName, index: index, kind: kind,
          language: languages[(index + offset) % languages.count])
      }
    }
  }()

  static func built(_ item: Case) throws -> (Document, Template) {
    let patient = try DocumentFixture.sample()[item.index]
    switch item.kind {
    case "er": return try RenderFixture.sheet(patient, language: item.language)
    case "meds": return try DocumentFixture.medicationList(patient, language: item.language)
    case "falls": return try DocumentFixture.fallGuide(patient, language: item.language)
    case "card": return try DocumentFixture.walletCard(patient, language: item.language)
    default: return try DocumentFixture.administrationRecord(patient, language: item.language)
    }
  }

  static func drawn(_ built: (Document, Template)) throws -> DrawnPDF {
    let renderer = try PDFRenderer(fontsConf: RenderFixture.fontsConf)
    return try renderer.draw(
      built.0, template: built.1, now: RenderFixture.now, creator: "rua-paper test")
  }

  @Test(arguments: cases)
  func sampleDocumentsFinishAsLibqpdfFinishesThem(_ item: Case) throws {
    try Self.expectSame(Self.drawn(Self.built(item)))
  }

  @Test(arguments: ["ar", "zh-Hans"])
  func bilingualSheetsFinishAsLibqpdfFinishesThem(_ first: String) throws {
    let template = try RenderFixture.template()
    let patient = SamplePatients.typical
    let table = SamplePatients.drugClasses
    let labels = try RenderFixture.labels(first).bilingual(RenderFixture.labels("en"))
    let document = ERSheet.build(
      patient: patient,
      facts: ERFacts.derive(patient: patient, table: table, today: SamplePatients.today),
      today: SamplePatients.today, informationAsOf: labels.format(date: day(2026, 11, 1)),
      printedAt: "2026-11-29 12:00", labels: labels, template: template,
      contentVersion: String(table.contentVersion), pendingReview: true)
    try Self.expectSame(Self.drawn((document, template)))
  }

  @Test(arguments: ["typical", "crowded", "adversarial", "large"])
  func hardRecordsFinishAsLibqpdfFinishesThem(_ name: String) throws {
    let patient =
      switch name {
      case "typical": SamplePatients.typical
      case "crowded": SamplePatients.crowded
      case "adversarial": SamplePatients.adversarial
      default: SamplePatients.large
      }
    try Self.expectSame(Self.drawn(RenderFixture.sheet(patient, language: "ar")))
  }

  @Test func aBinderFinishesAsLibqpdfFinishesIt() throws {
    let people = try DocumentFixture.sample().prefix(3)
    let sections = try people.map { patient in
      let er = try RenderFixture.sheet(patient)
      let meds = try DocumentFixture.medicationList(patient, paper: .a4)
      return BinderSection(
        title: patient.fullName,
        documents: [
          BinderDocument(title: "ER sheet", document: er.0, template: er.1),
          BinderDocument(title: "Medication list", document: meds.0, template: meds.1),
        ])
    }
    let renderer = try PDFRenderer(fontsConf: RenderFixture.fontsConf)
    let (drawn, _) = try renderer.drawBinder(
      sections, title: "Binder", now: RenderFixture.now, creator: "rua-paper test")
    try Self.expectSame(drawn)
  }

  /// Finishes `drawn` with both, then compares everything a reader sees.
  static func expectSame(_ drawn: DrawnPDF) throws {
    let native = try drawn.finished(using: .native)
    let qpdf = try drawn.finished(using: .qpdf)
    #expect(try drawn.finished(using: .native) == native, "the same input gives the same bytes")
    #expect(try drawn.finished() == native, "the render path uses NativePDF")
    // The digest the writer made while writing the `/ID` is the whole file's, as coreutils
    // hashes it (delivery records it instead of hashing again); libqpdf's output has none.
    let rendered = try drawn.rendered()
    #expect(rendered.bytes == native)
    let coreutils = try RenderFixture.poppler("sha256sum", [], pdf: native)
    #expect(rendered.sha256 != nil)
    #expect(coreutils.hasPrefix((rendered.sha256 ?? "") + " "), "\(coreutils)")
    #expect(try PDFPostPass.finished(drawn.bytes, drawn.facts, using: .qpdf).sha256 == nil)
    let check = try RenderFixture.poppler("qpdf", ["--check"], pdf: native)
    #expect(check.contains("No syntax or stream encoding errors found"), "\(check)")
    #expect(!check.contains("WARNING"), "\(check)")
    let nativeLines = try FinisherStructure.lines(native)
    let qpdfLines = try FinisherStructure.lines(qpdf)
    #expect(nativeLines.count == qpdfLines.count)
    for (mine, theirs) in zip(nativeLines, qpdfLines) where mine != theirs {
      Issue.record("native: \(mine.prefix(300))\nqpdf:   \(theirs.prefix(300))")
      break
    }
    let nativeDocument = try PDFDocument(bytes: native, name: "native")
    let qpdfDocument = try PDFDocument(bytes: qpdf, name: "qpdf")
    #expect(try DocumentStructure(nativeDocument) == DocumentStructure(qpdfDocument))
    #expect(nativeDocument.pageCount == drawn.pageCount)
    for page in 1...max(nativeDocument.pageCount, 1) {
      #expect(try nativeDocument.text(page: page) == qpdfDocument.text(page: page))
      #expect(
        try nativeDocument.render(page: page, dpi: 60) == qpdfDocument.render(page: page, dpi: 60),
        "page \(page) pixels")
    }
  }
}
