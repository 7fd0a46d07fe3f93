// SPDX-License-Identifier: Apache-2.0
import Foundation
import RuaCore
import RuaDocuments
import RuaRender
import Testing

@Suite struct FallGuideRenderTests {
  typealias F = DocumentFixture

  func samplePatient(_ prefix: String) throws -> Patient {
    try #require(F.sample().first { $0.fullName.hasPrefix(prefix) })
  }

  @Test func theGuideForAPatientOnABloodThinner() throws {
    let patient = try samplePatient("Agnès")
    let pdf = try F.render(F.fallGuide(patient))
    let text = try F.text(pdf)
    for fact in [
      "Fall guide for Agnès", "Who to call if Agnès falls", "Emergency: 911",
      "ON A BLOOD THINNER", "Agnès takes a blood thinner: apixaban.",
      "must go to an emergency department today", "Home safety checklist", "Kitchen",
      "Where this guide comes from", "World Guidelines for Falls Prevention",
    ] {
      #expect(text.contains(fact), "the PDF lacks \(fact)")
    }
    let contacts = patient.contacts.map(\.name)
    let positions = contacts.compactMap { text.range(of: $0)?.lowerBound }
    #expect(positions.count == contacts.count)
    #expect(positions == positions.sorted(), "contacts out of call order")
    for page in 1...pdf.pageCount {
      let pageText = try F.text(pdf, page: page)
      #expect(pageText.contains("PENDING CLINICIAN REVIEW"), "page \(page) lacks the stamp")
      #expect(pageText.contains("Page \(page) of \(pdf.pageCount)"))
    }
  }

  @Test func fallRiskMedicinesByNameAndTickBoxes() throws {
    let patient = try samplePatient("Tomasz")
    let (document, template) = try F.fallGuide(patient)
    let text = try F.text(F.render((document, template)))
    #expect(text.contains("lorazepam 0.5 mg (Ativan) — "))
    #expect(text.contains("Talk to their doctor or pharmacist before changing anything"))
    // His aspirin is an antiplatelet: named, never "if he ever starts a blood thinner".
    #expect(text.contains("Tomek takes a blood thinner of the antiplatelet kind: aspirin"))
    #expect(!text.contains("ever start"))
    #expect(!text.contains("ON A BLOOD THINNER"))
    let renderer = try PDFRenderer(fontsConf: RenderFixture.fontsConf)
    let boxes = try renderer.paginate(document, template: template).flatMap(\.items).filter {
      if case .checkbox = $0 { return true } else { return false }
    }
    let items = try F.content("en").blocks.filter { $0.kind == .checklistItem }
    #expect(boxes.count == items.count)
  }

  @Test func spanishGuide() throws {
    let pdf = try F.render(F.fallGuide(samplePatient("Agnès"), language: "es"))
    let text = try F.text(pdf)
    for word in [
      "GUÍA DE CAÍDAS", "TOMA ANTICOAGULANTE", "apixaban", "Emergencia: 911",
      "PENDIENTE DE REVISIÓN CLÍNICA",
    ] {
      #expect(text.contains(word), "missing \(word)")
    }
  }

  @Test func markupLookingDataPrintsLiterally() throws {
    var patient = try samplePatient("Agnès")
    patient.preferredName = "<b>Ana</b> & </span>"
    patient.contacts[0].name = "<i>Lucía</i> &amp;"
    let text = try F.text(F.render(F.fallGuide(patient)))
    #expect(text.contains("Fall guide for <b>Ana</b> & </span>"))
    #expect(text.contains("<i>Lucía</i> &amp;"))
  }
}
