// SPDX-License-Identifier: Apache-2.0
import RuaCore
import Testing

/// What the decoder keeps, cleans and accepts (the refusals are in `CareCircleRefusalTests`).
@Suite struct CareCircleDecoderTests {
  private func decode(_ changes: [(String, JSON?)]) throws -> CareCircle {
    var document = try CareCircleFixture.base()
    for (path, value) in changes { document = document.setting(path, to: value) }
    return try CareCircleFixture.decode(document)
  }

  private func patient(_ changes: [(String, JSON?)]) throws -> Patient {
    try #require(try decode(changes).patients.first)
  }

  @Test func stringsAreTrimmedAndInnerTextIsKept() throws {
    let patient = try patient([
      ("patients.0.fullName", .string(" \u{3000}Ana  María\u{A0}\n")),
      ("patients.0.id", .string("  p1 ")),
      ("patients.0.dateOfBirth", .string(" 1940-01-01 ")),
      ("patients.0.sex", .string(" female ")),
      ("patients.0.notes", .string("\n  first line\n\tsecond line \n")),
    ])
    #expect(patient.fullName == "Ana  María")
    #expect(patient.id == "p1")
    #expect(patient.dateOfBirth.iso == "1940-01-01")
    #expect(patient.sex == .female)
    #expect(patient.notes == "first line\n\tsecond line")
  }

  @Test func emptyStringsCountAsAbsent() throws {
    let circle = try decode([
      ("exportedAt", .string(" ")),
      ("patients.0.preferredName", .string("   ")),
      ("patients.0.sex", .string("")),
      ("patients.0.language", .string("")),
      ("patients.0.alerts.1", .string("  ")),
      ("patients.0.advanceDirective.summary", .string(" ")),
      ("patients.0.baseline.cognition", .string("")),
      ("patients.0.conditions.0.since", .string("")),
      ("patients.0.medications.0.status", .string(" ")),
      ("patients.0.medications.0.startDate", .string("")),
      ("patients.0.medications.0.fills.0.pharmacy", .string("")),
      ("patients.0.contacts.0.phone", .string("\t")),
    ])
    #expect(circle.exportedAt == nil)
    let patient = try #require(circle.patients.first)
    #expect(patient.preferredName == nil)
    #expect(patient.sex == nil)
    #expect(patient.language == nil)
    #expect(patient.alerts == ["Left arm: no blood pressure"])
    #expect(patient.advanceDirective == nil)
    #expect(patient.baseline == nil)
    #expect(patient.conditions.first?.since == nil)
    #expect(patient.medications.first?.status == .active)
    #expect(patient.medications.first?.startDate == nil)
    #expect(patient.medications.first?.fills.first?.pharmacy == nil)
    #expect(patient.contacts.first?.phone == nil)
  }

  @Test func lengthsCountUserPerceivedCharacters() throws {
    let decomposed = String(repeating: "e\u{301}", count: 200)  // 400 scalars, 200 characters
    #expect(try patient([("patients.0.fullName", .string(decomposed))]).fullName == decomposed)
    // 40 family emoji: 40 characters of 5 code points and 18 bytes each, within the code-point
    // and byte limits of a 100-character field (TextLimits).
    let family = String(repeating: "👨‍👩‍👧", count: 40)
    #expect(try patient([("patients.0.preferredName", .string(family))]).preferredName == family)

    let document = try CareCircleFixture.base()
      .setting("patients.0.fullName", to: .string(decomposed + "é"))
    let tooLong = CareCircleFixture.refusal { () throws(CareCircleError) in
      try CareCircleFixture.decode(document)
    }
    #expect(tooLong?.reason == "must be at most 200 characters (it has 201)")
  }

  @Test func limitsAndRangesIncludeTheirEnds() throws {
    let patient = try patient([
      ("patients.0.id", CareCircleFixture.long(64)),
      ("patients.0.fullName", CareCircleFixture.long(200)),
      ("patients.0.notes", CareCircleFixture.long(2000)),
      ("patients.0.dateOfBirth", .string("2026-11-01")),
      ("patients.0.weightKg", .number("499.99")),
      ("patients.0.heightCm", .number("0.5")),
      ("patients.0.medications.0.refillsRemaining", .int(99)),
      ("patients.0.medications.0.fills.0.daySupply", .int(365)),
      ("patients.0.medications.0.fills.0.fillDate", .string("2026-11-01")),
      (
        "patients.0.medications.0.fills.1",
        .object([("fillDate", .string("2026-11-01")), ("daySupply", .int(1))])
      ),
      (
        "patients.0.medications.1",
        .object([
          ("id", .string("A.z_0:9-")), ("name", .string("x")), ("refillsRemaining", .int(0)),
        ])
      ),
    ])
    #expect(patient.id.count == 64)
    #expect(patient.weightKg == 499.99)
    #expect(patient.heightCm == 0.5)
    #expect(patient.medications.map(\.refillsRemaining) == [99, 0])
    #expect(patient.medications.first?.fills.map(\.daySupply) == [365, 1])
  }

