// SPDX-License-Identifier: Apache-2.0
import RuaCore
import Testing

/// One change to the valid base document and the refusal it must cause.
struct Refusal: Sendable, CustomTestStringConvertible {
  /// Dotted path of the change (`patients.0.id`); `value` nil removes the key.
  let change: String
  let value: JSON?
  let path: String
  let reason: String

  init(_ change: String, _ value: JSON?, _ path: String, _ reason: String) {
    self.change = change
    self.value = value
    self.path = path
    self.reason = reason
  }

  var testDescription: String { "\(change) → \(path): \(reason)" }

  /// Applies the change to the base document and checks the decoder's refusal.
  func check() throws {
    let document = try CareCircleFixture.base().setting(change, to: value)
    let error = try #require(
      CareCircleFixture.refusal { () throws(CareCircleError) in
        try CareCircleFixture.decode(document)
      })
    #expect(error.path == path)
    #expect(error.reason.contains(reason), "\(error)")
  }
}

private typealias R = Refusal
private let long = CareCircleFixture.long
private let pat = "patients[0]"
private let med = "patients[0].medications[0]"

/// Every rule of the top level and the patient table, one row per way to break it.
private let topAndPatientRefusals: [Refusal] = [
  R("format", nil, "format", "is required"),
  R("format", .string("rua-care-circl"), "format", "must be exactly \"rua-care-circle\""),
  R("format", .string("RUA-CARE-CIRCLE"), "format", "must be exactly"),
  R("format", .int(1), "format", "must be a string, not a number"),
  R("version", nil, "version", "is required"),
  R("version", .int(2), "version", "written by a newer rua-paper"),
  R("version", .number("37"), "version", "written by a newer rua-paper"),
  R("version", .int(0), "version", "must be the whole number 1"),
  R("version", .number("1.0"), "version", "must be the whole number 1"),
  R("version", .string("1"), "version", "must be the whole number 1"),
  R("exportedAt", .string("2026-11-01 09:00:00Z"), "exportedAt", "RFC 3339 timestamp in UTC"),
  R("exportedAt", .string("2026-11-01T09:00:00+01:00"), "exportedAt", "RFC 3339"),
  R("exportedAt", .string("2026-11-01T09:00:00"), "exportedAt", "RFC 3339"),
  R("exportedAt", .string("2026-02-30T09:00:00Z"), "exportedAt", "RFC 3339"),
  R("exportedAt", .string("2026-11-01T24:00:00Z"), "exportedAt", "RFC 3339"),
  R("exportedAt", .string("2026-11-01T09:00:00.Z"), "exportedAt", "RFC 3339"),
  R("exportedAt", .int(20_261_101), "exportedAt", "must be a string"),
  R("patients", nil, "patients", "is required"),
  R("patients", .object([]), "patients", "must be an array, not an object"),
  R("patients.0", .string("p1"), pat, "must be an object, not a string"),
  R("extensions", .array([]), "extensions", "must be an object, not an array"),
  R("patient", .array([]), "patient", "is not a field of the care-circle format"),
  R("patients.1", .object([("id", .string("p1"))]), "patients[1].fullName", "is required"),
  R("patients.0.id", nil, "\(pat).id", "is required"),
  R("patients.0.id", .string("   "), "\(pat).id", "is required and must not be empty"),
  R("patients.0.id", .string("p 1"), "\(pat).id", "may hold only the letters A-Z"),
  R("patients.0.id", .string("p/1"), "\(pat).id", "may hold only"),
  R("patients.0.id", .string("pé"), "\(pat).id", "may hold only"),
  R("patients.0.id", long(65), "\(pat).id", "must be at most 64 characters (it has 65)"),
  R("patients.0.id", .int(1), "\(pat).id", "must be a string, not a number"),
  R("patients.0.fullName", nil, "\(pat).fullName", "is required"),
  R("patients.0.fullName", .string(""), "\(pat).fullName", "must not be empty"),
  R("patients.0.fullName", long(201), "\(pat).fullName", "at most 200 characters"),
  R("patients.0.preferredName", long(101), "\(pat).preferredName", "at most 100"),
  R("patients.0.dateOfBirth", nil, "\(pat).dateOfBirth", "is required"),
  R("patients.0.dateOfBirth", .string("1940-02-30"), "\(pat).dateOfBirth", "YYYY-MM-DD"),
  R("patients.0.dateOfBirth", .string("1940/01/01"), "\(pat).dateOfBirth", "YYYY-MM-DD"),
  R("patients.0.dateOfBirth", .string("2026-11-02"), "\(pat).dateOfBirth", "not be after today"),
  R("patients.0.dateOfBirth", .null, "\(pat).dateOfBirth", "must be a string, not null"),
  R("patients.0.sex", .string("Female"), "\(pat).sex", "one of: female, male, other, unknown"),
  R("patients.0.language", .string("e"), "\(pat).language", "BCP 47"),
  R("patients.0.language", .string("en_US"), "\(pat).language", "BCP 47"),
  R("patients.0.language", .string("es-"), "\(pat).language", "BCP 47"),
  R("patients.0.language", long(36), "\(pat).language", "at most 35"),
  R("patients.0.interpreterNeeded", .string("yes"), "\(pat).interpreterNeeded", "true or false"),
  R("patients.0.weightKg", .int(0), "\(pat).weightKg", "greater than 0 and less than 500"),
  R("patients.0.weightKg", .int(500), "\(pat).weightKg", "less than 500"),
  R("patients.0.weightKg", .number("-1.5"), "\(pat).weightKg", "greater than 0"),
  R("patients.0.weightKg", .number("1e999"), "\(pat).weightKg", "less than 500"),
  R("patients.0.weightKg", .string("60"), "\(pat).weightKg", "not a string"),
  R("patients.0.heightCm", .number("300.0"), "\(pat).heightCm", "less than 300"),
  R("patients.0.heightCm", .number("0.0"), "\(pat).heightCm", "greater than 0"),
  R("patients.0.address", long(301), "\(pat).address", "at most 300"),
  R("patients.0.phone", long(41), "\(pat).phone", "at most 40"),
  R("patients.0.insurance", long(201), "\(pat).insurance", "at most 200"),
  R("patients.0.codeStatus", long(201), "\(pat).codeStatus", "at most 200"),
  R("patients.0.advanceDirective", .string("DNR"), "\(pat).advanceDirective", "be an object"),
  R("patients.0.advanceDirective.summary", long(301), "\(pat).advanceDirective.summary", "300"),
  R("patients.0.advanceDirective.location", long(301), "\(pat).advanceDirective.location", "300"),
  R(
    "patients.0.advanceDirective.kind", .string("x"), "\(pat).advanceDirective.kind", "not a field"),
  R("patients.0.baseline.cognition", long(301), "\(pat).baseline.cognition", "at most 300"),
  R("patients.0.baseline.mobility", long(301), "\(pat).baseline.mobility", "at most 300"),
  R("patients.0.baseline.hearing", long(301), "\(pat).baseline.hearing", "at most 300"),
  R("patients.0.baseline.vision", long(301), "\(pat).baseline.vision", "at most 300"),
  R("patients.0.baseline.communication", long(301), "\(pat).baseline.communication", "300"),
  R("patients.0.baseline.other", long(301), "\(pat).baseline.other", "at most 300"),
  R("patients.0.baseline.diet", .string("x"), "\(pat).baseline.diet", "not a field"),
  R("patients.0.devices", .object([]), "\(pat).devices", "must be an array"),
  R("patients.0.devices.0.name", nil, "\(pat).devices[0].name", "is required"),
  R("patients.0.devices.0.name", long(121), "\(pat).devices[0].name", "at most 120"),
  R("patients.0.devices.0.details", long(301), "\(pat).devices[0].details", "at most 300"),
  R("patients.0.devices.0.model", .string("x"), "\(pat).devices[0].model", "not a field"),
  R("patients.0.alerts.0", .int(1), "\(pat).alerts[0]", "must be a string"),
  R("patients.0.alerts.0", long(201), "\(pat).alerts[0]", "at most 200"),
  R("patients.0.alerts", .string("x"), "\(pat).alerts", "must be an array"),
  R("patients.0.conditions.0.name", nil, "\(pat).conditions[0].name", "is required"),
  R("patients.0.conditions.0.name", long(201), "\(pat).conditions[0].name", "at most 200"),
  R("patients.0.conditions.0.since", .string("2020-13"), "\(pat).conditions[0].since", "a year"),
  R("patients.0.conditions.0.since", .string("20"), "\(pat).conditions[0].since", "a month"),
  R("patients.0.conditions.0.since", .string("2019-02-29"), "\(pat).conditions[0].since", "date"),
  R("patients.0.conditions.0.since", .int(2020), "\(pat).conditions[0].since", "be a string"),
  R("patients.0.conditions.0.notes", long(301), "\(pat).conditions[0].notes", "at most 300"),
  R("patients.0.conditions.0.onset", .string("x"), "\(pat).conditions[0].onset", "not a field"),
  R("patients.0.allergies.0.substance", nil, "\(pat).allergies[0].substance", "is required"),
  R("patients.0.allergies.0.substance", long(121), "\(pat).allergies[0].substance", "120"),
  R("patients.0.allergies.0.reaction", long(201), "\(pat).allergies[0].reaction", "at most 200"),
  R(
    "patients.0.allergies.0.severity", .string("high"), "\(pat).allergies[0].severity",
    "one of: mild, moderate, severe, unknown"),
  R(
    "patients.0.allergies.0.kind", .string("side effect"), "\(pat).allergies[0].kind",
    "one of: allergy, intolerance"),
  R("patients.0.allergies.0.type", .string("x"), "\(pat).allergies[0].type", "not a field"),
  R("patients.0.noKnownAllergies", .bool(true), "\(pat).noKnownAllergies", "cannot be true"),
  R("patients.0.noKnownAllergies", .string("true"), "\(pat).noKnownAllergies", "true or false"),
  R(
    "patients.0.medications.1", .object([("id", .string("m1")), ("name", .string("other"))]),
    "\(pat).medications[1].id", "unique within a patient"),
  R("patients.0.medications", .object([]), "\(pat).medications", "must be an array"),
  R("patients.0.contacts.0.name", nil, "\(pat).contacts[0].name", "is required"),
  R("patients.0.contacts.0.name", long(121), "\(pat).contacts[0].name", "at most 120"),
  R("patients.0.contacts.0.relation", long(61), "\(pat).contacts[0].relation", "at most 60"),
  R("patients.0.contacts.0.phone", long(41), "\(pat).contacts[0].phone", "at most 40"),
  R("patients.0.contacts.0.altPhone", long(41), "\(pat).contacts[0].altPhone", "at most 40"),
  R(
    "patients.0.contacts.0.roles.1", .string("friend"), "\(pat).contacts[0].roles[1]",
    "one of: emergency, health-care-proxy, poa, caregiver"),
  R(
    "patients.0.contacts.0.roles.1", .string("emergency"), "\(pat).contacts[0].roles[1]", "repeats"),
  R("patients.0.contacts.0.roles", .string("poa"), "\(pat).contacts[0].roles", "be an array"),
  R("patients.0.contacts.0.email", .string("x"), "\(pat).contacts[0].email", "not a field"),
  R("patients.0.careTeam.0.name", nil, "\(pat).careTeam[0].name", "is required"),
  R("patients.0.careTeam.0.name", long(121), "\(pat).careTeam[0].name", "at most 120"),
  R("patients.0.careTeam.0.role", long(121), "\(pat).careTeam[0].role", "at most 120"),
  R("patients.0.careTeam.0.phone", long(41), "\(pat).careTeam[0].phone", "at most 40"),
  R("patients.0.careTeam.0.organization", long(201), "\(pat).careTeam[0].organization", "200"),
  R("patients.0.careTeam.0.fax", .string("x"), "\(pat).careTeam[0].fax", "not a field"),
  R("patients.0.pharmacy.name", nil, "\(pat).pharmacy.name", "is required"),
  R("patients.0.pharmacy.name", long(121), "\(pat).pharmacy.name", "at most 120"),
  R("patients.0.pharmacy.phone", long(41), "\(pat).pharmacy.phone", "at most 40"),
  R("patients.0.pharmacy.address", long(301), "\(pat).pharmacy.address", "at most 300"),
  R("patients.0.pharmacy", .array([]), "\(pat).pharmacy", "must be an object"),
  R("patients.0.preferredHospital", long(201), "\(pat).preferredHospital", "at most 200"),
  R("patients.0.dependents", long(301), "\(pat).dependents", "at most 300"),
  R("patients.0.notes", long(2001), "\(pat).notes", "at most 2000 characters (it has 2001)"),
  R("patients.0.fulName", .string("x"), "\(pat).fulName", "check the spelling"),
]

