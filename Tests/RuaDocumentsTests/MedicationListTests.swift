// SPDX-License-Identifier: Apache-2.0
import RuaCore
import RuaDocuments
import Testing

@Suite struct MedicationListTests {
  typealias B = BuiltDocument

  /// Every runway case: urgent, ok, overdue, no fill, on hold, as needed, stopped.
  static var patient: Patient {
    var patient = Patient(id: "p", fullName: "Ana Lista", dateOfBirth: day(1940, 1, 2))
    patient.noKnownAllergies = true
    patient.careTeam = [
      CareTeamMember(name: "Dr. Heart", role: "cardiology", phone: "555-0001"),
      CareTeamMember(name: "Dr. Primary", role: "Primary care", phone: "555-0002"),
    ]
    patient.pharmacy = Pharmacy(name: "Corner Pharmacy", phone: "555-0003")
    patient.medications = [
      B.medication("m1", "warfarin", times: [.evening], fill: (day(2026, 11, 1), 30)),
      B.medication("m2", "lorazepam", times: [.bedtime], fill: (day(2026, 11, 20), 30)),
      B.medication("m3", "metformin", times: [.morning, .evening], fill: (day(2026, 10, 25), 30)),
      B.medication("m4", "amlodipine", times: [.morning]),
      B.medication("m5", "acetaminophen", times: [], asNeeded: true, fill: (day(2026, 11, 2), 30)),
      B.medication("m6", "glipizide", status: .stopped, fill: (day(2026, 11, 1), 30)),
      B.medication(
        "m7", "lisinopril", times: [.morning], status: .onHold, fill: (day(2026, 11, 10), 30)),
    ]
    return patient
  }

  func scheduledTable(_ document: Document) throws -> Table {
    let tables = B.tables(document)
    return try #require(tables.first { $0.columns.count == 12 })
  }

  func row(_ table: Table, _ name: String) throws -> [String] {
    try #require(table.rows.first { $0[0].plainText.hasPrefix(name) }).map(\.plainText)
  }

