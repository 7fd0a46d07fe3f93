// SPDX-License-Identifier: Apache-2.0
import Foundation
import RuaCore
import RuaDocuments
import RuaRender
import RuaTestSupport

/// Loads the shipped templates and renders sample sheets. Also the example of how a caller
/// turns a Patient into PDF bytes.
enum RenderFixture {
  static let templates = URL(fileURLWithPath: PackageRoot.templates)
  static var fontsConf: String { templates.appendingPathComponent("fonts.conf").path }
  static let now = Instant(secondsSinceEpoch: 1_795_953_600)  // 2026-11-29T12:00:00Z

  static func text(_ relative: String) throws -> String {
    try String(contentsOf: templates.appendingPathComponent(relative), encoding: .utf8)
  }

  static func template() throws -> Template {
    try Template.parse(text("er-sheet.json"), file: "templates/er-sheet.json")
  }

  static func labels(_ language: String = "en") throws -> Labels {
    try Labels.parse(text("locales/\(language).json"), file: "templates/locales/\(language).json")
  }

  /// Patient → Document, as the `er` command will do it.
  static func sheet(_ patient: Patient, language: String = "en") throws -> (Document, Template) {
    let template = try template()
    let table = SamplePatients.drugClasses
    let facts = ERFacts.derive(patient: patient, table: table, today: SamplePatients.today)
    let labels = try labels(language)
    let document = ERSheet.build(
      patient: patient, facts: facts, today: SamplePatients.today,
      informationAsOf: labels.format(date: day(2026, 11, 1)),
      printedAt: "2026-11-29 12:00", labels: labels, template: template,
      contentVersion: String(table.contentVersion), pendingReview: !table.isReviewed)
    return (document, template)
  }

  /// Patient → PDF bytes.
  static func render(_ patient: Patient, language: String = "en") throws -> RenderedPDF {
    let (document, template) = try sheet(patient, language: language)
    let renderer = try PDFRenderer(fontsConf: fontsConf)
    return try renderer.render(document, template: template, now: now, creator: "rua-paper test")
  }

  /// Runs a poppler-utils tool (or qpdf) on the bytes and returns its standard output;
  /// `after` follows the file name (qpdf's output file, `-` for standard output).
  static func poppler(_ tool: String, _ arguments: [String], pdf: [UInt8], after: [String] = [])
    throws -> String
  {
    let folder = TemporaryFolder("rua-render")
    try folder.write("sheet.pdf", pdf)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/\(tool)")
    process.arguments =
      arguments + [folder.file("sheet.pdf")] + after + (tool == "pdftotext" ? ["-"] : [])
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
  }

  /// The PDF's objects as qpdf's QDF text (uncompressed, no object streams), one `obj … endobj`
  /// per element.
  static func objects(_ pdf: [UInt8]) throws -> [String] {
    try poppler("qpdf", ["--qdf", "--object-streams=disable"], pdf: pdf, after: ["-"])
      .components(separatedBy: "endobj")
  }
}
