// SPDX-License-Identifier: Apache-2.0
import Foundation
import RuaCore
import RuaDocuments
import RuaRender
import Testing

/// The weekly medication administration record (issue 29): a row per medicine and dose time,
/// a check box only on the days the record prescribes a dose.
@Suite struct AdministrationRecordRenderTests {
  typealias F = DocumentFixture
  let start = SamplePatients.today

  /// A record with one medicine of each kind the grid treats differently.
  var patient: Patient {
    var patient = SamplePatients.typical
    patient.medications = [
      Medication(
        id: "a", name: "warfarin", strength: "5 mg", form: "tablet", route: "by mouth",
        dose: "1 tablet", times: [.morning, .evening], purpose: "atrial fibrillation"),
      Medication(
        id: "h", name: "aspirin", strength: "81 mg", dose: "1 tablet", times: [.morning],
        status: .onHold),
      Medication(
        id: "n", name: "amoxicillin", strength: "500 mg", dose: "1 capsule", times: [.noon],
        startDate: start.adding(days: 2)),
      Medication(
        id: "s", name: "prednisone", strength: "10 mg", dose: "1 tablet", times: [.morning],
        status: .stopped, stoppedDate: start.adding(days: 3)),
      Medication(
        id: "old", name: "cephalexin", strength: "250 mg", dose: "1 capsule", times: [.morning],
        status: .stopped, stoppedDate: start.adding(days: -1)),
      Medication(
        id: "p", name: "acetaminophen", strength: "500 mg", dose: "2 tablets", asNeeded: true,
        asNeededReason: "pain", maxPerDay: "6 tablets"),
    ]
    return patient
  }

  func grid(_ document: Document) throws -> Table {
    let tables = document.blocks.compactMap { block -> Table? in
      if case .table(let table) = block, table.columns.count == 4 + AdministrationRecord.days {
        return table
      }
      return nil
    }
    return try #require(tables.first)
  }

  func rows(_ table: Table, _ name: String) -> [Int] {
    table.rows.indices.filter { table.rows[$0][0].plainText.hasPrefix(name) }
  }

  @Test func oneRowPerMedicineAndTimeWithBoxesOnlyOnPrescribedDays() throws {
    let table = try grid(F.administrationRecord(patient, start: start).0)
    let boxes = Set(table.gauges.filter(\.isBox).map { [$0.row, $0.column] })
    func boxed(_ row: Int) -> [Bool] { (4..<11).map { boxes.contains([row, $0]) } }
    let warfarin = rows(table, "warfarin")
    #expect(warfarin.count == 2)
    #expect(warfarin.map { table.rows[$0][3].plainText } == ["morning", "evening"])
    #expect(warfarin.allSatisfy { boxed($0) == Array(repeating: true, count: 7) })
    let held = try #require(rows(table, "aspirin").first)
    #expect(boxed(held) == Array(repeating: false, count: 7))
    #expect((4..<11).allSatisfy { table.rows[held][$0].plainText == "H — do not give" })
    let hatched = Set(table.gauges.filter(\.isHatch).map { [$0.row, $0.column] })
    #expect(hatched == Set((4..<11).map { [held, $0] }))
    let starts = try #require(rows(table, "amoxicillin").first)
    #expect(boxed(starts) == [false, false, true, true, true, true, true])
    #expect(table.rows[starts][4].plainText == "— not started")
    let stops = try #require(rows(table, "prednisone").first)
    #expect(boxed(stops) == [true, true, true, true, false, false, false])
    #expect(table.rows[stops][10].plainText == "— stopped")
    #expect(rows(table, "cephalexin").isEmpty)
    #expect(rows(table, "acetaminophen").isEmpty)
  }

  @Test func rendersLandscapeWithFiveMillimetreBoxesAndEverySection() throws {
    for paper in [Paper.letter, .a4] {
      let built = try F.administrationRecord(patient, paper: paper, start: start)
      let pdf = try F.render(built)
      let size = try #require(try F.pageSizes(pdf).first)
      #expect(size == (paper == .letter ? "792 x 612" : "841.89 x 595.276"))
      let pages = try PDFRenderer(fontsConf: RenderFixture.fontsConf).paginate(
        built.0, template: built.1)
      let boxes = pages.flatMap(\.items).compactMap { item -> Rect? in
        if case .checkbox(let rect, _) = item { return rect }
        return nil
      }
      // 7 days × 3 warfarin/amoxicillin rows less the greyed days, plus the log and key.
      #expect(boxes.count == 7 * 2 + 5 + 4 + 6 + 3)
      #expect(boxes.allSatisfy { $0.width >= 5 / 25.4 * 72 && $0.height >= 5 / 25.4 * 72 })
      // The held medicine's seven days are hatched, each as tall as its row.
      let hatches = pages.flatMap(\.items).compactMap { item -> Rect? in
        if case .hatch(let rect) = item { return rect }
        return nil
      }
      #expect(hatches.count == 7)
      #expect(hatches.allSatisfy { $0.height > 5 / 25.4 * 72 })
      let text = try F.text(pdf)
      for fact in [
        "MEDICATION ADMINISTRATION RECORD", "Week of Nov 29, 2026 to Dec 5, 2026", "Sun 29",
        "Sat 5", "H — do not give", "starts Dec 1, 2026", "stops Dec 2, 2026",
        "As-needed (PRN) medicines", "acetaminophen", "6 tablets", "pain",
        "As-needed doses given", "Who gave it", "R refused", "H held", "M missed",
        "D discontinued", "Bring this record to every visit", "PENDING CLINICIAN REVIEW",
      ] {
        #expect(text.contains(fact), "the record lacks \(fact)")
      }
      #expect(try F.render(built).bytes == pdf.bytes)
    }
  }

  @Test func noMedicinesSaysSoAndBilingualAndArabicRender() throws {
    var empty = patient
    empty.medications = []
    let text = try F.text(F.render(F.administrationRecord(empty, start: start)))
    #expect(text.contains("No scheduled medicines recorded."))
    #expect(text.contains("No as-needed medicines recorded."))
    let arabic = try F.administrationRecord(patient, language: "ar", start: start)
    #expect(arabic.0.direction.isRightToLeft)
    let objects = try RenderFixture.objects(F.render(arabic).bytes).joined()
    #expect(objects.contains("/Lang (ar-US)"))
  }

  @Test func largePrintKeepsBodyAt14Points() throws {
    let built = try F.administrationRecord(patient, start: start, large: true)
    #expect(built.1.styles["body"]?.size == 14)
    let pdf = try F.render(built)
    #expect(pdf.pageCount >= 2)
    #expect(try F.text(pdf).contains("H — do not give"))
  }
}
