// SPDX-License-Identifier: Apache-2.0
import RuaCore
import RuaDocuments
import Testing

/// Status told truly (issue 13): on hold, code status, no medicines, dual therapy, times,
/// staleness and language names, through the shipped templates, locales and tables.
@Suite struct StatusToldTrulyTests {
  typealias B = BuiltDocument

  func sheet(_ patient: Patient, language: String = "en", freshness: Freshness? = nil) throws
    -> Document
  {
    let table = try B.drugClasses()
    return ERSheet.build(
      patient: patient, facts: ERFacts.derive(patient: patient, table: table, today: B.today),
      today: B.today, informationAsOf: nil, printedAt: "now", labels: try B.labels(language),
      template: try B.template("er-sheet.json"), contentVersion: "1", pendingReview: false,
      freshness: freshness)
  }

  func plain(_ document: Document) -> String {
    String(B.allText(document).map { $0 == "\u{A0}" ? " " : $0 })
  }

  /// Warfarin with a held aspirin: the Tomasz case.
  var dualTherapy: Patient {
    var patient = Patient(id: "p", fullName: "Tomasz Test", dateOfBirth: day(1940, 1, 2))
    patient.medications = [
      B.medication("m1", "warfarin", fill: (day(2026, 11, 20), 30)),
      B.medication("m2", "aspirin", status: .onHold, fill: (day(2026, 9, 1), 30)),
      B.medication("m3", "clopidogrel", fill: (day(2026, 11, 20), 30)),
    ]
    return patient
  }

  @Test func aHeldMedicineGetsNoRefillVerdictAndIsMarkedWhereverItIsNamed() throws {
    let patient = dualTherapy
    let list = try B.medicationList(patient)
    let table = B.tables(list)[1]
    let row = try #require(table.rows.first { $0[0].plainText.hasPrefix("aspirin") })
    #expect(row.last?.plainText == "ON HOLD")
    #expect(row[row.count - 2].plainText == "No refill while on hold")
    #expect(!row.map(\.plainText).contains { $0.contains("ran out") || $0 == "OVERDUE" })
    let heldRow = try #require(table.rows.firstIndex { $0[0].plainText.hasPrefix("aspirin") })
    #expect(!table.gauges.contains { $0.row == heldRow })
    #expect(plain(try sheet(patient)).contains("aspirin (5 mg; on hold)"))
    let guide = plain(try B.fallGuide(patient))
    #expect(guide.contains("warfarin, clopidogrel and aspirin (on hold)"))
  }

  @Test func theCommandLineReportSaysOnHoldToo() throws {
    let text = MedsReport.text(patient: dualTherapy, table: try B.drugClasses(), today: B.today)
    let line = try #require(text.split(separator: "\n").first { $0.contains("aspirin") })
    #expect(line.hasPrefix("on-hold"))
  }

  /// In JSON too a held medicine has no run-out date and no days left (-32 would read as
  /// overdue to a script); its last fill is still given.
  @Test func theJSONReportGivesAHeldMedicineNoRunway() throws {
    let json = MedsReport.json(patient: dualTherapy, table: try B.drugClasses(), today: B.today)
    let medications = try #require(json["medications"]?.arrayValue)
    let aspirin = try #require(medications.first { $0["name"]?.stringValue == "aspirin" })
    #expect(aspirin["status"]?.stringValue == "on-hold")
    #expect(aspirin["daysRemaining"] == .null)
    #expect(aspirin["runOutDate"] == .null)
    #expect(aspirin["lastFillDate"]?.stringValue == "2026-09-01")
    let warfarin = try #require(medications.first { $0["name"]?.stringValue == "warfarin" })
    #expect(warfarin["daysRemaining"]?.intValue != nil)
  }

