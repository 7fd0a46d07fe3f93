// SPDX-License-Identifier: Apache-2.0
import Foundation
import RuaCore
import RuaDocuments
import RuaRender
import RuaVisual
import Testing

@Suite("binder")
struct BinderRenderTests {
  /// Two sample patients: ER sheet, medication list (A4 landscape for one) and fall guide.
  private func sections() throws -> [BinderSection] {
    let patients = try DocumentFixture.sample()
    return try patients.prefix(2).enumerated().map { index, patient in
      let er = try RenderFixture.sheet(patient)
      let meds = try DocumentFixture.medicationList(patient, paper: index == 0 ? .letter : .a4)
      let falls = try DocumentFixture.fallGuide(patient)
      return BinderSection(
        title: patient.fullName,
        documents: [
          BinderDocument(title: "ER sheet", document: er.0, template: er.1),
          BinderDocument(title: "Medication list", document: meds.0, template: meds.1),
          BinderDocument(title: "Fall guide", document: falls.0, template: falls.1),
        ])
    }
  }

  @Test func pagesAreTheDocumentsPagesWithBookmarks() throws {
    let sections = try sections()
    let renderer = try PDFRenderer(fontsConf: RenderFixture.fontsConf)
    let binder = try renderer.renderBinder(
      sections, title: "Care circle binder", now: RenderFixture.now, creator: "rua-paper test")
    var expected = 0
    var firstPages: [Int] = []
    for section in sections {
      for item in section.documents {
        firstPages.append(expected + 1)
        expected +=
          try renderer.render(
            item.document, template: item.template, now: RenderFixture.now, creator: "t"
          ).pageCount
      }
    }
    #expect(binder.pdf.pageCount == expected)
    let info = try RenderFixture.poppler("pdfinfo", [], pdf: binder.pdf.bytes)
    #expect(info.contains("Pages:           \(expected)"), "\(info)")
    #expect(binder.outline.filter { $0.level == 1 }.count == 2)
    #expect(binder.outline.filter { $0.level == 2 }.map(\.page) == firstPages)

    // Poppler reads the outline back: 2 patients + 6 documents, on the right pages.
    let xml = try RenderFixture.poppler(
      "pdftohtml", ["-xml", "-i", "-stdout"], pdf: binder.pdf.bytes)
    let items = xml.components(separatedBy: "<item page=\"").dropFirst().map {
      Int($0.prefix { $0.isNumber }) ?? 0
    }
    #expect(items.count == 8)
    #expect(items.sorted() == binder.outline.map(\.page).sorted())

    // Every page keeps its printed-time mark, over its own printed time.
    let document = try PDFDocument(bytes: binder.pdf.bytes, name: "binder.pdf")
    let marks = VolatileMarks(binder.pdf.bytes)
    #expect(marks.pages.keys.sorted() == Array(1...expected))
    for page in 1...expected {
      let field = try #require(marks.pages[page]?.first)
      #expect(field.name == "printed-time")
      #expect(try document.pageText(page: page).words(in: field.rect).hasPrefix("2026-11-29"))
    }
  }

  @Test func rootOutlineCountIsNotNegative() throws {
    let renderer = try PDFRenderer(fontsConf: RenderFixture.fontsConf)
    let binder = try renderer.renderBinder(
      try sections(), title: "b", now: RenderFixture.now, creator: "rua-paper test")
    let dictionary = try #require(
      RenderFixture.objects(binder.pdf.bytes).first { $0.contains("/Type /Outlines") })
    #expect(dictionary.contains("/Count 8"), "\(dictionary)")
    let check = try RenderFixture.poppler("qpdf", ["--check"], pdf: binder.pdf.bytes)
    #expect(check.contains("No syntax or stream encoding errors found"), "\(check)")
    let info = try RenderFixture.poppler("pdfinfo", [], pdf: binder.pdf.bytes)
    #expect(info.contains("Tagged:          yes"), "\(info)")
    #expect(!dictionary.contains("/Count -"))
  }

  @Test func sameInputsGiveTheSameBytes() throws {
    let renderer = try PDFRenderer(fontsConf: RenderFixture.fontsConf)
    let a = try renderer.renderBinder(
      try sections(), title: "b", now: RenderFixture.now, creator: "rua-paper test")
    let b = try PDFRenderer(fontsConf: RenderFixture.fontsConf).renderBinder(
      try sections(), title: "b", now: RenderFixture.now, creator: "rua-paper test")
    #expect(a.pdf.bytes == b.pdf.bytes)
  }
}