  @Test func everyScheduledMedicationHasItsRunOutDateAndDaysLeft() throws {
    let table = try scheduledTable(B.medicationList(Self.patient))
    let expected = [
      ("warfarin", "Dec 1, 2026\n2 days left", "URGENT"),
      ("lorazepam", "Dec 20, 2026\n21 days left", "OK"),
      ("metformin", "Nov 24, 2026\nran out 5 days ago", "OVERDUE"),
      // On hold: not being given, so no run-out and no verdict but its own word.
      ("lisinopril", "No refill while on hold", "ON HOLD"),
    ]
    for (name, runsOut, word) in expected {
      let cells = try row(table, name)
      #expect(cells[10] == runsOut, "\(name)")
      #expect(cells[11] == word, "\(name)")
    }
    // Most urgent refill first, the no-fill line after `soon`.
    #expect(
      table.rows.map {
        $0[0].plainText.split(whereSeparator: \.isWhitespace).first.map(String.init) ?? ""
      } == [
        "metformin", "warfarin", "amlodipine", "lorazepam", "lisinopril",
      ])
  }

  /// One day left is the `one` form of the days-left count, in every language (there is no
  /// separate label for it).
  @Test(arguments: [
    ("en", "1 day left"), ("es", "queda 1 día"), ("ru", "остался 1 день"), ("ar", "بقي يوم واحد"),
    ("tl", "1 araw pa"), ("zh-Hans", "还剩 1 天"),
  ])
  func oneDayLeftIsTheCountsOneForm(language: String, words: String) throws {
    var patient = Self.patient
    patient.medications = [
      B.medication("m1", "warfarin", times: [.morning], fill: (day(2026, 11, 20), 10))
    ]
    let table = try scheduledTable(B.medicationList(patient, language: language))
    #expect(try row(table, "warfarin")[10].hasSuffix("\n" + words))
  }

  @Test func theRunwayBarIsDaysLeftOverDaySupplyAndOnlyWhereThereIsAForecast() throws {
    let table = try scheduledTable(B.medicationList(Self.patient))
    let fractions = Dictionary(
      uniqueKeysWithValues: table.gauges.map { (table.rows[$0.row][0].plainText, $0.fraction) })
    #expect(table.gauges.allSatisfy { $0.column == 11 })
    #expect(fractions.count == 3)
    #expect(!fractions.keys.contains { $0.hasPrefix("lisinopril") })  // on hold
    #expect(fractions.first { $0.key.hasPrefix("warfarin") }?.value == 2.0 / 30)
    #expect(fractions.first { $0.key.hasPrefix("metformin") }?.value == 0)
    #expect(fractions.first { $0.key.hasPrefix("lorazepam") }?.value == 21.0 / 30)
    #expect(!fractions.keys.contains { $0.hasPrefix("amlodipine") })
  }

  @Test func aScheduledMedicationWithoutAFillSaysAddAFillNeverADate() throws {
    let cells = try row(scheduledTable(B.medicationList(Self.patient)), "amlodipine")
    #expect(cells[9] == "No fill recorded")
    #expect(cells[10] == "Add a fill to see when it runs out")
    #expect(cells[11] == "ADD FILL")
  }

  @Test func asNeededMedicationsHaveTheirOwnBlockWithNoForecast() throws {
    let document = try B.medicationList(Self.patient)
    let tables = B.tables(document)
    let asNeeded = try #require(tables.first { $0.columns.count == 8 })
    #expect(asNeeded.rows.count == 1)
    let cells = asNeeded.rows[0].map(\.plainText)
    #expect(cells[0].hasPrefix("acetaminophen"))
    #expect(cells[3].hasPrefix("pain"))
    #expect(cells[4] == "3 tablets")
    #expect(cells[7] == "No forecast: taken only when needed")
    #expect(asNeeded.gauges.isEmpty)
    #expect(try !scheduledTable(document).rows.contains { $0[0].plainText.hasPrefix("acet") })
  }

  @Test func stoppedMedicationsAreNotListed() throws {
    #expect(!B.allText(try B.medicationList(Self.patient)).contains("glipizide"))
  }

  @Test func markersAndTheirLegend() throws {
    let document = try B.medicationList(Self.patient)
    let table = try scheduledTable(document)
    #expect(try row(table, "warfarin")[1] == "BT")
    #expect(try row(table, "lorazepam")[1] == "FR")
    #expect(try row(table, "amlodipine")[1] == "")
    let text = B.allText(document)
    for entry in [
      "BT blood thinner", "AP antiplatelet", "HA high-alert medicine", "FR can make a fall",
      "URGENT = 3 days or fewer", "SOON = 10 days or fewer",
    ] {
      #expect(text.contains(entry), "legend lacks \(entry)")
    }
  }

  @Test func totalsCountTheRowsAndTheTicksInEachSlot() throws {
    let document = try B.medicationList(Self.patient)
    let text = B.allText(document)
    #expect(text.contains("Scheduled medicines\n5 (1 on hold)"))
    #expect(text.contains("Morning 2 · Noon 0 · Evening 2 · Bedtime 1"))
    let table = try scheduledTable(document)
    for (slot, column) in zip(DoseTime.allCases, 3...6) {
      let ticks = table.rows.filter { $0[column].plainText == "✓" }.count
      #expect(
        ticks
          == MedicationTotals(
            listed: Self.patient.medications.filter {
              $0.status != .stopped
            }
          ).perSlot[slot])
    }
    // An on-hold medicine is listed but gets no tick.
    #expect(try row(table, "lisinopril")[3] == "")
  }

  @Test func headerHasTheFactsAndPhones() throws {
    let text = B.allText(try B.medicationList(Self.patient))
    for fact in [
      "Ana Lista", "Jan 2, 1940", "86 years", "Nov 29, 2026", "Dr. Primary · 555-0002",
      "Corner Pharmacy · 555-0003", "NO KNOWN ALLERGIES", "Reviewed by",
    ] {
      #expect(text.contains(fact), "missing \(fact)")
    }
    var unknown = Self.patient
    unknown.noKnownAllergies = false
    unknown.careTeam = []
    let other = B.allText(try B.medicationList(unknown))
    #expect(other.contains("ALLERGIES NOT RECORDED"))
    #expect(other.contains("Primary care\nPharmacy\nJan 2, 1940"))
  }

  @Test func fortyMedicationsPaginateWithTheHeaderAndNameOnEveryPage() throws {
    var patient = Self.patient
    patient.medications = (1...40).map {
      B.medication("x\($0)", "medicine \($0)", fill: (day(2026, 11, $0 % 28 + 1), 30))
    }
    let document = try B.medicationList(patient)
    let template = try B.template("medication-list.json")
    let pages = paginate(document, layout: template.layout, measurer: Fake.measurer)
    #expect(pages.count >= 3)
    for page in pages {
      let texts = page.textBoxes.map(\.text.plainText)
      if texts.contains(where: { $0.hasPrefix("medicine ") }) {
        #expect(texts.contains("Runs out"), "page \(page.number) lacks the table header")
      }
      #expect(texts.contains("Page \(page.number) of \(pages.count)"))
      if page.number > 1 {
        // The date is printed with no-break spaces so the running header never breaks in it.
        #expect(texts.first == "Ana Lista   Date of birth Jan\u{A0}2,\u{A0}1940 · continued")
      }
    }
    for index in 1...40 {
      let name = "medicine \(index)\n5 mg"
      let on = pages.filter { $0.textBoxes.contains { $0.text.plainText == name } }
      #expect(on.count == 1, "medicine \(index) is on \(on.count) pages")
    }
  }

  @Test func spanishUsesSpanishLabels() throws {
    let text = B.allText(try B.medicationList(Self.patient, language: "es"))
    for word in ["Medicamentos con horario", "URGENTE", "quedan 2 días", "1 dic 2026", "AGOTADO"] {
      #expect(text.contains(word), "missing \(word)")
    }
  }
}
