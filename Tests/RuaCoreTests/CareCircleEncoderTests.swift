// SPDX-License-Identifier: Apache-2.0
import RuaCore
import Testing

@Suite struct CareCircleEncoderTests {
  private static let today = CareCircleFixture.today

  private static func date(_ text: String) -> CivilDate {
    CivilDate(iso: text) ?? CivilDate(daysSinceEpoch: 0)
  }

  /// A patient with every field set, built in code rather than read from a file.
  static func fullPatient() -> Patient {
    var patient = Patient(id: "p:1", fullName: "Zoë Ω Test", dateOfBirth: date("1930-02-28"))
    patient.preferredName = "Zo"
    patient.sex = .other
    patient.language = "el"
    patient.interpreterNeeded = false
    patient.weightKg = 0.1
    patient.heightCm = 123.456_789
    patient.address = "1 Road"
    patient.phone = "555-0100"
    patient.insurance = "Plan"
    patient.codeStatus = "Full code"
    patient.advanceDirective = AdvanceDirective(location: "Drawer")
    patient.baseline = Baseline(hearing: "Aid")
    patient.devices = [Device(name: "Pump", details: "Left side")]
    patient.alerts = ["One", "Two"]
    patient.conditions = [Condition(name: "C", since: "1999-12", notes: "a\nb")]
    patient.allergies = [
      Allergy(substance: "S", reaction: "R", severity: .unknown, kind: .intolerance)
    ]
    var medication = Medication(id: "m", name: "n", brand: "b", strength: "s", form: "f")
    medication.route = "r"
    medication.dose = "d"
    medication.schedule = "sc"
    medication.times = [.evening, .morning]
    medication.asNeeded = true
    medication.asNeededReason = "why"
    medication.maxPerDay = "2"
    medication.purpose = "p"
    medication.prescriber = "pr"
    medication.instructions = "i"
    medication.startDate = date("2020-01-01")
    medication.status = .stopped
    medication.stoppedDate = date("2021-01-01")
    medication.highAlert = false
    medication.refillsRemaining = 0
    medication.minIntervalMinutes = 240
    medication.rxNumber = "rx"
    medication.fills = [
      Fill(fillDate: date("2020-12-01"), daySupply: 7, quantity: 1e-7, pharmacy: "ph"),
      Fill(fillDate: date("2020-12-01"), daySupply: 365, quantity: 99_999.999_999_999_99),
    ]
    patient.medications = [medication, Medication(id: "m2", name: "other", status: .onHold)]
    patient.contacts = [
      Contact(name: "K", relation: "son", phone: "1", altPhone: "2", roles: [.poa])
    ]
    patient.careTeam = [CareTeamMember(name: "Dr", role: "GP", phone: "3", organization: "O")]
    patient.pharmacy = Pharmacy(name: "Ph", phone: "4", address: "A")
    patient.preferredHospital = "H"
    patient.dependents = "Dog"
    patient.notes = "n\tn"
    patient.sourceDate = "2017-12-11T13:30:00Z"
    patient.weightMeasuredOn = date("1999-01-02")
    patient.bloodType = "B"
    patient.immunizations = [Immunization(vaccine: "flu", date: "2019")]
    patient.conditions[0].codes = [Code(system: "s", code: "c", display: "d")]
    patient.medications[0].codes = [Code(system: "s", code: "c")]
    patient.allergies[0].codes = [Code(system: "s", code: "c")]
    patient.devices[0].since = "2001"
    return patient
  }

  @Test func aFullCircleRoundTrips() throws {
    var second = Patient(id: "p2", fullName: "Bare", dateOfBirth: Self.today)
    second.noKnownAllergies = true
    let circle = CareCircle(
      exportedAt: "2026-01-01T00:00:00Z", patients: [Self.fullPatient(), second],
      extensions: .object([("k", .number("1e3"))]))
    let json = CareCircleEncoder.encode(circle)
    #expect(try CareCircleDecoder.decode(json: json, today: Self.today) == circle)
    let text = JSONWriter.write(json, pretty: false)
    #expect(try CareCircleDecoder.decode(Array(text.utf8), today: Self.today) == circle)
  }

