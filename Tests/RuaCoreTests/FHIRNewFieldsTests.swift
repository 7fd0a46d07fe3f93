// SPDX-License-Identifier: Apache-2.0
import RuaCore
import Testing

/// The optional fields the IPS mapping needed (issue 28): `codes` beside the text of allergies,
/// conditions and medicines, `bloodType`, `immunizations`, a device's `since` and
/// `weightMeasuredOn`; and brand and refills, which IPS has no element for. Each is kept on
/// import, sent back on export, bounded by the format, and never made up.
@Suite struct FHIRNewFieldsTests {
  static let today = FHIRBundleTests.today

  static func exported(_ patient: Patient) throws -> Patient {
    let bundle = FHIRBundleWriter.bundle(patient, timestamp: "2026-12-01T09:00:00Z")
    let text = JSONWriter.write(bundle, pretty: true)
    let (circle, _) = try FHIRBundleTests.read(Array(text.utf8))
    return try #require(circle.patients.first)
  }

  static func full() throws -> Patient {
    var patient = Patient(
      id: "p1", fullName: "Ana Ruiz", dateOfBirth: try #require(CivilDate(iso: "1941-03-14")))
    patient.weightKg = 61
    patient.weightMeasuredOn = CivilDate(iso: "2026-10-02")
    patient.bloodType = "A Rh(D) positive"
    patient.immunizations = [
      Immunization(vaccine: "Influenza, seasonal, injectable", date: "2025-10"),
      Immunization(vaccine: "Tetanus and diphtheria toxoids (Td)"),
    ]
    patient.devices = [Device(name: "Pacemaker", since: "2021-06")]
    patient.allergies = [
      Allergy(
        substance: "penicillin",
        codes: [Code(system: FHIRTerms.snomed, code: "373270004", display: "Penicillin")])
    ]
    patient.conditions = [
      Condition(
        name: "atrial fibrillation", codes: [Code(system: FHIRTerms.snomed, code: "49436004")])
    ]
    patient.medications = [
      Medication(
        id: "m1", name: "apixaban", brand: "Eliquis", refillsRemaining: 2,
        codes: [
          Code(system: FHIRTerms.rxnorm, code: "1364430", display: "apixaban"),
          Code(system: FHIRTerms.atc, code: "B01AF02", display: "apixaban"),
        ])
    ]
    return patient
  }

  @Test func everyNewFieldSurvivesExportAndImport() throws {
    let patient = try Self.full()
    let back = try Self.exported(patient)
    #expect(back.weightKg == 61)
    #expect(back.weightMeasuredOn == patient.weightMeasuredOn)
    #expect(back.bloodType == patient.bloodType)
    #expect(back.immunizations == patient.immunizations)
    #expect(back.devices == patient.devices)
    #expect(back.allergies == patient.allergies)
    #expect(back.conditions == patient.conditions)
    #expect(back.medications.first?.codes == patient.medications.first?.codes)
    // Brand and refills left, which IPS has no element for, ride on rua-paper's extensions.
    #expect(back.medications.first?.brand == "Eliquis")
    #expect(back.medications.first?.refillsRemaining == 2)
  }

  @Test func aConceptWithoutCodesIsSentAsTextAlone() throws {
    var patient = try Self.full()
    patient.allergies[0].codes = []
    patient.medications[0].codes = []
    let bundle = FHIRBundleWriter.bundle(patient, timestamp: "2026-12-01T09:00:00Z")
    let resources = bundle["entry"]?.arrayValue?.compactMap { $0["resource"] } ?? []
    let allergy = try #require(
      resources.first { $0["resourceType"]?.stringValue == "AllergyIntolerance" })
    #expect(allergy["code"] == .object([("text", .string("penicillin"))]))
    let medicine = try #require(resources.first { $0["resourceType"]?.stringValue == "Medication" })
    #expect(medicine["code"]?["coding"] == nil)
    #expect(medicine["code"]?["text"]?.stringValue == "apixaban")
    // The kept codes go out as the source gave them, beside the text.
    let condition = try #require(resources.first { $0["resourceType"]?.stringValue == "Condition" })
    #expect(condition["code"]?["coding"]?.arrayValue?.first?["code"]?.stringValue == "49436004")
    #expect(condition["code"]?["text"]?.stringValue == "atrial fibrillation")
  }