  @Test func acceptedFormsOfDatesTagsAndTimestamps() throws {
    for since in ["2019", "2019-04", "2019-04-17", "2026-12-31"] {
      let patient = try patient([("patients.0.conditions.0.since", .string(since))])
      #expect(patient.conditions.first?.since == since)
    }
    for language in ["es", "zh-Hant", "sr-Latn-RS", "pt-BR", "yue", "de-CH-1996"] {
      #expect(try patient([("patients.0.language", .string(language))]).language == language)
    }
    for stamp in [
      "2026-11-01T09:00:00Z", "2026-11-01T23:59:60.123456789Z", "1999-01-01T00:00:00.5Z",
    ] {
      #expect(try decode([("exportedAt", .string(stamp))]).exportedAt == stamp)
    }
  }

  @Test func statusesFlagsAndAllergyStatesAreRead() throws {
    let patient = try patient([
      ("patients.0.allergies", .array([])),
      ("patients.0.noKnownAllergies", .bool(true)),
      ("patients.0.interpreterNeeded", .bool(false)),
      ("patients.0.medications.0.status", .string("stopped")),
      ("patients.0.medications.0.stoppedDate", .string("2026-10-15")),
      ("patients.0.medications.0.startDate", .string("2027-01-01")),
      ("patients.0.medications.0.highAlert", .bool(false)),
      ("patients.0.medications.0.asNeeded", .bool(true)),
      ("patients.0.medications.0.times", .array([.string("bedtime"), .string("noon")])),
    ])
    #expect(patient.noKnownAllergies)
    #expect(patient.allergies.isEmpty)
    #expect(patient.interpreterNeeded == false)
    let medication = try #require(patient.medications.first)
    #expect(medication.status == .stopped)
    #expect(medication.stoppedDate?.iso == "2026-10-15")
    #expect(medication.startDate?.iso == "2027-01-01")
    #expect(medication.highAlert == false)
    #expect(medication.asNeeded)
    #expect(medication.times == [.bedtime, .noon])
  }

  @Test func extensionsAreKeptAsWritten() throws {
    let value = JSON.object([
      ("b", .number("1.50")), ("a", .array([.null, .bool(false), .string("  spaced  ")])),
      ("any key", .object([])),
    ])
    let circle = try decode([("extensions", value)])
    #expect(circle.extensions == value)
    #expect(CareCircleEncoder.encode(circle)["extensions"] == value)
  }

  @Test func entityEntryPointsUseTheGivenPath() throws {
    let fill = JSON.object([("fillDate", .string("2026-10-01")), ("daySupply", .int(400))])
    let error = CareCircleFixture.refusal { () throws(CareCircleError) in
      _ = try CareCircleDecoder.decodeFill(fill, path: "fills[3]", today: CareCircleFixture.today)
      return CareCircle()
    }
    #expect(error?.description == "fills[3].daySupply: must be a whole number from 1 to 365")

    let medication = CareCircleEncoder.encode(Medication(id: "m9", name: "warfarin"))
    let decoded = try CareCircleDecoder.decodeMedication(
      medication, path: "", today: CareCircleFixture.today)
    #expect(decoded == Medication(id: "m9", name: "warfarin"))
    let unknown = CareCircleFixture.refusal { () throws(CareCircleError) in
      _ = try CareCircleDecoder.decodePatient(
        .object([("idd", .string("x"))]), path: "", today: CareCircleFixture.today)
      return CareCircle()
    }
    #expect(unknown?.path == "idd")
  }

  @Test func anEmptyCircleIsValid() throws {
    let text = "{\"format\": \"rua-care-circle\", \"version\": 1, \"patients\": []}"
    let circle = try CareCircleDecoder.decode(Array(text.utf8), today: CareCircleFixture.today)
    #expect(circle == CareCircle())
  }

  @Test func smallEntityEntryPointsCheckTheirKeys() throws {
    let device = try CareCircleDecoder.decodeDevice(
      .object([("name", .string(" Pump "))]), path: "devices[0]")
    #expect(device == Device(name: "Pump"))
    let member = try CareCircleDecoder.decodeCareTeamMember(
      .object([("name", .string("Dr")), ("role", .string(""))]), path: "careTeam[0]")
    #expect(member == CareTeamMember(name: "Dr"))
    let error = CareCircleFixture.refusal { () throws(CareCircleError) in
      _ = try CareCircleDecoder.decodePharmacy(.object([("phone", .string("1"))]), path: "pharmacy")
      return CareCircle()
    }
    #expect(error == CareCircleError(path: "pharmacy.name", reason: "is required"))
  }
}
