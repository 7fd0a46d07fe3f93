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

  /// Only a vaccine given is a vaccine: `not-done` (refused, or not available) and
  /// `entered-in-error` are left out, whatever their date or vaccine says.
  @Test func onlyACompletedImmunizationIsImported() throws {
    func immunization(_ status: String, _ vaccine: String, _ date: String) -> String {
      """
      {"resourceType": "Immunization", "status": "\(status)",
       "vaccineCode": {"text": "\(vaccine)"}, "patient": {"reference": "Patient/p1"},
       "occurrenceDateTime": "\(date)"}
      """
    }
    let patient = try FHIRBundleTests.patient([
      immunization("not-done", "Zoster vaccine", "2024-03-01"),
      immunization("completed", "Influenza, seasonal, injectable", "2025-10-01"),
      immunization("entered-in-error", "Hepatitis B vaccine", "2023-01-01"),
    ])
    #expect(
      patient.immunizations == [
        Immunization(vaccine: "Influenza, seasonal, injectable", date: "2025-10-01")
      ])
  }

  /// A concept with more codings than the format holds keeps the first `codesCount` (10), in
  /// the source's order, so the file the import makes is one the format accepts.
  @Test func anImportKeepsTheFirstTenCodingsOfAConcept() throws {
    let codings = (1...12).map { #"{"system": "http://snomed.info/sct", "code": "\#($0)"}"# }
    let patient = try FHIRBundleTests.patient([
      """
      {"resourceType": "AllergyIntolerance", "patient": {"reference": "Patient/p1"},
       "code": {"text": "penicillin", "coding": [\(codings.joined(separator: ","))]}}
      """
    ])
    #expect(CareCircleLimits.codesCount == 10)
    #expect(patient.allergies.first?.codes.map(\.code) == (1...10).map(String.init))
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

/// Narrative both ways: an export's section narrative is escaped XHTML (text that looks like
/// markup is text), and an import never takes data from a narrative, whatever it says.
@Suite struct FHIRNarrativeTests {
  static let markup = #"<b>Nuts</b> & "peanut" <script>alert('x')</script>"#

  @Test func anExportEscapesTextThatLooksLikeMarkupAndImportsItBackAsText() throws {
    var patient = Patient(
      id: "p1", fullName: "Ana <i>Ruiz</i>", dateOfBirth: try #require(CivilDate(iso: "1941-03-14"))
    )
    patient.allergies = [Allergy(substance: Self.markup, reaction: "hives & <wheeze>")]
    patient.conditions = [Condition(name: "a < b > c", notes: "x & y")]
    patient.alerts = ["No IV in the <left> arm"]
    patient.immunizations = [Immunization(vaccine: "flu & <covid>")]
    let bundle = FHIRBundleWriter.bundle(patient, timestamp: "2026-12-01T09:00:00Z")
    let sections = bundle["entry"]?.arrayValue?.first?["resource"]?["section"]?.arrayValue ?? []
    #expect(sections.count >= 4)
    for section in sections {
      let div = try #require(section["text"]?["div"]?.stringValue)
      #expect(div.hasPrefix(#"<div xmlns="http://www.w3.org/1999/xhtml">"#))
      // The only elements are the narrative's own: no text became a tag.
      for tag in ["<b>", "<script", "<i>", "<left>", "<wheeze>", "<covid>"] {
        #expect(!div.contains(tag), "\(div)")
      }
    }
    let allergies = try #require(
      sections.first { $0["title"]?.stringValue?.hasPrefix("Allergies") == true })
    #expect(
      allergies["text"]?["div"]?.stringValue?.contains(
        "&lt;b&gt;Nuts&lt;/b&gt; &amp; &quot;peanut&quot; &lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;"
      )
        == true)
    // Imported back, every text is exactly what was written, from the resources' data.
    let back = try FHIRNewFieldsTests.exported(patient)
    #expect(back.allergies == patient.allergies)
    #expect(back.conditions == patient.conditions)
    #expect(back.alerts == patient.alerts)
    #expect(back.immunizations == patient.immunizations)
  }

  @Test func aNarrativeNeverBecomesData() throws {
    // A document whose narratives list a medicine, an allergy and a blood type that no entry
    // holds, and whose one Condition's own narrative says something else than its code.
    let text = """
      {"resourceType": "Bundle", "type": "document", "timestamp": "2026-01-05T09:00:00Z",
       "entry": [
        {"fullUrl": "urn:uuid:00000000-0000-4000-8000-000000000001", "resource": {
          "resourceType": "Composition", "status": "final", "date": "2026-01-05",
          "type": {"coding": [{"system": "http://loinc.org", "code": "60591-5"}]},
          "subject": {"reference": "urn:uuid:00000000-0000-4000-8000-000000000002"},
          "title": "Summary",
          "section": [
            {"title": "Medications", "code": {"coding": [{"system": "http://loinc.org", "code": "10160-0"}]},
             "text": {"status": "generated", "div": "<div xmlns=\\"http://www.w3.org/1999/xhtml\\"><ul><li>warfarin 5 mg</li></ul></div>"},
             "emptyReason": {"text": "Not recorded"}},
            {"title": "Allergies", "code": {"coding": [{"system": "http://loinc.org", "code": "48765-2"}]},
             "text": {"status": "generated", "div": "<div xmlns=\\"http://www.w3.org/1999/xhtml\\">Penicillin: anaphylaxis<script>x()</script></div>"},
             "emptyReason": {"text": "Not recorded"}},
            {"title": "Problems", "code": {"coding": [{"system": "http://loinc.org", "code": "11450-4"}]},
             "text": {"status": "generated", "div": "<div xmlns=\\"http://www.w3.org/1999/xhtml\\">Blood type O negative</div>"},
             "entry": [{"reference": "urn:uuid:00000000-0000-4000-8000-000000000003"}]}]}},
        {"fullUrl": "urn:uuid:00000000-0000-4000-8000-000000000002", "resource": {
          "resourceType": "Patient", "name": [{"text": "Ana Ruiz"}], "birthDate": "1941-03-14",
          "text": {"status": "generated", "div": "<div xmlns=\\"http://www.w3.org/1999/xhtml\\">Ana Ruiz, DNR, weight 40 kg</div>"}}},
        {"fullUrl": "urn:uuid:00000000-0000-4000-8000-000000000003", "resource": {
          "resourceType": "Condition", "subject": {"reference": "urn:uuid:00000000-0000-4000-8000-000000000002"},
          "code": {"text": "asthma"},
          "text": {"status": "generated", "div": "<div xmlns=\\"http://www.w3.org/1999/xhtml\\">heart failure</div>"}}}]}
      """
    let (circle, _) = try FHIRBundleTests.read(Array(text.utf8))
    let patient = try #require(circle.patients.first)
    #expect(patient.medications.isEmpty)
    #expect(patient.allergies.isEmpty && !patient.noKnownAllergies)
    #expect(patient.bloodType == nil && patient.weightKg == nil && patient.codeStatus == nil)
    #expect(patient.conditions.map(\.name) == ["asthma"])
    let written = JSONWriter.write(CareCircleEncoder.encode(circle), pretty: false)
    for word in ["warfarin", "Penicillin", "script", "negative", "DNR", "heart failure"] {
      #expect(!written.contains(word), "\(word)")
    }
  }
}
