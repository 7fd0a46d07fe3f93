// SPDX-License-Identifier: Apache-2.0
import RuaCore
import Testing

/// FHIR R4 IPS import and export (docs/fhir.md): HL7's own example Bundles, the mapping rules,
/// every refusal with its path, hostile Bundles, and the round trip of the export.
@Suite struct FHIRBundleTests {
  static let today = CivilDate(iso: "2026-12-01") ?? CivilDate(daysSinceEpoch: 0)

  static func fixture(_ name: String) throws -> [UInt8] {
    try CareCircleSampleTests.read("Tests/Fixtures/fhir/" + name)
  }

  static func read(_ bytes: [UInt8]) throws -> (CareCircle, FHIRImport) {
    let json = try JSONParser.parse(bytes)
    let mapped = try FHIRBundleReader.read(json, byteCount: bytes.count)
    return (try CareCircleDecoder.decode(json: mapped.careCircle, today: today), mapped)
  }

  /// A collection Bundle of the given resources (JSON texts); the Patient `p1` comes first.
  static func bundle(_ resources: [String], patient: String? = nil, type: String = "collection")
    -> String
  {
    let person =
      patient
        ?? """
        {"resourceType": "Patient", "id": "p1", "name": [{"text": "Ana Ruiz"}],
         "birthDate": "1941-03-14"}
        """
    let entries = ([person] + resources).enumerated().map { index, resource in
      "{\"fullUrl\": \"urn:uuid:00000000-0000-4000-8000-\(String(repeating: "0", count: 11))\(index)\", \"resource\": \(resource)}"
    }
    return
      "{\"resourceType\": \"Bundle\", \"type\": \"\(type)\", \"entry\": [\(entries.joined(separator: ","))]}"
  }

  static func patient(_ resources: [String], patient: String? = nil) throws -> Patient {
    let (circle, _) = try read(Array(bundle(resources, patient: patient).utf8))
    return try #require(circle.patients.first)
  }

  static func refusal(_ text: String) -> CareCircleError? {
    do {
      let json = try JSONParser.parse(text)
      let mapped = try FHIRBundleReader.read(json, byteCount: text.utf8.count)
      do {
        _ = try CareCircleDecoder.decode(json: mapped.careCircle, today: today)
      } catch {
        return mapped.renamed(error)
      }
      return nil
    } catch let error as CareCircleError {
      return error
    } catch {
      return CareCircleError(path: "(json)", reason: "\(error)")
    }
  }

  // MARK: HL7's examples