  @Test func aDirectiveWithoutACodeStatusSaysTheStatusIsNotRecorded() throws {
    var patient = Patient(id: "p", fullName: "Ana", dateOfBirth: day(1940, 1, 2))
    patient.advanceDirective = AdvanceDirective(location: "red folder")
    let text = plain(try sheet(patient))
    #expect(text.contains("Code status not recorded — Directive kept at: red folder"))
    let spanish = plain(try sheet(patient, language: "es"))
    #expect(
      spanish.contains("Orden de reanimación no registrada — Directiva guardada en: red folder"))
  }

  @Test func noMedicinesIsNotNoneInTheFallRiskGroups() throws {
    let empty = Patient(id: "p", fullName: "Ana", dateOfBirth: day(1940, 1, 2))
    let guide = plain(try B.fallGuide(empty))
    #expect(guide.contains("No medicines are recorded for Ana"))
    #expect(!guide.contains("None of the medicines"))
    var some = empty
    some.medications = [B.medication("m1", "lisinopril")]
    #expect(plain(try B.fallGuide(some)).contains("None of the medicines"))
  }

  @Test(arguments: [
    ("levodopa", "dopaminergic-anti-parkinson"), ("glipizide", "hypoglycaemics-fall-risk"),
    ("insulin glargine", "hypoglycaemics-fall-risk"), ("digoxin", "antiarrhythmics-digoxin"),
  ])
  func theMissingFallRiskGroupsAreInTheTable(name: String, classID: String) throws {
    let table = try B.drugClasses()
    let medication = B.medication("m", name)
    #expect(table.flags(for: medication).contains(.fallRisk))
    #expect(table.classes(for: medication).contains { $0.id == classID && $0.review == .pending })
  }

  @Test func countsPerTimeOnlyWhenTimesAreRecorded() throws {
    var patient = Patient(id: "p", fullName: "Ana", dateOfBirth: day(1940, 1, 2))
    patient.medications = (1...3).map { B.medication("m\($0)", "medicine \($0)", times: []) }
    #expect(plain(try B.medicationList(patient)).contains("\ntimes not recorded\n"))
    patient.medications[0].times = [.morning]
    let mixed = plain(try B.medicationList(patient))
    #expect(mixed.contains("Morning 1 · Noon 0 · Evening 0 · Bedtime 0 · times not recorded for 2"))
    // Arabic words the count in the form it takes, not as a label and a value.
    let arabic = plain(try B.medicationList(patient, language: "ar"))
    #expect(arabic.contains("المواعيد غير مسجّلة لدواءين"), "\(arabic)")
    patient.medications += (4...6).map { B.medication("m\($0)", "medicine \($0)", times: []) }
    #expect(plain(try B.medicationList(patient, language: "ar")).contains("غير مسجّلة لـ 5 أدوية"))
  }

  @Test func anOldRecordCarriesABannerAndEveryDocumentAReviewByDate() throws {
    let patient = dualTherapy
    let old = Freshness(asOf: day(2026, 6, 1), today: B.today, staleAfterDays: 90)
    let stale = try sheet(patient, freshness: old)
    #expect(plain(stale).contains("CHECK: MAY BE OUT OF DATE"))
    #expect(plain(stale).contains("Last changed Jun 1, 2026, 181 days before this printing"))
    #expect(
      String(stale.footerLeft.plainText.map { $0 == "\u{A0}" ? " " : $0 }).contains(
        "Review by Aug 30, 2026"))
    let recent = Freshness(asOf: day(2026, 11, 1), today: B.today, staleAfterDays: 90)
    let fresh = try sheet(patient, freshness: recent)
    #expect(!plain(fresh).contains("MAY BE OUT OF DATE"))
    #expect(
      String(fresh.footerLeft.plainText.map { $0 == "\u{A0}" ? " " : $0 }).contains(
        "Review by Jan 30, 2027"))
    // The banner comes before the allergy band, right after who the sheet is about.
    let blocks = stale.blocks
    let bannerIndex = blocks.firstIndex {
      if case .alert(let alert) = $0 { return alert.label.plainText.hasPrefix("CHECK") }
      return false
    }
    #expect(bannerIndex == 2)
  }

  @Test func languagesPrintByNameInTheDocumentLanguage() throws {
    var patient = Patient(id: "p", fullName: "Ana", dateOfBirth: day(1940, 1, 2))
    patient.language = "zh-Hans"
    #expect(plain(try sheet(patient)).contains("Language Chinese (Simplified)"))
    #expect(plain(try sheet(patient, language: "es")).contains("Idioma chino simplificado"))
    patient.language = "ar"
    #expect(plain(try sheet(patient)).contains("Language Arabic"))
    patient.language = "xx-Unknown"
    #expect(plain(try sheet(patient)).contains("Language xx-Unknown"))
  }
}

/// Page one of the ER sheet lists the emergency medicines first.
@Suite struct EmergencyOrderTests {
  @Test func bloodThinnersThenAntiplateletsThenHighAlertThenTheRest() throws {
    var patient = Patient(id: "p", fullName: "Ana", dateOfBirth: day(1940, 1, 2))
    patient.medications = [
      "atorvastatin", "clopidogrel", "insulin glargine", "warfarin", "aspirin",
    ]
    .enumerated().map { BuiltDocument.medication("m\($0.offset)", $0.element) }
    let table = try BuiltDocument.drugClasses()
    let sheet = ERSheet.build(
      patient: patient,
      facts: ERFacts.derive(patient: patient, table: table, today: BuiltDocument.today),
      today: BuiltDocument.today, informationAsOf: nil, printedAt: "now",
      labels: try BuiltDocument.labels(), template: try BuiltDocument.template("er-sheet.json"),
      contentVersion: "1", pendingReview: false)
    let medicines = try #require(BuiltDocument.tables(sheet).first)
    #expect(
      medicines.rows.map { $0[0].plainText } == [
        "warfarin", "aspirin", "clopidogrel", "insulin glargine", "atorvastatin",
      ])
    #expect(
      medicines.overflowNote?.text(count: 3, page: 2).plainText == "3 more medicines: see page 2")
  }
}
