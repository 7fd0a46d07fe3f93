// SPDX-License-Identifier: Apache-2.0
import Foundation
import RuaCore
import RuaDocuments
import RuaRender
import Testing

@Suite struct MedicationListRenderTests {
  typealias F = DocumentFixture

  /// Tomasz (sample care circle): on hold, fall risk, antiplatelet, no fill; Mei-Ling: as needed.
  func samplePatient(_ prefix: String) throws -> Patient {
    try #require(F.sample().first { $0.fullName.hasPrefix(prefix) })
  }

  @Test func everyScheduledMedicationPrintsWithItsRunOutDateAndDaysLeft() throws {
    let patient = try samplePatient("Tomasz")
    let pdf = try F.render(F.medicationList(patient))
    let text = try F.text(pdf).filter { !$0.isWhitespace }
    var facts = [
      "MEDICATION LIST", "List as of Nov 29, 2026", patient.fullName, "Nov 30, 1938", "87 years",
      "Oak Street Pharmacy", "(503) 555-0175", "ALLERGIES", "Sulfa drugs",
      "Page 1 of \(pdf.pageCount)",
      "Reviewed by", "PENDING CLINICIAN REVIEW",
    ]
    for medication in Runway.documentOrder(patient.medications, today: F.today)
    where !medication.asNeeded {
      let runway = Runway.evaluate(medication, today: F.today)
      facts.append(medication.name)
      if medication.status == .onHold {
        facts += ["ON HOLD", "No refill while on hold"]
      } else if let date = runway.runOutDate, let days = runway.daysRemaining {
        facts.append(formatted(date, locale: "en"))
        facts.append(days < -1 ? "ran out \(-days) days ago" : "\(days) days left")
      } else {
        facts.append("Add a fill to see when it runs out")
      }
    }
    facts += ["OVERDUE", "ADD FILL", "Flags:", "AP antiplatelet", "FR can make a fall more likely"]
    facts += ["Scheduled medicines 5 (1 on hold)", "Morning 2 · Noon 0 · Evening 0 · Bedtime 2"]
    for fact in facts {
      #expect(text.contains(fact.filter { !$0.isWhitespace }), "the PDF lacks \(fact)")
    }
  }

  @Test func asNeededSaysNoForecastAndStoppedMedicinesAreAbsent() throws {
    let mei = try F.text(F.render(F.medicationList(samplePatient("Mei-Ling"))))
    #expect(mei.contains("No forecast: taken only when needed"))
    #expect(mei.contains("acetaminophen"))
    let agnes = try F.text(F.render(F.medicationList(samplePatient("Agnès"))))
    #expect(agnes.contains("apixaban"))
    #expect(agnes.contains("BT HA"))
    #expect(!agnes.contains("glipizide"))
  }

  @Test func fortyMedicationsRunOverPagesWithTheHeaderAndNameOnEach() throws {
    var patient = try samplePatient("Agnès")
    patient.medications = (1...40).map { index in
      var medication = BuiltMedication.scheduled(index)
      medication.fills = [Fill(fillDate: day(2026, 11, index % 28 + 1), daySupply: 30)]
      return medication
    }
    let pdf = try F.render(F.medicationList(patient))
    #expect(pdf.pageCount >= 2)
    var seen = 0
    for page in 1...pdf.pageCount {
      let text = try F.text(pdf, page: page)
      #expect(text.contains("Page \(page) of \(pdf.pageCount)"))
      #expect(text.contains(patient.fullName) && text.contains("Mar 14, 1941"), "page \(page)")
      let rows = (1...40).filter { text.contains("test medicine \($0) ") }
      if !rows.isEmpty { #expect(text.contains("Runs out"), "page \(page) lacks the header") }
      seen += rows.count
    }
    #expect(seen == 40)  // each row on exactly one page
  }

  @Test func spanishAndA4() throws {
    let patient = try samplePatient("Tomasz")
    let pdf = try F.render(F.medicationList(patient, language: "es", paper: .a4))
    let text = try F.text(pdf)
    for word in ["LISTA DE MEDICAMENTOS", "Medicamentos con horario", "AGOTADO", "Resurtir"] {
      #expect(text.contains(word), "missing \(word)")
    }
    let info = try RenderFixture.poppler("pdfinfo", [], pdf: pdf.bytes)
    #expect(
      info.contains("841.89 x 595.276 pts") || info.contains("841.89 x 595.28 pts"), "\(info)")
  }

  @Test func bothDocumentsRenderTheSameBytesTwice() throws {
    let patient = try samplePatient("Agnès")
    #expect(try F.render(F.medicationList(patient)) == F.render(F.medicationList(patient)))
    #expect(try F.render(F.fallGuide(patient)) == F.render(F.fallGuide(patient)))
  }

  @Test func markupLookingDataPrintsLiterally() throws {
    var patient = try samplePatient("Tomasz")
    let hostile = "<b>Bold</b> & Co </span><span foreground=\"white\">x"
    patient.fullName = hostile
    patient.medications[0].name = "<i>aspirin</i> &amp;"
    let text = try F.text(F.render(F.medicationList(patient)))
    #expect(text.contains(hostile))
    #expect(text.contains("<i>aspirin</i> &amp;"))
  }
}

/// Made-up medicines for long lists.
enum BuiltMedication {
  static func scheduled(_ index: Int) -> Medication {
    Medication(
      id: "t\(index)", name: "test medicine \(index)", strength: "\(index * 5) mg",
      dose: "1 tablet", schedule: "once daily", times: [.morning], purpose: "for testing",
      prescriber: "Dr. Test")
  }
}