  @Test func hl7MinimalBundleImports() throws {
    let (circle, mapped) = try Self.read(try Self.fixture("bundle-minimal.json"))
    let patient = try #require(circle.patients.first)
    #expect(circle.patients.count == 1)
    #expect(patient.id == "7685713c-e29e-4a75-8a90-45be7ba3be94")
    #expect(patient.fullName == "Martha DeLarosa")
    #expect(patient.dateOfBirth.iso == "1972-05-01")
    #expect(patient.sex == .female)
    #expect(patient.phone == "+31788700800")
    #expect(patient.conditions.map(\.name) == ["Menopausal flushing"])
    #expect(patient.conditions.map(\.since) == ["2015"])
    // The source's codes are kept beside the text, for export (never printed).
    #expect(patient.conditions.first?.codes.map(\.code) == ["198436008", "N95.1"])
    #expect(
      patient.allergies == [
        Allergy(
          substance: "Substance with penicillin structure and antibacterial mechanism of action",
          reaction: "criticality high", kind: .allergy,
          codes: [
            Code(
              system: FHIRTerms.snomed, code: "373270004",
              display:
                "Substance with penicillin structure and antibacterial mechanism of action (substance)"
            )
          ])
      ])
    #expect(!patient.noKnownAllergies)
    let medication = try #require(patient.medications.first)
    #expect(medication.name == "anastrozole")  // ATC display before SNOMED CT's long name
    #expect(medication.dose == "1 tablet")
    #expect(medication.route == nil)  // EDQM 20053000 oral use
    #expect(medication.startDate == nil)  // "2015-03" is not a full date: never guessed
    #expect(medication.times.isEmpty)  // once a day, but no timing.repeat.when
    #expect(medication.fills.isEmpty)
    #expect(
      patient.contacts == [Contact(name: "Martha Mum", relation: "mother", phone: "+33-555-20036")])
    #expect(circle.exportedAt == "2020-12-11T13:30:00Z")  // Composition.date, in UTC
    #expect(mapped.notes.contains { $0.contains("Practitioner") })
  }

  @Test func hl7NoInformationBundleImportsAndSaysWhatItLeftOut() throws {
    let (circle, mapped) = try Self.read(
      try Self.fixture("bundle-no-info-required-sections.json"))
    let patient = try #require(circle.patients.first)
    #expect(patient.id == "AAA1234")
    #expect(patient.fullName == "James Judge")
    #expect(patient.language == "en-NZ")
    #expect(patient.allergies.isEmpty && !patient.noKnownAllergies)  // emptyReason: not recorded
    #expect(patient.medications.isEmpty && patient.conditions.isEmpty)
    #expect(patient.contacts.map(\.relation) == ["family member", "unrelated friend"])
    #expect(patient.contacts[1].roles == [.emergency])
    // Its two Immunizations are kept now (`immunizations`), not left out.
    #expect(patient.immunizations.count == 2)
    #expect(!mapped.notes.contains { $0.hasPrefix("left out Immunization") })
  }

  // MARK: the mapping

  @Test func medicationMapsOnlyWhatIsExact() throws {
    let patient = try Self.patient([
      """
      {"resourceType": "MedicationStatement", "id": "m1", "status": "active",
       "medicationCodeableConcept": {"coding": [
         {"system": "http://snomed.info/sct", "code": "1", "display": "Product containing warfarin (medicinal product)"},
         {"system": "http://www.nlm.nih.gov/research/umls/rxnorm", "code": "855332", "display": "warfarin sodium 5 MG Oral Tablet"}]},
       "subject": {"reference": "Patient/p1"},
       "effectivePeriod": {"start": "2026-01-05T08:00:00+01:00"},
       "derivedFrom": [{"reference": "MedicationDispense/d1"}, {"reference": "MedicationDispense/d2"}],
       "reasonCode": [{"text": "for atrial fibrillation"}],
       "dosage": [{"text": "once a day in the evening", "timing": {"repeat": {"when": ["EVE"]}},
         "route": {"coding": [{"system": "http://snomed.info/sct", "code": "26643006"}]},
         "doseAndRate": [{"doseQuantity": {"value": 1, "unit": "tablet"}}],
         "patientInstruction": "avoid grapefruit"}]}
      """,
      """
      {"resourceType": "MedicationDispense", "id": "d1", "status": "completed",
       "medicationReference": {"display": "warfarin"}, "subject": {"reference": "Patient/p1"},
       "whenHandedOver": "2026-11-20", "daysSupply": {"value": 30, "unit": "days", "system": "http://unitsofmeasure.org", "code": "d"},
       "quantity": {"value": 30}}
      """,
      """
      {"resourceType": "MedicationDispense", "id": "d2", "status": "completed",
       "medicationReference": {"display": "warfarin"}, "subject": {"reference": "Patient/p1"},
       "whenHandedOver": "2026-10-20"}
      """,
    ])
    let medication = try #require(patient.medications.first)
    #expect(medication.name == "warfarin sodium 5 MG Oral Tablet")  // RxNorm first
    #expect(medication.startDate?.iso == "2026-01-05")
    #expect(medication.times == [.evening])
    #expect(medication.route == nil)
    #expect(medication.dose == "1 tablet")
    #expect(medication.purpose == "for atrial fibrillation")
    #expect(medication.instructions == "avoid grapefruit")
    // Only the dispense with both a date and a day supply is a fill.
    #expect(
      medication.fills == [
        Fill(fillDate: CivilDate(iso: "2026-11-20")!, daySupply: 30, quantity: 30)
      ])
  }

  /// A day supply is a number of days only when its unit says so: a supply of 4 with no unit,
  /// or in weeks or months, is not 4 days of runway (issue 36: nothing is guessed).
  @Test(arguments: [
    #"{"value": 4}"#, #"{"value": 4, "unit": "wk", "code": "wk"}"#,
    #"{"value": 1, "unit": "month", "code": "mo"}"#, #"{"value": 30, "unit": ""}"#,
  ])
  func aSupplyNotInDaysIsNoFill(_ supply: String) throws {
    let patient = try Self.patient([
      """
      {"resourceType": "MedicationStatement", "id": "m1", "status": "active",
       "medicationCodeableConcept": {"text": "warfarin"}, "subject": {"reference": "Patient/p1"},
       "derivedFrom": [{"reference": "MedicationDispense/d1"}]}
      """,
      """
      {"resourceType": "MedicationDispense", "id": "d1", "status": "completed",
       "medicationReference": {"display": "warfarin"}, "subject": {"reference": "Patient/p1"},
       "whenHandedOver": "2026-11-20", "daysSupply": \(supply)}
      """,
    ])
    let medication = try #require(patient.medications.first)
    #expect(medication.fills.isEmpty, "\(supply) entered the runway as \(medication.fills)")
  }

  @Test func noSlotsAreInferredFromText() throws {
    let patient = try Self.patient([
      """
      {"resourceType": "MedicationStatement", "status": "on-hold",
       "medicationCodeableConcept": {"text": "metformin"}, "subject": {"reference": "Patient/p1"},
       "dosage": [{"text": "twice daily", "timing": {"repeat": {"frequency": 2, "period": 1, "periodUnit": "d"}}}]}
      """,
      """
      {"resourceType": "MedicationRequest", "status": "active", "intent": "order",
       "medicationCodeableConcept": {"text": "lisinopril"}, "subject": {"reference": "Patient/p1"},
       "requester": {"display": "Dr. Okafor"},
       "dispenseRequest": {"expectedSupplyDuration": {"value": 90, "unit": "days"}}}
      """,
    ])
    #expect(patient.medications.map(\.name) == ["metformin", "lisinopril"])
    #expect(patient.medications[0].times.isEmpty)
    #expect(patient.medications[0].schedule == "twice daily")
    #expect(patient.medications[0].status == .onHold)
    #expect(patient.medications[1].prescriber == "Dr. Okafor")
    #expect(patient.medications[1].fills.isEmpty)  // a request's supply duration is not a fill
  }

  @Test func contactsRolesAndKnownAbsence() throws {
    let patient = try Self.patient(
      [
        """
        {"resourceType": "RelatedPerson", "patient": {"reference": "Patient/p1"},
         "relationship": [{"coding": [{"system": "http://terminology.hl7.org/CodeSystem/v3-RoleCode", "code": "HPOWATT"}]}],
         "name": [{"text": "Lucía Ruiz"}]}
        """,
        """
        {"resourceType": "AllergyIntolerance", "patient": {"reference": "Patient/p1"},
         "code": {"coding": [{"system": "http://snomed.info/sct", "code": "716186003", "display": "No known allergy (situation)"}]}}
        """,
      ],
      patient: """
        {"resourceType": "Patient", "id": "p1", "name": [{"given": ["Ana"], "family": "Ruiz"}],
         "birthDate": "1941-03-14",
         "contact": [{"name": {"text": "Lucía Ruiz"}, "relationship": [{"coding": [
           {"system": "http://terminology.hl7.org/CodeSystem/v3-RoleCode", "code": "DAUC"},
           {"system": "http://terminology.hl7.org/CodeSystem/v2-0131", "code": "C"}]}],
           "telecom": [{"system": "phone", "value": "555-0102", "rank": 2}, {"system": "phone", "value": "555-0101", "rank": 1}]}]}
        """)
    #expect(patient.fullName == "Ana Ruiz")
    #expect(
      patient.contacts == [
        Contact(
          name: "Lucía Ruiz", relation: "daughter", phone: "555-0101", altPhone: "555-0102",
          roles: [.emergency, .healthCareProxy])
      ])
    #expect(patient.noKnownAllergies && patient.allergies.isEmpty)
  }

  // MARK: refusals, each with its path

  @Test(arguments: [
    (
      "{\"resourceType\": \"Patient\", \"id\": \"x\"}", "Bundle.resourceType"
    ),
    (
      "{\"resourceType\": \"Bundle\", \"type\": \"history\", \"entry\": []}", "Bundle.type"
    ),
    (
      bundle(
        [],
        patient:
          "{\"resourceType\": \"Patient\", \"id\": \"p1\", \"name\": [{\"text\": \"A\"}], \"birthDate\": \"1941\"}"
      ),
      "Bundle.entry[0].resource(Patient).birthDate"
    ),
    (
      bundle([
        "{\"resourceType\": \"AllergyIntolerance\", \"patient\": {\"reference\": \"Patient/p1\"}, \"verificationStatus\": {\"coding\": [{\"code\": \"refuted\"}]}, \"code\": {\"text\": \"penicillin\"}}"
      ]), "Bundle.entry[1].resource(AllergyIntolerance).verificationStatus"
    ),
    (
      bundle([
        "{\"resourceType\": \"Condition\", \"subject\": {\"reference\": \"Patient/p1\"}, \"verificationStatus\": {\"coding\": [{\"code\": \"entered-in-error\"}]}, \"code\": {\"text\": \"gout\"}}"
      ]), "Bundle.entry[1].resource(Condition).verificationStatus"
    ),
    (
      bundle([
        "{\"resourceType\": \"AllergyIntolerance\", \"patient\": {\"reference\": \"Patient/p1\"}, \"code\": {\"coding\": [{\"system\": \"http://snomed.info/sct\", \"code\": \"409137002\", \"display\": \"No known drug allergy\"}]}}"
      ]), "Bundle.entry[1].resource(AllergyIntolerance).code"
    ),
    (
      bundle([
        "{\"resourceType\": \"MedicationStatement\", \"status\": \"intended\", \"subject\": {\"reference\": \"Patient/p1\"}, \"medicationCodeableConcept\": {\"text\": \"x\"}}"
      ]), "Bundle.entry[1].resource(MedicationStatement).status"
    ),
    (
      bundle([
        "{\"resourceType\": \"MedicationStatement\", \"status\": \"active\", \"subject\": {\"reference\": \"Patient/p1\"}, \"medicationReference\": {\"reference\": \"Medication/nowhere\"}}"
      ]), "Bundle.entry[1].resource(MedicationStatement).medicationReference.reference"
    ),
    (
      bundle([
        "{\"resourceType\": \"Condition\", \"subject\": {\"reference\": \"Patient/p1\"}, \"code\": {\"coding\": [{\"system\": \"http://snomed.info/sct\", \"code\": \"38341003\"}]}}"
      ]), "Bundle.entry[1].resource(Condition).code"
    ),
    (
      bundle([
        "{\"resourceType\": \"Condition\", \"id\": \"c\", \"subject\": {\"reference\": \"Patient/p1\"}, \"code\": {\"text\": \"a\"}}",
        "{\"resourceType\": \"Condition\", \"id\": \"c\", \"subject\": {\"reference\": \"Patient/p1\"}, \"code\": {\"text\": \"b\"}}",
      ]), "Bundle.entry[2].resource(Condition).id"
    ),
    (
      bundle([
        "{\"resourceType\": \"Condition\", \"subject\": {\"reference\": \"Patient/p1\"}, \"code\": {\"text\": \"a\"}, \"contained\": [{\"resourceType\": \"Patient\"}]}"
      ]), "Bundle.entry[1].resource(Condition).contained"
    ),
    (
      bundle([
        "{\"resourceType\": \"Condition\", \"subject\": {\"reference\": \"Condition/x\"}, \"id\": \"x\", \"code\": {\"text\": \"a\"}}"
      ]), "Bundle.entry[1].resource(Condition).subject.reference"
    ),
    (
      bundle([
        "{\"resourceType\": \"Flag\", \"status\": \"active\", \"subject\": {\"reference\": \"Patient/p1\"}, \"code\": 7}"
      ]), "Bundle.entry[1].resource(Flag).code"
    ),
    (
      bundle([], type: "document"), "Bundle.entry[0]"
    ),
    (
      "{\"resourceType\": \"Bundle\", \"type\": \"collection\", \"entry\": []}", "Bundle.entry"
    ),
  ])
  func refusesWithThePath(_ text: String, _ path: String) throws {
    let error = try #require(Self.refusal(text), "accepted: \(text)")
    #expect(error.path == path, "\(error)")
  }

  @Test func aRefusalOfTheFormatNamesTheBundleEntry() throws {
    let long = String(repeating: "x", count: 121)
    let error = try #require(
      Self.refusal(
        Self.bundle([
          "{\"resourceType\": \"MedicationStatement\", \"id\": \"m\", \"status\": \"active\", \"subject\": {\"reference\": \"Patient/p1\"}, \"medicationCodeableConcept\": {\"text\": \"\(long)\"}}"
        ])))
    #expect(
      error.path
        == "Bundle.entry[1].resource(MedicationStatement) (as patients[0].medications[0].name)")
  }

  @Test func hostileBundlesAreRefusedInBoundedTime() throws {
    // Too many entries, too many bytes, and nesting past the parser's depth.
    let many = Self.bundle(Array(repeating: "{\"resourceType\": \"Basic\"}", count: 2001))
    #expect(Self.refusal(many)?.path == "Bundle.entry")
    let json = try JSONParser.parse(Self.bundle([]))
    #expect(throws: CareCircleError.self) {
      try FHIRBundleReader.read(json, byteCount: FHIRBundleReader.maximumBytes + 1)
    }
    let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
    #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(deep) }
    // A huge string is refused by the care-circle rule of the field it lands in.
    let huge = String(repeating: "a", count: 200_000)
    let error = Self.refusal(
      Self.bundle(
        [],
        patient:
          "{\"resourceType\": \"Patient\", \"id\": \"p1\", \"name\": [{\"text\": \"\(huge)\"}], \"birthDate\": \"1941-03-14\"}"
      ))
    #expect(error?.path.hasPrefix("Bundle.entry[0].resource(Patient)") == true)
    // Duplicate fullUrls.
    let twice =
      "{\"resourceType\": \"Bundle\", \"type\": \"collection\", \"entry\": [{\"fullUrl\": \"urn:uuid:1\", \"resource\": {\"resourceType\": \"Patient\"}}, {\"fullUrl\": \"urn:uuid:1\", \"resource\": {\"resourceType\": \"Patient\"}}]}"
    #expect(Self.refusal(twice)?.path == "Bundle.entry[1].fullUrl")
  }

  // MARK: export

  @Test func exportRoundTripsToTheSameBundle() throws {
    let circle = try CareCircleSampleTests.sample()
    for var patient in circle.patients {
      // Narrative-only sections are not read back (docs/fhir.md).
      patient.codeStatus = nil
      patient.advanceDirective = nil
      patient.baseline = nil
      let first = FHIRBundleWriter.bundle(patient, timestamp: "2026-11-01T09:00:00Z")
      let text = JSONWriter.write(first)
      let (again, _) = try Self.read(Array(text.utf8))
      let back = try #require(again.patients.first)
      #expect(back.id == patient.id)
      let second = FHIRBundleWriter.bundle(back, timestamp: "2026-11-01T09:00:00Z")
      let secondText = JSONWriter.write(second)
      #expect(secondText == text, "\(patient.id)")
      #expect(back.medications.map(\.fills) == patient.medications.map(\.fills))
      // Lost each way (docs/fhir.md): a dose that is not "N unit" moves into the schedule text,
      // and severity "unknown" has no R4 code; the Bundle is the same all the same.
      #expect(back.allergies.map(\.substance) == patient.allergies.map(\.substance))
      #expect(back.contacts.map(\.name) == patient.contacts.map(\.name))
    }
  }

  @Test func exportIsStableAndEscapesNarrative() throws {
    var patient = Patient(id: "p_1", fullName: "A <b>&", dateOfBirth: CivilDate(iso: "1940-01-01")!)
    patient.conditions = [Condition(name: "<script>alert(1)</script>")]
    let one = JSONWriter.write(FHIRBundleWriter.bundle(patient, timestamp: "2026-11-01T09:00:00Z"))
    let two = JSONWriter.write(FHIRBundleWriter.bundle(patient, timestamp: "2026-11-02T09:00:00Z"))
    #expect(one.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
    #expect(
      !one.split(separator: "\n").contains { $0.contains("\"div\"") && $0.contains("<script>") })
    #expect(one.contains("\"emptyReason\""))  // allergies and medications not recorded
    let strip = { (text: String) in
      text.split(separator: "\n").filter {
        !$0.contains("2026-11-0") && !$0.contains("\"value\": \"urn:uuid")
      }
    }
    #expect(strip(one) == strip(two))  // only identifier and timestamp change
    // An id FHIR cannot hold ("_") becomes a name-based UUID, the same every time.
    #expect(one.contains("\"id\": \"\(FHIRIdentity.uuid("rua-paper/p_1/Patient/"))\""))
  }
}
