// SPDX-License-Identifier: Apache-2.0
import RuaCore
import RuaDocuments
import RuaRender
import Testing

/// Page one of the ER sheet is the whole emergency (issue 13): read back from the PDF.
@Suite struct ERSheetPageOneTests {
  func text(_ pdf: RenderedPDF, page: Int) throws -> String {
    let raw = try RenderFixture.poppler(
      "pdftotext", ["-raw", "-enc", "UTF-8", "-f", String(page), "-l", String(page)],
      pdf: pdf.bytes)
    return raw.split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }

  @Test(arguments: ["en", "es"]) func pageOneHoldsTheWholeEmergency(language: String) throws {
    let patient = SamplePatients.crowded
    let pdf = try RenderFixture.render(patient, language: language)
    #expect(pdf.pageCount >= 2)
    let one = try text(pdf, page: 1)
    let english = language == "en"
    var expected = [
      patient.fullName, english ? "Feb 14, 1941" : "14 feb 1941",
      english ? "ON A BLOOD THINNER" : "TOMA ANTICOAGULANTE",
      english ? "CODE STATUS" : "REANIMACIÓN", "DNR / DNI", "pink form on the refrigerator door",
      "Penicillin", "Pacemaker", english ? "DECISION MAKER" : "QUIEN DECIDE",
      "warfarin", "clopidogrel", "insulin glargine",
    ]
    expected += patient.contacts.flatMap { [$0.name, $0.phone ?? ""] }
    for fact in expected {
      #expect(one.contains(fact), "page 1 (\(language)) lacks \(fact)")
    }
    // The medicines that did not fit are counted, and every one is on a later page.
    let more = english ? "more medicines: see page 2" : "medicamentos más: vea la página 2"
    #expect(one.contains(more), "page 1 (\(language)) lacks the count of the rest")
    let onPageOne = (1...37).filter { one.contains("test medicine number \($0) ") }
    var rest = ""
    for page in 2...pdf.pageCount { rest += try text(pdf, page: page) }
    #expect(one.contains("\(37 - onPageOne.count) \(more)"))
    for index in 1...37 where !onPageOne.contains(index) {
      #expect(rest.contains("test medicine number \(index) "), "medicine \(index) is lost")
    }
  }
}
