// SPDX-License-Identifier: Apache-2.0
import Foundation
import RuaCore
import RuaDocuments
import Testing

/// Dated holds on paper (issues 29 and 30): every document says since when, until when and
/// why; the MAR marks exactly the held days; a held medicine's standing instruction never
/// stands beside "do not give"; a hold past its planned end is said to be due to end, never
/// quietly active or held. Also the MAR's least time between as-needed doses and its changes
/// since the last sheet.
@Suite("Dated holds")
struct HoldDatesTests {
  static let weekStart = day(2026, 12, 7)

  static func held(
    since: CivilDate? = day(2026, 11, 25), until: CivilDate? = day(2026, 12, 9),
    reason: String? = "dental extraction"
  ) -> Medication {
    var aspirin = BuiltDocument.medication("m-aspirin", "aspirin", status: .onHold)
    aspirin.instructions = "Do not skip doses."
    aspirin.hold = MedicationHold(since: since, until: until, reason: reason)
    return aspirin
  }

  static func record(
    _ patient: Patient, start: CivilDate = weekStart, today: CivilDate = weekStart,
    language: String = "en", changes: MARChanges = MARChanges()
  ) throws -> Document {
    let table = try BuiltDocument.drugClasses()
    return AdministrationRecord.build(
      patient: patient, facts: ERFacts.derive(patient: patient, table: table, today: today),
      start: start, today: today, printedAt: "now", labels: try BuiltDocument.labels(language),
      template: try BuiltDocument.template("administration-record.json"),
      contentVersion: "1", pendingReview: false, changes: changes)
  }

  /// Plain text with no-break spaces as spaces.
  static func plain(_ document: Document) -> String {
    String(BuiltDocument.allText(document).map { $0 == "\u{00A0}" ? " " : $0 })
  }

