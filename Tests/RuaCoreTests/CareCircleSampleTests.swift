// SPDX-License-Identifier: Apache-2.0
import Glibc
import RuaCore
import RuaTestSupport
import Testing

/// The shipped sample, `samples/care-circle.json`: valid, canonical, complete, fictional.
@Suite struct CareCircleSampleTests {
  static let exportDay = CivilDate(iso: "2026-11-01") ?? CivilDate(daysSinceEpoch: 0)

  static func sampleBytes() throws -> [UInt8] { try SampleCircles.shipped() }

  /// A file of the repository, by its path from the repository's root.
  static func read(_ relative: String) throws -> [UInt8] { try PackageRoot.bytes(relative) }

  static func sample() throws -> CareCircle {
    try CareCircleDecoder.decode(try sampleBytes(), today: exportDay)
  }

  @Test func decodesOnItsExportDay() throws {
    let circle = try Self.sample()
    #expect(circle.exportedAt == "2026-11-01T09:00:00Z")
    #expect(circle.patients.map(\.id) == ["p-agnes-01", "p-tomasz-02", "p-meiling-03"])
    #expect(circle.patients.first?.fullName == "Agnès Doré-Ramírez")
  }

  @Test func roundTripsThroughTheEncoder() throws {
    let circle = try Self.sample()
    let again = try CareCircleDecoder.decode(
      json: CareCircleEncoder.encode(circle), today: Self.exportDay)
    #expect(again == circle)
    let viaText = try CareCircleDecoder.decode(
      Array(JSONWriter.write(CareCircleEncoder.encode(circle)).utf8), today: Self.exportDay)
    #expect(viaText == circle)
  }

  @Test func isWrittenInCanonicalForm() throws {
    let bytes = try Self.sampleBytes()
    let canonical = JSONWriter.write(CareCircleEncoder.encode(try Self.sample()))
    #expect(Array(canonical.utf8) == bytes)
  }

