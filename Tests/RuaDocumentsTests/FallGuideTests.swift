// SPDX-License-Identifier: Apache-2.0
import RuaCore
import RuaDocuments
import Testing

@Suite struct FallGuideTests {
  typealias B = BuiltDocument

  static var patient: Patient {
    var patient = Patient(id: "p", fullName: "Ana Caída", dateOfBirth: day(1938, 5, 6))
    patient.preferredName = "Anita"
    patient.address = "1 Test Road"
    patient.contacts = [
      Contact(name: "First Person", relation: "son", phone: "555-0101", altPhone: "555-0102"),
      Contact(name: "Second Person", phone: "555-0201"),
      Contact(name: "Third Person", relation: "neighbor"),
    ]
    patient.medications = [
      B.medication("m1", "apixaban", fill: (day(2026, 11, 1), 30)),
      B.medication("m2", "zolpidem", times: [.bedtime], fill: (day(2026, 11, 1), 30)),
      B.medication("m3", "sertraline", fill: (day(2026, 11, 1), 30)),
      B.medication("m4", "amlodipine"),
      B.medication("m5", "diazepam", status: .stopped),
    ]
    return patient
  }

  @Test func theHeadInjuryStepNamesTheBloodThinner() throws {
    let blocks = B.blocks(try B.fallGuide(Self.patient))
    let bands = blocks.compactMap {
      if case .alert(let alert) = $0 { return alert } else { return nil }
    }
    let thinner = try #require(bands.first { $0.label.plainText == "ON A BLOOD THINNER" })
    #expect(thinner.tone == .danger)
    #expect(thinner.text.plainText.contains("Anita takes a blood thinner: apixaban."))
    #expect(thinner.text.plainText.contains("emergency department today"))
  }

  @Test func withoutABloodThinnerTheGeneralHeadInjuryAdviceStays() throws {
    var patient = Self.patient
    patient.medications.removeFirst()
    let document = try B.fallGuide(patient)
    let text = B.allText(document)
    #expect(!text.contains("ON A BLOOD THINNER"))
    #expect(text.contains("If they ever start a blood thinner"))
    #expect(text.contains("They hit their head and are now confused"))
    #expect(!text.contains("{"))
  }

  @Test func fallRiskMedicinesAreListedByNameWithTheirClass() throws {
    let blocks = B.blocks(try B.fallGuide(Self.patient))
    let intro = try #require(
      blocks.firstIndex { B.texts($0).first?.hasPrefix("Some medicines can cause") == true })
    guard case .list(let items) = blocks[intro + 1] else {
      Issue.record("no list after the introduction")
      return
    }
    let lines = items.map(\.text.plainText)
    #expect(lines.count == 2)
    #expect(lines.contains { $0.hasPrefix("zolpidem 5 mg — ") })
    #expect(lines.contains { $0.hasPrefix("sertraline 5 mg — ") })
    #expect(!lines.contains { $0.contains("diazepam") || $0.contains("amlodipine") })
    let text = B.allText(try B.fallGuide(Self.patient))
    #expect(text.contains("Talk to their doctor or pharmacist before changing anything"))
  }

  @Test func contactsAreListedInCallOrderAfter911() throws {
    let text = B.allText(try B.fallGuide(Self.patient))
    let order = [
      "Who to call if Anita falls", "Emergency: 911", "Address to give 911: 1 Test Road",
      "1. First Person (son)  ·  555-0101 or 555-0102", "2. Second Person  ·  555-0201",
      "3. Third Person (neighbor)  ·  Not recorded",
    ]
    var rest = Substring(text)
    for line in order {
      let range = try #require(rest.firstRange(of: line), "missing or out of order: \(line)")
      rest = rest[range.upperBound...]
    }
  }

  @Test func theChecklistAndTheSourcesAreComplete() throws {
    let content = try B.content()
    let blocks = B.blocks(try B.fallGuide(Self.patient))
    let checks = blocks.flatMap { block -> [ChecklistItem] in
      if case .checklist(let items) = block { return items } else { return [] }
    }
    let expected = content.blocks.filter { $0.kind == .checklistItem }
    #expect(checks.count == expected.count)
    #expect(checks.allSatisfy { !$0.checked })
    #expect(
      checks.contains {
        $0.text.plainText == "Anita sits on the edge of the bed for a moment before standing up."
      })
    let text = B.allText(try B.fallGuide(Self.patient))
    for reference in content.blocks where reference.kind == .reference {
      #expect(text.contains(reference.text), "missing source \(reference.id)")
    }
  }

  @Test func pendingContentAlwaysCarriesTheStamp() throws {
    let document = try B.fallGuide(Self.patient, pendingReview: false)
    #expect(
      document.pageStamp?.plainText == "PENDING CLINICIAN REVIEW: guide text not yet reviewed")
  }

  @Test func placeholdersAreFilledWithPlainText() throws {
    var patient = Self.patient
    patient.preferredName = "<b>{name}</b> & Co"
    let text = B.allText(try B.fallGuide(patient))
    #expect(text.contains("Fall guide for <b>{name}</b> & Co"))
    #expect(!text.contains("{bloodThinners}"))
  }

  @Test func spanishUsesSpanishContentAndLabels() throws {
    let document = try B.fallGuide(Self.patient, language: "es")
    let text = B.allText(document)
    #expect(text.contains("TOMA ANTICOAGULANTE"))
    #expect(text.contains("apixaban"))
    #expect(text.contains("Emergencia: 911"))
    #expect(document.pageStamp?.plainText.hasPrefix("PENDIENTE DE REVISIÓN CLÍNICA") == true)
  }

  @Test func stepsAreNumberedAndRestartAfterAHeading() throws {
    let blocks = B.blocks(try B.fallGuide(Self.patient))
    let lists = blocks.compactMap { block -> [String]? in
      guard case .list(let items) = block else { return nil }
      return items.map(\.marker.plainText)
    }
    #expect(lists.contains(["1.", "2.", "3."]))
    #expect(lists.allSatisfy { $0.first == "1." || $0.first == "•" || $0.first == "1." })
  }
}