  /// The seven day cells of the first row of the scheduled grid.
  static func dayCells(_ document: Document) throws -> [String] {
    let grid = try #require(
      BuiltDocument.tables(document).first { $0.columns.count == 4 + AdministrationRecord.days })
    return try #require(grid.rows.first).suffix(AdministrationRecord.days).map(\.plainText)
  }

  @Test func theMARMarksExactlyTheHeldDays() throws {
    // Held Nov 25 to Dec 9; the week runs Dec 7 to Dec 13.
    let cells = try Self.dayCells(Self.record(BuiltDocument.patient([Self.held()])))
    #expect(cells.prefix(3).allSatisfy { $0 == "H — do not give" }, "\(cells)")
    #expect(cells.suffix(4).allSatisfy { $0 == "at ____" }, "\(cells)")
    // A hold starting within the week: given before it.
    let later = Self.held(since: day(2026, 12, 7), until: day(2026, 12, 8))
    let split = try Self.dayCells(
      Self.record(BuiltDocument.patient([later]), start: day(2026, 12, 5), today: day(2026, 12, 7)))
    #expect(
      split == ["at ____", "at ____"] + Array(repeating: "H — do not give", count: 2)
        + Array(repeating: "at ____", count: 3), "\(split)")
    // A hold recorded without dates: every day, as before.
    let undated = Self.held(since: nil, until: nil, reason: nil)
    let all = try Self.dayCells(Self.record(BuiltDocument.patient([undated])))
    #expect(all == Array(repeating: "H — do not give", count: 7), "\(all)")
  }

  @Test func everyDocumentSaysSinceUntilAndWhy() throws {
    let patient = BuiltDocument.patient([Self.held()])
    let words = "On hold since Nov 25, 2026 until Dec 9, 2026 (dental extraction)"
    let er = Self.plain(try BuiltDocument.erSheet(patient))
    let list = Self.plain(try BuiltDocument.medicationList(patient))
    let mar = Self.plain(try Self.record(patient, today: BuiltDocument.today))
    for (name, text) in [("ER sheet", er), ("medication list", list), ("MAR", mar)] {
      #expect(text.contains(words), "\(name): \(text)")
      // The standing instruction is for when it is given again, never beside "do not give".
      #expect(text.contains("When resumed: Do not skip doses."), "\(name)")
      #expect(
        !text.replacingOccurrences(of: "When resumed: Do not skip doses.", with: "")
          .contains("Do not skip doses."), "\(name)")
    }
    // The card and the bands, short.
    let table = try BuiltDocument.drugClasses()
    let card = WalletCard.build(
      patient: patient,
      facts: ERFacts.derive(patient: patient, table: table, today: BuiltDocument.today),
      today: BuiltDocument.today, printedAt: "now", labels: try BuiltDocument.labels(),
      template: try BuiltDocument.template("wallet-card.json"), contentVersion: "1",
      pendingReview: false)
    let faces = try #require(card.card)
    let cardText = (faces.front + faces.back).flatMap { part -> [String] in
      switch part {
      case .block(let block): return BuiltDocument.texts(block)
      case .list(let list): return list.blocks(shown: list.items.count).flatMap(BuiltDocument.texts)
      }
    }.joined(separator: "\n").replacingOccurrences(of: "\u{00A0}", with: " ")
    #expect(cardText.contains("(on hold until Dec 9, 2026)"), "\(cardText)")
    #expect(er.contains("aspirin (5 mg; on hold until Dec 9, 2026)"), "\(er)")
  }

  @Test func aHoldPastItsPlannedEndIsDueToEndAndToBeChecked() throws {
    // Planned to end Nov 20; printed Nov 29.
    let patient = BuiltDocument.patient([Self.held(until: day(2026, 11, 20))])
    let words =
      "On hold since Nov 25, 2026; the hold was due to end on Nov 20, 2026: check with the"
      + " prescriber before giving it (dental extraction)"
    let er = Self.plain(try BuiltDocument.erSheet(patient))
    let list = Self.plain(try BuiltDocument.medicationList(patient))
    let mar = Self.plain(
      try Self.record(patient, start: day(2026, 11, 29), today: BuiltDocument.today))
    for (name, text) in [("ER sheet", er), ("medication list", list), ("MAR", mar)] {
      #expect(text.contains(words), "\(name): \(text)")
      #expect(!text.contains("until Nov 20, 2026"), "\(name)")
    }
    #expect(er.contains("aspirin (5 mg; on hold; was due to end Nov 20, 2026: check)"), "\(er)")
  }

  @Test func aHoldWithoutDatesSaysSinceNotRecorded() throws {
    let patient = BuiltDocument.patient([Self.held(since: nil, until: nil, reason: nil)])
    let er = Self.plain(try BuiltDocument.erSheet(patient))
    #expect(er.contains("On hold (since: not recorded)"), "\(er)")
  }

  @Test func everyLocaleWritesTheHoldWithItsDates() throws {
    let patient = BuiltDocument.patient([Self.held()])
    for language in ["en", "es", "zh-Hans", "vi", "tl", "ar", "ko", "ru", "ht"] {
      let labels = try BuiltDocument.labels(language)
      let text = Self.plain(try BuiltDocument.erSheet(patient, language: language))
      for date in [day(2026, 11, 25), day(2026, 12, 9)] {
        let shown = labels.format(date: date).replacingOccurrences(of: "\u{00A0}", with: " ")
        #expect(text.contains(shown), "\(language): \(shown)")
      }
      #expect(!text.contains("{"), "\(language): a placeholder left unfilled")
      let changes = Self.plain(
        try Self.record(
          patient, language: language,
          changes: MARChanges(lastSheet: day(2026, 11, 30), started: ["vitamin D"])))
      #expect(changes.contains(labels[.marChanges]) && changes.contains("vitamin D"), "\(language)")
      #expect(!changes.contains("{"), "\(language): a placeholder left unfilled")
    }
  }

  @Test func theAsNeededTablePrintsTheLeastTimeBetweenDoses() throws {
    var every6 = BuiltDocument.medication("m-apap", "acetaminophen", asNeeded: true)
    every6.minIntervalMinutes = 360
    var every90 = BuiltDocument.medication("m-nitro", "nitroglycerin", asNeeded: true)
    every90.minIntervalMinutes = 90
    let prn = try #require(
      BuiltDocument.tables(try Self.record(BuiltDocument.patient([every6, every90]))).first {
        $0.columns.count == 6
      })
    let interval = prn.rows.map { $0[4].plainText.replacingOccurrences(of: "\u{00A0}", with: " ") }
    #expect(interval == ["6 h", "1 h 30 min"], "\(interval)")
  }

  @Test func changesSinceTheLastSheet() throws {
    let patient = BuiltDocument.patient([BuiltDocument.medication("m1", "lisinopril")])
    let first = Self.plain(try Self.record(patient))
    #expect(first.contains("Changes since the last sheet"))
    #expect(first.contains("No earlier sheet of this record was printed"), "\(first)")
    let changed = Self.plain(
      try Self.record(
        patient,
        changes: MARChanges(
          lastSheet: day(2026, 11, 30), started: ["vitamin D"], stopped: ["lorazepam"],
          doseChanged: ["donepezil", "lisinopril"])))
    #expect(changed.contains("Since the sheet printed Nov 30, 2026:"), "\(changed)")
    #expect(changed.contains("New: vitamin D"))
    #expect(changed.contains("Stopped: lorazepam"))
    #expect(changed.contains("Dose changed: donepezil and lisinopril"))
    let none = Self.plain(
      try Self.record(patient, changes: MARChanges(lastSheet: day(2026, 11, 30))))
    #expect(none.contains("No medicine was started or stopped, and no dose changed."), "\(none)")
  }
}