@Suite struct CareCircleRefusalTests {
  @Test func theBaseDocumentIsValid() throws {
    let circle = try CareCircleFixture.decode(try CareCircleFixture.base())
    #expect(circle.patients.count == 1)
    #expect(circle.patients.first?.medications.first?.fills.first?.daySupply == 30)
  }

  @Test(arguments: topAndPatientRefusals)
  func oneBrokenRuleRefusesTheFile(_ refusal: Refusal) throws {
    try refusal.check()
  }

  @Test func aStoppedDateNeedsStatusStoppedNotOnHold() throws {
    let document = try CareCircleFixture.base()
      .setting("patients.0.medications.0.status", to: .string("on-hold"))
      .setting("patients.0.medications.0.stoppedDate", to: .string("2026-10-01"))
    let error = CareCircleFixture.refusal { () throws(CareCircleError) in
      try CareCircleFixture.decode(document)
    }
    #expect(error?.path == "\(med).stoppedDate")
  }

  @Test func duplicatePatientIDsNameTheFirstUse() throws {
    let base = try CareCircleFixture.base()
    let patient = try #require(base.value(at: "patients.0"))
    let document = base.setting("patients.1", to: patient)
    let error = CareCircleFixture.refusal { () throws(CareCircleError) in
      try CareCircleFixture.decode(document)
    }
    #expect(error?.path == "patients[1].id")
    #expect(error?.reason.contains("patients[0]") == true)
    #expect(error?.reason.contains("unique in the file") == true)
  }