  @Test func defaultsAndAbsentValuesAreLeftOut() {
    let bare = CareCircleEncoder.encode(Medication(id: "m", name: "n"))
    #expect(bare == .object([("id", .string("m")), ("name", .string("n"))]))

    let patient = CareCircleEncoder.encode(
      Patient(id: "p", fullName: "F", dateOfBirth: Self.date("1950-05-05")))
    #expect(
      patient
        == .object([
          ("id", .string("p")), ("fullName", .string("F")), ("dateOfBirth", .string("1950-05-05")),
        ]))
    #expect(
      CareCircleEncoder.encode(CareCircle())
        == .object([
          ("format", .string("rua-care-circle")), ("version", .number("1")),
          ("patients", .array([])),
        ]))
  }

  @Test func explicitFalseOverridesAndNonDefaultStatusesAreWritten() {
    let medication = CareCircleEncoder.encode(
      Medication(id: "m", name: "n", status: .onHold, highAlert: false, refillsRemaining: 0))
    #expect(medication["status"] == .string("on-hold"))
    #expect(medication["highAlert"] == .bool(false))
    #expect(medication["refillsRemaining"] == .number("0"))
    #expect(medication["asNeeded"] == nil)
    let patient = CareCircleEncoder.encode(Self.fullPatient())
    #expect(patient["interpreterNeeded"] == .bool(false))
    #expect(patient["noKnownAllergies"] == nil)
  }

  @Test func keysFollowTheFormatTables() {
    guard case .object(let patient) = CareCircleEncoder.encode(Self.fullPatient()) else {
      Issue.record("not an object")
      return
    }
    #expect(patient.map(\.key) == CareCircleFields.patient.filter { $0 != "noKnownAllergies" })
    guard
      case .object(let medication) = CareCircleEncoder.encode(Self.fullPatient().medications[0])
    else {
      Issue.record("not an object")
      return
    }
    // A stopped medicine has no hold (HoldFormatTests writes one).
    #expect(medication.map(\.key) == CareCircleFields.medication.filter { $0 != "hold" })
  }

  @Test(arguments: [
    0.1, 1e-7, 58.5, 157, 499.999_999_999_9, Double.leastNonzeroMagnitude,
    12_345.678_901_234_5,
  ])
  func numbersReadBackIdentically(value: Double) throws {
    let fill = Fill(fillDate: Self.today, daySupply: 1, quantity: value)
    let json = CareCircleEncoder.encode(fill)
    let text = JSONWriter.write(json, pretty: false)
    let back = try CareCircleDecoder.decodeFill(
      try JSONParser.parse(text), path: "", today: Self.today)
    #expect(back.quantity == value)
  }
}

@Suite struct CareCircleShiftTests {
  @Test func movesMedicationDatesOnly() throws {
    let patient = CareCircleEncoderTests.fullPatient()
    let circle = CareCircle(exportedAt: "2026-01-01T00:00:00Z", patients: [patient])
    let shifted = circle.shiftingMedicationDates(by: 31)
    let moved = try #require(shifted.patients.first)
    #expect(moved.dateOfBirth == patient.dateOfBirth)
    #expect(moved.conditions == patient.conditions)
    #expect(shifted.exportedAt == circle.exportedAt)
    let medication = try #require(moved.medications.first)
    #expect(medication.startDate?.iso == "2020-02-01")
    #expect(medication.stoppedDate?.iso == "2021-02-01")
    #expect(medication.fills.map(\.fillDate.iso) == ["2021-01-01", "2021-01-01"])
    #expect(medication.fills.map(\.daySupply) == [7, 365])
    #expect(moved.medications[1] == patient.medications[1])
  }

  @Test func zeroIsTheIdentityAndShiftsUndo() {
    let circle = CareCircle(patients: [CareCircleEncoderTests.fullPatient()])
    #expect(circle.shiftingMedicationDates(by: 0) == circle)
    #expect(circle.shiftingMedicationDates(by: -400).shiftingMedicationDates(by: 400) == circle)
    #expect(circle.shiftingMedicationDates(by: 1) != circle)
  }
}