  @Test func usesEveryFieldOfTheFormat() throws {
    let json = try JSONParser.parse(try Self.sampleBytes())
    var seen: [String: Set<String>] = [:]
    func collect(_ value: JSON?, as table: String) {
      guard case .object(let members)? = value else { return }
      seen[table, default: []].formUnion(members.map(\.key))
    }
    collect(json, as: "top")
    for patient in json["patients"]?.arrayValue ?? [] {
      collect(patient, as: "patient")
      collect(patient["advanceDirective"], as: "advanceDirective")
      collect(patient["baseline"], as: "baseline")
      collect(patient["pharmacy"], as: "pharmacy")
      for (key, table) in [
        ("devices", "device"), ("conditions", "condition"), ("allergies", "allergy"),
        ("contacts", "contact"), ("careTeam", "careTeamMember"), ("medications", "medication"),
      ] {
        for item in patient[key]?.arrayValue ?? [] { collect(item, as: table) }
      }
      for medication in patient["medications"]?.arrayValue ?? [] {
        for fill in medication["fills"]?.arrayValue ?? [] { collect(fill, as: "fill") }
      }
    }
    let tables: [(String, [String])] = [
      ("top", CareCircleFields.top), ("patient", CareCircleFields.patient),
      ("advanceDirective", CareCircleFields.advanceDirective),
      ("baseline", CareCircleFields.baseline), ("device", CareCircleFields.device),
      ("condition", CareCircleFields.condition), ("allergy", CareCircleFields.allergy),
      ("careTeamMember", CareCircleFields.careTeamMember), ("pharmacy", CareCircleFields.pharmacy),
      ("medication", CareCircleFields.medication), ("fill", CareCircleFields.fill),
      ("contact", CareCircleFields.contact),
    ]
    for (table, keys) in tables {
      #expect(
        seen[table] == Set(keys), "\(table) misses \(Set(keys).subtracting(seen[table] ?? []))")
    }
    let circle = try Self.sample()
    let roles = Set(circle.patients.flatMap { $0.contacts.flatMap(\.roles) })
    #expect(roles == Set(ContactRole.allCases))
    let times = Set(circle.patients.flatMap { $0.medications.flatMap(\.times) })
    #expect(times.isSuperset(of: [.morning, .evening, .bedtime]))
    #expect(
      Set(circle.patients.flatMap { $0.medications.map(\.status) })
        == Set(MedicationStatus.allCases))
  }

  /// The runway story the demo relies on, by the rule of the format page. One medicine runs out
  /// on the export day itself, so the goldens show the overdue edge (0 days left is overdue).
  @Test func hasOneOverdueOneUrgentOneSoonOneUnfilledOneStoppedOneOnHold() throws {
    let circle = try Self.sample()
    var outToday: [String] = []
    var urgent: [String] = []
    var soon: [String] = []
    var noFill: [String] = []
    for medication in circle.patients.flatMap(\.medications)
    where medication.status == .active && !medication.asNeeded {
      var current: Fill?
      for fill in medication.fills where fill.fillDate >= (current?.fillDate ?? fill.fillDate) {
        current = fill
      }
      guard let current else {
        noFill.append(medication.id)
        continue
      }
      let left = Self.exportDay.days(until: current.fillDate.adding(days: current.daySupply))
      #expect(left >= 0, "\(medication.id) ran out before the export day")
      if left == 0 {
        outToday.append(medication.id)
      } else if left <= 3 {
        urgent.append(medication.id)
      } else if left <= 10 {
        soon.append(medication.id)
      }
    }
    #expect(outToday == ["med-atorvastatin"])
    #expect(urgent == ["med-apixaban"])
    #expect(soon == ["med-metformin"])
    #expect(noFill == ["med-memantine"])
    let all = circle.patients.flatMap(\.medications)
    #expect(all.filter { $0.status == .stopped }.map(\.id) == ["med-glipizide"])
    #expect(all.filter { $0.status == .onHold }.map(\.id) == ["med-aspirin"])
    #expect(all.filter(\.asNeeded).map(\.id) == ["med-acetaminophen"])
    #expect(all.first { $0.id == "med-glargine" }?.highAlert == true)
  }

  /// The edge the goldens print: a medicine whose supply ends on the day itself is overdue with
  /// 0 days left (docs/runway-and-flags.md), and it leads its patient's list.
  @Test func theMedicineRunningOutOnTheExportDayIsOverdueAndLeads() throws {
    let circle = try Self.sample()
    let meiLing = try #require(circle.patients.first { $0.id == "p-meiling-03" })
    let statin = try #require(meiLing.medications.first { $0.id == "med-atorvastatin" })
    let runway = Runway.evaluate(statin, today: Self.exportDay)
    #expect(runway.status == .overdue)
    #expect(runway.daysRemaining == 0)
    #expect(runway.runOutDate == Self.exportDay)
    let dayBefore = Self.exportDay.adding(days: -1)
    #expect(Runway.evaluate(statin, today: dayBefore).status == .urgent)
    #expect(Runway.documentOrder(meiLing.medications, today: Self.exportDay).first?.id == statin.id)
  }

  @Test func exercisesSeveralScriptsAndFictionalPhones() throws {
    let text = String(decoding: try Self.sampleBytes(), as: UTF8.self)
    let scalars = Set(text.unicodeScalars.map(\.value))
    #expect(scalars.contains { (0x0391...0x03C9).contains($0) })  // Greek
    #expect(scalars.contains { (0x0410...0x044F).contains($0) })  // Cyrillic
    #expect(scalars.contains { (0x0621...0x064A).contains($0) })  // Arabic
    #expect(scalars.contains { (0x4E00...0x9FFF).contains($0) })  // CJK
    let circle = try Self.sample()
    for patient in circle.patients {
      let phones =
        [patient.phone, patient.pharmacy?.phone]
        + patient.contacts.flatMap { [$0.phone, $0.altPhone] }
        + patient.careTeam.map(\.phone)
      for phone in phones.compactMap({ $0 }) {
        #expect(phone.contains("555-01"), "\(phone)")
      }
    }
  }

  @Test func noMedicationDateIsAfterTheExportDaySoTheDemoShiftIsSafe() throws {
    let circle = try Self.sample()
    let dates = circle.patients.flatMap(\.medications).flatMap { medication in
      [medication.startDate, medication.stoppedDate].compactMap { $0 }
        + medication.fills.map(\.fillDate)
    }
    #expect(!dates.isEmpty)
    #expect(dates.allSatisfy { $0 <= Self.exportDay })

    // The demo's shift: today − exportedAt. The shifted circle is valid on that today.
    let today = try #require(CivilDate(iso: "2027-03-15"))
    let shifted = circle.shiftingMedicationDates(by: Self.exportDay.days(until: today))
    let again = try CareCircleDecoder.decode(json: CareCircleEncoder.encode(shifted), today: today)
    #expect(again == shifted)
  }
}
