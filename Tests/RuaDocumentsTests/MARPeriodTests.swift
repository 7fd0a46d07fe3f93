// SPDX-License-Identifier: Apache-2.0
import RuaCore
import RuaDocuments
import Testing

/// `mar --weeks N`: one grid per week, each under its own dates; the header gives the whole
/// span; a medicine stopped before a week began has no row in it.
@Suite("MAR period")
struct MARPeriodTests {
  func record(_ patient: Patient, weeks: Int) throws -> Document {
    let table = try BuiltDocument.drugClasses()
    let start = day(2026, 12, 7)
    return AdministrationRecord.build(
      patient: patient, facts: ERFacts.derive(patient: patient, table: table, today: start),
      start: start, weeks: weeks, today: start, printedAt: "now",
      labels: try BuiltDocument.labels(),
      template: try BuiltDocument.template("administration-record.json"),
      contentVersion: "1", pendingReview: false)
  }

  var patient: Patient {
    var patient = BuiltDocument.patient()
    var stopped = BuiltDocument.medication("m2", "metoprolol", times: [.evening])
    stopped.status = .stopped
    stopped.stoppedDate = day(2026, 12, 9)
    patient.medications = [BuiltDocument.medication("m1", "lisinopril"), stopped]
    return patient
  }

  @Test func twoWeeksAreTwoGridsUnderTheirDates() throws {
    let document = try record(patient, weeks: 2)
    let tables = BuiltDocument.tables(document).filter { $0.columns.count == 4 + 7 }
    #expect(tables.count == 2)
    #expect(tables[0].columns[4].header.plainText.hasSuffix("7"))
    #expect(tables[1].columns[4].header.plainText.hasSuffix("14"))
    let text = BuiltDocument.allText(document).map { $0 == "\u{00A0}" ? " " : $0 }
    let plain = String(text)
    #expect(plain.contains("Week of Dec 7, 2026 to Dec 13, 2026"))
    #expect(plain.contains("Week of Dec 14, 2026 to Dec 20, 2026"))
    #expect(plain.contains("Week of Dec 7, 2026 to Dec 20, 2026"))
    // Stopped on the 9th: in the first week's grid, not in the second's.
    #expect(tables[0].rows.contains { $0[0].plainText.hasPrefix("metoprolol") })
    #expect(!tables[1].rows.contains { $0[0].plainText.hasPrefix("metoprolol") })
  }

  @Test func oneWeekIsOneGridWithoutItsOwnDates() throws {
    let document = try record(patient, weeks: 1)
    #expect(BuiltDocument.tables(document).filter { $0.columns.count == 11 }.count == 1)
    let plain = String(BuiltDocument.allText(document).map { $0 == "\u{00A0}" ? " " : $0 })
    #expect(!plain.contains("Dec 7, 2026 to Dec 20, 2026"))
  }
}