  @Test func hl7ExamplesKeepTheirCodesAndImmunizations() throws {
    let (minimal, _) = try FHIRBundleTests.read(try FHIRBundleTests.fixture("bundle-minimal.json"))
    let martha = try #require(minimal.patients.first)
    #expect(martha.allergies.first?.codes.map(\.code) == ["373270004"])
    #expect(martha.conditions.first?.codes.contains { $0.system == FHIRTerms.snomed } == true)
    #expect(martha.medications.first?.codes.contains { $0.code == "L02BG03" } == true)
    let (other, _) = try FHIRBundleTests.read(
      try FHIRBundleTests.fixture("bundle-no-info-required-sections.json"))
    let james = try #require(other.patients.first)
    #expect(
      james.immunizations == [
        Immunization(vaccine: "Influenza, seasonal, injectable", date: "2020-07-03"),
        Immunization(vaccine: "Influenza, seasonal, injectable", date: "2019-06-03"),
      ])
  }

  @Test func aBloodGroupObservationIsItsText() throws {
    let patient = try FHIRBundleTests.patient([
      """
      {"resourceType": "Observation", "status": "final",
       "code": {"coding": [{"system": "http://loinc.org", "code": "882-1"}]},
       "subject": {"reference": "Patient/p1"},
       "valueCodeableConcept": {"coding": [{"system": "http://snomed.info/sct",
         "code": "278149003", "display": "Blood group A Rh(D) positive (finding)"}]}}
      """
    ])
    #expect(patient.bloodType == "Blood group A Rh(D) positive")
  }

  static func decodeProblem(_ patientFields: String) -> CareCircleError? {
    let text = """
      {"format": "rua-care-circle", "version": 1, "patients": [{"id": "a", "fullName": "A",
       "dateOfBirth": "1940-01-01", \(patientFields)}]}
      """
    do {
      _ = try CareCircleDecoder.decode(Array(text.utf8), today: today)
      return nil
    } catch { return error }
  }

  @Test func theFormatBoundsTheNewFields() throws {
    let code = #"{"system": "http://snomed.info/sct", "code": "1"}"#
    let eleven = Array(repeating: code, count: 11).joined(separator: ",")
    #expect(
      Self.decodeProblem(#""allergies": [{"substance": "x", "codes": [\#(eleven)]}]"#)?.path
        == "patients[0].allergies[0].codes")
    #expect(
      Self.decodeProblem(#""conditions": [{"name": "x", "codes": [{"code": "1"}]}]"#)?.path
        == "patients[0].conditions[0].codes[0].system")
    #expect(
      Self.decodeProblem(
        #""medications": [{"id": "m", "name": "x", "codes": [{"system": "s", "code": "\#(String(repeating: "9", count: 101))"}]}]"#
      )?.path == "patients[0].medications[0].codes[0].code")
    #expect(
      Self.decodeProblem(#""weightMeasuredOn": "2026-01-01""#)?.path
        == "patients[0].weightMeasuredOn")  // only with weightKg
    #expect(
      Self.decodeProblem(#""weightKg": 60, "weightMeasuredOn": "2027-01-01""#)?.path
        == "patients[0].weightMeasuredOn")  // after today
    #expect(
      Self.decodeProblem(#""bloodType": "\#(String(repeating: "A", count: 41))""#)?.path
        == "patients[0].bloodType")
    #expect(
      Self.decodeProblem(#""immunizations": [{"vaccine": "flu", "date": "2019-13"}]"#)?.path
        == "patients[0].immunizations[0].date")
    #expect(
      Self.decodeProblem(#""immunizations": [{"date": "2019"}]"#)?.path
        == "patients[0].immunizations[0].vaccine")
    #expect(
      Self.decodeProblem(#""devices": [{"name": "pacemaker", "since": "June 2021"}]"#)?.path
        == "patients[0].devices[0].since")
    let many = Array(repeating: #"{"vaccine": "flu"}"#, count: 101).joined(separator: ",")
    #expect(
      Self.decodeProblem(#""immunizations": [\#(many)]"#)?.path == "patients[0].immunizations")
    #expect(
      Self.decodeProblem(
        #""weightKg": 60, "weightMeasuredOn": "2026-01-01", "bloodType": "O+", "immunizations": [{"vaccine": "flu", "date": "2025"}], "devices": [{"name": "p", "since": "2021"}]"#
      ) == nil)
  }
}