  @Test func theFileMustBeOneObject() {
    let error = CareCircleFixture.refusal { () throws(CareCircleError) in
      try CareCircleDecoder.decode(Array("[]".utf8), today: CareCircleFixture.today)
    }
    #expect(
      error
        == CareCircleError(
          path: "(file)", reason: "the file must hold one JSON object, not an array"))
  }

  @Test func aNewerVersionIsNamedBeforeItsUnknownKeys() throws {
    let document = try CareCircleFixture.base()
      .setting("version", to: .int(2))
      .setting("patients.0.pronouns", to: .string("she/her"))
      .setting("sharedWith", to: .array([]))
    let error = CareCircleFixture.refusal { () throws(CareCircleError) in
      try CareCircleFixture.decode(document)
    }
    #expect(error?.path == "version")
    #expect(error?.description.contains("written by a newer rua-paper") == true)
  }

  @Test func aWrongFormatIsNamedBeforeEverythingElse() throws {
    let document = JSON.object([("format", .string("fhir-bundle")), ("entry", .array([]))])
    let error = CareCircleFixture.refusal { () throws(CareCircleError) in
      try CareCircleFixture.decode(document)
    }
    #expect(error?.path == "format")
  }

  @Test func errorsDoNotRepeatTheRefusedValue() throws {
    let secret = "Warfarin-7731"
    let document = try CareCircleFixture.base()
      .setting("patients.0.sex", to: .string(secret))
    let error = try #require(
      CareCircleFixture.refusal { () throws(CareCircleError) in
        try CareCircleFixture.decode(document)
      })
    #expect(!error.description.contains(secret))
  }
}
