// SPDX-License-Identifier: Apache-2.0
/// Writes one person as a FHIR R4 International Patient Summary document Bundle (docs/fhir.md).
///
/// Pure: the same patient and timestamp give the same bytes. Entry ids are name-based UUIDs of
/// the care-circle ids, so they are stable across exports; only `identifier` and `timestamp`
/// change with the time. Concepts are text-only (the format keeps no codes, and a code is never
/// invented from a name); a DNR or POLST is never coded from free text.
public enum FHIRBundleWriter {
  public static let ipsBundleProfile =
    "http://hl7.org/fhir/uv/ips/StructureDefinition/Bundle-uv-ips"

  /// `timestamp` is the export time, RFC 3339 (`2026-12-01T09:00:00Z`).
  public static func bundle(_ patient: Patient, timestamp: String) -> JSON {
    var writer = Writer(patient: patient)
    return writer.bundle(timestamp: timestamp)
  }
}

private struct Writer {
  let patient: Patient
  var entries: [(url: String, resource: JSON)] = []

  init(patient: Patient) { self.patient = patient }

  func uuid(_ kind: String, _ key: String = "") -> String {
    FHIRIdentity.uuid("rua-paper/" + patient.id + "/" + kind + "/" + key)
  }

  func ref(_ id: String) -> JSON { .object([("reference", .string("urn:uuid:" + id))]) }

  var patientRef: JSON { ref(uuid("Patient")) }

  static func text(_ value: String) -> JSON { .object([("text", .string(value))]) }

  /// The text with the codings the source gave (`codes`, kept on import); never a made-up code.
  static func text(_ value: String, codes: [Code]) -> JSON {
    concept(codes.map { coding($0.system, $0.code, $0.display) }, text: value)
  }

  static func coding(_ system: String, _ code: String, _ display: String? = nil) -> JSON {
    var object = JSONObject()
    object.set("system", system)
    object.set("code", code)
    object.set("display", display)
    return object.json
  }

  static func concept(_ codings: [JSON], text: String? = nil) -> JSON {
    var object = JSONObject()
    object.set("coding", array: codings)
    object.set("text", text)
    return object.json
  }

  static let absent: JSON = .object([
    (
      "extension",
      .array([
        .object([("url", .string(FHIRTerms.dataAbsentReason)), ("valueCode", .string("unknown"))])
      ])
    )
  ])

  /// Adds a resource and returns its entry's id.
  mutating func add(_ type: String, _ id: String, _ members: [(key: String, value: JSON)]) -> String
  {
    var object = JSONObject()
    object.set("resourceType", type)
    object.set("id", id)
    object.members += members
    entries.append(("urn:uuid:" + id, object.json))
    return id
  }

  static func narrative(_ lines: [String]) -> JSON {
    var div = "<div xmlns=\"http://www.w3.org/1999/xhtml\">"
    if lines.isEmpty {
      div += "<p>No information</p>"
    } else {
      div += "<ul>" + lines.map { "<li>" + MarkupText.escaped($0) + "</li>" }.joined() + "</ul>"
    }
    div += "</div>"
    return .object([("status", .string("generated")), ("div", .string(div))])
  }

  static func section(
    _ title: String, _ code: String, _ display: String, lines: [String], entries: [String],
    emptyReason: Bool
  ) -> JSON {
    var object = JSONObject()
    object.set("title", title)
    object.set("code", concept([coding(FHIRTerms.loinc, code, display)]))
    object.set("text", narrative(lines))
    object.set(
      "entry", array: entries.map { .object([("reference", .string("urn:uuid:" + $0))]) })
    if entries.isEmpty && emptyReason {
      object.set(
        "emptyReason",
        concept(
          [coding(FHIRTerms.listEmptyReason, "unavailable", "Unavailable")],
          text: "Not recorded"))
    }
    return object.json
  }

  // MARK: resources

  mutating func writePatient() {
    var members = JSONObject()
    members.set(
      "identifier",
      .array([
        .object([
          ("system", .string(FHIRTerms.uri)), ("value", .string("urn:uuid:" + uuid("Patient"))),
        ])
      ]))
    var names: [JSON] = [
      .object([("use", .string("official")), ("text", .string(patient.fullName))])
    ]
    if let preferred = patient.preferredName {
      names.append(.object([("use", .string("usual")), ("text", .string(preferred))]))
    }
    members.set("name", .array(names))
    if let phone = patient.phone {
      members.set(
        "telecom",
        .array([
          .object([
            ("system", .string("phone")), ("value", .string(phone)), ("use", .string("home")),
          ])
        ]))
    }
    members.set("gender", patient.sex?.rawValue)
    members.set("birthDate", patient.dateOfBirth.iso)
    if let address = patient.address {
      members.set("address", .array([.object([("text", .string(address))])]))
    }
    members.set("contact", array: patient.contacts.map(Self.contact))
    if let language = patient.language {
      members.set(
        "communication",
        .array([
          .object([
            ("language", Self.concept([Self.coding(FHIRTerms.bcp47, language)])),
            ("preferred", .bool(true)),
          ])
        ]))
    }
    var object = members.members
    if let interpreter = patient.interpreterNeeded {
      object.insert(
        (
          "extension",
          .array([
            .object([
              ("url", .string(FHIRTerms.interpreterRequired)), ("valueBoolean", .bool(interpreter)),
            ])
          ])
        ), at: 0)
    }
    let id = FHIRIdentity.isFHIRID(patient.id) ? patient.id : uuid("Patient")
    var resource = JSONObject()
    resource.set("resourceType", "Patient")
    resource.set("id", id)
    resource.members += object
    entries.append(("urn:uuid:" + uuid("Patient"), resource.json))
  }

  static func contact(_ contact: Contact) -> JSON {
    var codings: [JSON] = []
    if contact.roles.contains(.emergency) {
      codings.append(coding(FHIRTerms.contactRole, "C", "Emergency Contact"))
    }
    if contact.roles.contains(.healthCareProxy) {
      codings.append(coding(FHIRTerms.roleCode, "HPOWATT", "healthcare power of attorney"))
    }
    if contact.roles.contains(.poa) {
      codings.append(coding(FHIRTerms.roleCode, "POWATT", "power of attorney"))
    }
    if let relation = contact.relation, let code = FHIRTerms.relationshipCode(for: relation) {
      codings.append(coding(FHIRTerms.roleCode, code, relation))
    }
    var object = JSONObject()
    if !codings.isEmpty || contact.relation != nil {
      object.set("relationship", .array([concept(codings, text: contact.relation)]))
    }
    object.set("name", text(contact.name))
    var telecom: [JSON] = []
    for (rank, phone) in [contact.phone, contact.altPhone].compactMap({ $0 }).enumerated() {
      telecom.append(
        .object([("system", .string("phone")), ("value", .string(phone)), ("rank", .int(rank + 1))])
      )
    }
    object.set("telecom", array: telecom)
    return object.json
  }

  mutating func writeCondition(_ number: Int, _ condition: Condition) -> String {
    var members: [(key: String, value: JSON)] = [
      (
        "clinicalStatus",
        Self.concept([
          Self.coding("http://terminology.hl7.org/CodeSystem/condition-clinical", "active")
        ])
      ),
      ("code", Self.text(condition.name, codes: condition.codes)),
      ("subject", patientRef),
    ]
    if let since = condition.since { members.append(("onsetDateTime", .string(since))) }
    if let notes = condition.notes { members.append(("note", .array([Self.text(notes)]))) }
    return add("Condition", uuid("Condition", String(number)), members)
  }

  mutating func writeAllergy(_ number: Int, _ allergy: Allergy) -> String {
    var members: [(key: String, value: JSON)] = [
      (
        "clinicalStatus",
        Self.concept([
          Self.coding("http://terminology.hl7.org/CodeSystem/allergyintolerance-clinical", "active")
        ])
      )
    ]
    if let kind = allergy.kind { members.append(("type", .string(kind.rawValue))) }
    members.append(("code", Self.text(allergy.substance, codes: allergy.codes)))
    members.append(("patient", patientRef))
    let severity = allergy.severity.flatMap { $0 == .unknown ? nil : $0.rawValue }
    if allergy.reaction != nil || severity != nil {
      var reaction = JSONObject()
      reaction.set("manifestation", .array([allergy.reaction.map(Self.text) ?? Self.absent]))
      reaction.set("severity", severity)
      members.append(("reaction", .array([reaction.json])))
    }
    return add("AllergyIntolerance", uuid("AllergyIntolerance", String(number)), members)
  }

  mutating func writeNoKnownAllergies() -> String {
    add(
      "AllergyIntolerance", uuid("AllergyIntolerance", "none"),
      [
        (
          "clinicalStatus",
          Self.concept([
            Self.coding(
              "http://terminology.hl7.org/CodeSystem/allergyintolerance-clinical", "active")
          ])
        ),
        (
          "verificationStatus",
          Self.concept([
            Self.coding(
              "http://terminology.hl7.org/CodeSystem/allergyintolerance-verification", "confirmed")
          ])
        ),
        (
          "code",
          Self.concept([
            Self.coding(FHIRTerms.snomed, FHIRTerms.noKnownAllergy, "No known allergy (situation)")
          ])
        ),
        ("patient", patientRef),
      ])
  }

  /// "5 mg" → a Quantity; nil unless the text is exactly a number and a unit word.
  static func amount(_ text: String) -> JSON? {
    let parts = text.split(separator: " ", omittingEmptySubsequences: false)
    guard parts.count == 2, let number = Double(parts[0]), number > 0,
      parts[0].allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
      !parts[1].isEmpty, !parts[1].contains("/")
    else { return nil }
    return .object([("value", .number(String(parts[0]))), ("unit", .string(String(parts[1])))])
  }

  /// "5 mg" or "100 units/mL" → a Ratio; nil for anything else.
  static func ratio(_ text: String) -> JSON? {
    let halves = text.split(separator: "/", omittingEmptySubsequences: false)
    guard halves.count <= 2, let numerator = amount(String(halves[0])) else { return nil }
    var denominator: JSON = .object([("value", .number("1"))])
    if halves.count == 2 {
      let per = String(halves[1])
      if let quantity = amount(per) {
        denominator = quantity
      } else if !per.isEmpty, !per.contains(" ") {
        denominator = .object([("value", .number("1")), ("unit", .string(per))])
      } else {
        return nil
      }
    } else {
      return .object([("numerator", numerator)])
    }
    return .object([("numerator", numerator), ("denominator", denominator)])
  }

  mutating func writeMedication(_ medication: Medication) -> String {
    var medicine: [(key: String, value: JSON)] = [
      ("code", Self.text(medication.name, codes: medication.codes))
    ]
    // The brand has no IPS element (only a national product coding would carry it).
    if let brand = medication.brand {
      medicine.insert(
        (
          "extension",
          .array([
            .object([("url", .string(FHIRTerms.medicationBrand)), ("valueString", .string(brand))])
          ])
        ), at: 0)
    }
    if let form = medication.form { medicine.append(("form", Self.text(form))) }
    if let strength = medication.strength, let ratio = Self.ratio(strength) {
      medicine.append(
        (
          "ingredient",
          .array([
            .object([("itemCodeableConcept", Self.text(medication.name)), ("strength", ratio)])
          ])
        ))
    }
    let medicineID = add("Medication", uuid("Medication", medication.id), medicine)
    var dispenses: [String] = []
    for (number, fill) in medication.fills.enumerated() {
      var members: [(key: String, value: JSON)] = []
      if let rx = medication.rxNumber {
        members.append(
          (
            "identifier",
            .array([.object([("type", Self.text("prescription number")), ("value", .string(rx))])])
          ))
      }
      members.append(("status", .string("completed")))
      members.append(("medicationReference", ref(medicineID)))
      members.append(("subject", patientRef))
      if let pharmacy = fill.pharmacy {
        members.append(
          ("performer", .array([.object([("actor", .object([("display", .string(pharmacy))]))])])))
      }
      if let quantity = fill.quantity {
        members.append(("quantity", .object([("value", .double(quantity))])))
      }
      members.append(
        (
          "daysSupply",
          .object([
            ("value", .int(fill.daySupply)), ("unit", .string("days")),
            ("system", .string(FHIRTerms.ucum)), ("code", .string("d")),
          ])
        ))
      members.append(("whenHandedOver", .string(fill.fillDate.iso)))
      dispenses.append(
        add(
          "MedicationDispense", uuid("MedicationDispense", medication.id + "/" + String(number)),
          members))
    }
    var derived = dispenses.map(ref)
    if let prescriber = medication.prescriber {
      let request = add(
        "MedicationRequest", uuid("MedicationRequest", medication.id),
        [
          (
            "status",
            .string(medication.status == .stopped ? "stopped" : medication.status.rawValue)
          ),
          ("intent", .string("order")),
          ("medicationReference", ref(medicineID)),
          ("subject", patientRef),
          ("requester", .object([("display", .string(prescriber))])),
        ])
      derived.insert(ref(request), at: 0)
    }
    var members: [(key: String, value: JSON)] = [("status", .string(medication.status.rawValue))]
    var extensions: [JSON] = []
    // A hold's reason is the statement's statusReason; its dates, which FHIR R4 has no field
    // for (effectivePeriod is when the medicine is taken), rua-paper's own extension.
    if medication.status == .onHold, let hold = medication.hold {
      if hold.since != nil || hold.until != nil {
        var period = JSONObject()
        period.set("start", hold.since?.iso)
        period.set("end", hold.until?.iso)
        extensions.append(
          .object([("url", .string(FHIRTerms.medicationHold)), ("valuePeriod", period.json)]))
      }
      if let reason = hold.reason { members.append(("statusReason", .array([Self.text(reason)]))) }
    }
    // Refills left: R4's numberOfRepeatsAllowed counts all repeats, not those remaining.
    if let refills = medication.refillsRemaining {
      extensions.append(
        .object([
          ("url", .string(FHIRTerms.refillsRemaining)), ("valueUnsignedInt", .int(refills)),
        ]))
    }
    if !extensions.isEmpty { members.insert(("extension", .array(extensions)), at: 0) }
    members.append(("medicationReference", ref(medicineID)))
    members.append(("subject", patientRef))
    if medication.startDate != nil || medication.stoppedDate != nil {
      var period = JSONObject()
      period.set("start", medication.startDate?.iso)
      period.set("end", medication.stoppedDate?.iso)
      members.append(("effectivePeriod", period.json))
    } else {
      members.append(("_effectiveDateTime", Self.absent))
    }
    if !derived.isEmpty { members.append(("derivedFrom", .array(derived))) }
    if let purpose = medication.purpose {
      members.append(("reasonCode", .array([Self.text(purpose)])))
    }
    members.append(("dosage", .array([Self.dosage(medication)])))
    let statementID =
      FHIRIdentity.isFHIRID(medication.id)
      ? medication.id : uuid("MedicationStatement", medication.id)
    var resource = JSONObject()
    resource.set("resourceType", "MedicationStatement")
    resource.set("id", statementID)
    resource.members += members
    let url = uuid("MedicationStatement", medication.id)
    entries.append(("urn:uuid:" + url, resource.json))
    return url
  }

  /// The schedule, with a dose that is not "N unit" in front of it ("1 to 2 tablets; …").
  static func dosageText(_ medication: Medication) -> String? {
    guard let dose = medication.dose, amount(dose) == nil else { return medication.schedule }
    return [dose, medication.schedule].compactMap { $0 }.joined(separator: "; ")
  }

  static func dosage(_ medication: Medication) -> JSON {
    var dosage = JSONObject()
    dosage.set("text", dosageText(medication))
    dosage.set("patientInstruction", medication.instructions)
    let when = medication.times.compactMap { time in FHIRTerms.whenCodes.first { $0.0 == time }?.1 }
    if !when.isEmpty {
      dosage.set(
        "timing", .object([("repeat", .object([("when", .array(when.map(JSON.string)))]))]))
    }
    if medication.asNeeded {
      if let reason = medication.asNeededReason {
        dosage.set("asNeededCodeableConcept", Self.text(reason))
      } else {
        dosage.set("asNeededBoolean", .bool(true))
      }
    }
    if let route = medication.route { dosage.set("route", Self.text(route)) }
    if let dose = medication.dose, let quantity = amount(dose) {
      dosage.set("doseAndRate", .array([.object([("doseQuantity", quantity)])]))
    }
    if let maximum = medication.maxPerDay, let quantity = amount(maximum) {
      dosage.set(
        "maxDosePerPeriod",
        .object([
          ("numerator", quantity),
          (
            "denominator",
            .object([
              ("value", .number("1")), ("unit", .string("day")),
              ("system", .string(FHIRTerms.ucum)), ("code", .string("d")),
            ])
          ),
        ]))
    }
    return dosage.json
  }

  mutating func writeDevice(_ number: Int, _ device: Device) -> String {
    var members: [(key: String, value: JSON)] = [
      ("type", Self.text(device.name)), ("patient", patientRef),
    ]
    if let details = device.details { members.append(("note", .array([Self.text(details)]))) }
    let deviceID = add("Device", uuid("Device", String(number)), members)
    // timing[x] is 1..1: the device's `since` (a FHIR dateTime may be a year or a month), else
    // a data-absent-reason.
    let timing: (key: String, value: JSON) =
      device.since.map { ("timingDateTime", .string($0)) } ?? ("_timingDateTime", Self.absent)
    return add(
      "DeviceUseStatement", uuid("DeviceUseStatement", String(number)),
      [
        ("status", .string("active")), ("subject", patientRef), timing,
        ("device", ref(deviceID)),
      ])
  }

  mutating func writeCareTeam() -> [String] {
    var ids: [String] = []
    for (number, member) in patient.careTeam.enumerated() {
      var practitioner: [(key: String, value: JSON)] = [("name", .array([Self.text(member.name)]))]
      if let phone = member.phone {
        practitioner.append(
          ("telecom", .array([.object([("system", .string("phone")), ("value", .string(phone))])])))
      }
      let practitionerID = add("Practitioner", uuid("Practitioner", String(number)), practitioner)
      var role: [(key: String, value: JSON)] = [("practitioner", ref(practitionerID))]
      if let organization = member.organization {
        role.append(("organization", .object([("display", .string(organization))])))
      }
      if let text = member.role { role.append(("code", .array([Self.text(text)]))) }
      ids.append(add("PractitionerRole", uuid("PractitionerRole", String(number)), role))
    }
    if let pharmacy = patient.pharmacy {
      var members: [(key: String, value: JSON)] = [
        ("type", .array([Self.text("pharmacy")])), ("name", .string(pharmacy.name)),
      ]
      if let phone = pharmacy.phone {
        members.append(
          ("telecom", .array([.object([("system", .string("phone")), ("value", .string(phone))])])))
      }
      if let address = pharmacy.address {
        members.append(("address", .array([Self.text(address)])))
      }
      ids.append(add("Organization", uuid("Organization", "pharmacy"), members))
    }
    return ids
  }

  mutating func writeMeasure(
    _ code: String, _ display: String, _ value: Double, _ unit: String, on day: CivilDate? = nil
  ) -> String {
    add(
      "Observation", uuid("Observation", code),
      [
        ("status", .string("final")),
        (
          "category",
          .array([
            Self.concept([
              Self.coding(
                "http://terminology.hl7.org/CodeSystem/observation-category", "vital-signs",
                "Vital Signs")
            ])
          ])
        ),
        ("code", Self.concept([Self.coding(FHIRTerms.loinc, code, display)])),
        ("subject", patientRef),
        day.map { ("effectiveDateTime", .string($0.iso)) } ?? ("_effectiveDateTime", Self.absent),
        (
          "valueQuantity",
          .object([
            ("value", .double(value)), ("unit", .string(unit)), ("system", .string(FHIRTerms.ucum)),
            ("code", .string(unit)),
          ])
        ),
      ])
  }

  // MARK: the document

  mutating func bundle(timestamp: String) -> JSON {
    writePatient()
    let author = add(
      "Device", uuid("Device", "rua-paper"),
      [
        (
          "deviceName",
          .array([
            .object([("name", .string("rua-paper")), ("type", .string("manufacturer-name"))])
          ])
        )
      ])
    var sections: [JSON] = []
    let problems = patient.conditions.enumerated().map { writeCondition($0.offset, $0.element) }
    sections.append(
      Self.section(
        "Problems", FHIRTerms.problems, "Problem list - Reported",
        lines: patient.conditions.map {
          [$0.name, $0.since.map { "since " + $0 }, $0.notes].compactMap { $0 }.joined(
            separator: ", ")
        },
        entries: problems, emptyReason: true))
    var allergies = patient.allergies.enumerated().map { writeAllergy($0.offset, $0.element) }
    var allergyLines = patient.allergies.map { allergy in
      [
        allergy.substance, allergy.reaction,
        allergy.severity == .unknown ? nil : allergy.severity?.rawValue,
      ]
      .compactMap { $0 }.joined(
        separator: ", ")
    }
    if patient.noKnownAllergies && patient.allergies.isEmpty {
      allergies.append(writeNoKnownAllergies())
      allergyLines.append("No known allergies")
    }
    sections.append(
      Self.section(
        "Allergies and Intolerances", FHIRTerms.allergies,
        "Allergies and adverse reactions Document",
        lines: allergyLines, entries: allergies, emptyReason: true))
    let medications = patient.medications.map { writeMedication($0) }
    sections.append(
      Self.section(
        "Medication Summary", FHIRTerms.medications, "History of Medication use Narrative",
        lines: patient.medications.map { medication in
          let dose = medication.dose.flatMap { Self.amount($0) == nil ? nil : $0 }
          return [
            medication.name, medication.strength, dose, Self.dosageText(medication),
            medication.status.rawValue,
          ]
          .compactMap { $0 }.joined(separator: ", ")
        },
        entries: medications, emptyReason: true))
    if !patient.devices.isEmpty {
      let devices = patient.devices.enumerated().map { writeDevice($0.offset, $0.element) }
      sections.append(
        Self.section(
          "Medical Devices", FHIRTerms.devices, "History of medical device use",
          lines: patient.devices.map {
            [$0.name, $0.details].compactMap { $0 }.joined(separator: ", ")
          },
          entries: devices, emptyReason: false))
    }
    if !patient.alerts.isEmpty {
      let flags = patient.alerts.enumerated().map { number, alert in
        add(
          "Flag", uuid("Flag", String(number)),
          [("status", .string("active")), ("code", Self.text(alert)), ("subject", patientRef)])
      }
      sections.append(
        Self.section(
          "Alerts", FHIRTerms.alerts, "Patient Alerts", lines: patient.alerts, entries: flags,
          emptyReason: false))
    }
    var vitals: [String] = []
    var vitalLines: [String] = []
    if let weight = patient.weightKg {
      vitals.append(
        writeMeasure(
          FHIRTerms.bodyWeight, "Body weight", weight, "kg", on: patient.weightMeasuredOn))
      vitalLines.append(
        "Body weight: \(JSONWriter.write(.double(weight), pretty: false)) kg"
          + (patient.weightMeasuredOn.map { " (\($0.iso))" } ?? ""))
    }
    if let height = patient.heightCm {
      vitals.append(writeMeasure(FHIRTerms.bodyHeight, "Body height", height, "cm"))
      vitalLines.append("Body height: \(JSONWriter.write(.double(height), pretty: false)) cm")
    }
    if !vitals.isEmpty {
      sections.append(
        Self.section(
          "Vital Signs", FHIRTerms.vitalSigns, "Vital signs", lines: vitalLines, entries: vitals,
          emptyReason: false))
    }
    sections += writeImmunizationsAndResults()
    let team = writeCareTeam()
    if !team.isEmpty {
      sections.append(
        Self.section(
          "Care Team", FHIRTerms.careTeam, "Patient Care team information",
          lines: patient.careTeam.map {
            [$0.name, $0.role, $0.organization, $0.phone].compactMap { $0 }.joined(separator: ", ")
          }
            + (patient.pharmacy.map { ["Pharmacy: " + $0.name] } ?? []),
          entries: team, emptyReason: false))
    }
    var directive: [String] = []
    if let status = patient.codeStatus { directive.append("Code status: " + status) }
    if let summary = patient.advanceDirective?.summary { directive.append(summary) }
    if let location = patient.advanceDirective?.location {
      directive.append("Where the original is: " + location)
    }
    if !directive.isEmpty {
      // Narrative only: a code status is never coded from free text.
      sections.append(
        Self.section(
          "Advance Directives", FHIRTerms.advanceDirectives, "Advance directives", lines: directive,
          entries: [], emptyReason: false))
    }
    if let baseline = patient.baseline {
      let lines = [
        baseline.cognition.map { "Cognition: " + $0 }, baseline.mobility.map { "Mobility: " + $0 },
        baseline.hearing.map { "Hearing: " + $0 }, baseline.vision.map { "Vision: " + $0 },
        baseline.communication.map { "Communication: " + $0 }, baseline.other,
      ].compactMap { $0 }
      if !lines.isEmpty {
        sections.append(
          Self.section(
            "Functional Status", FHIRTerms.functionalStatus, "Functional status assessment note",
            lines: lines, entries: [], emptyReason: false))
      }
    }
    let composition: JSON = .object([
      ("resourceType", .string("Composition")),
      ("id", .string(uuid("Composition"))),
      ("status", .string("final")),
      (
        "type",
        Self.concept([
          Self.coding(FHIRTerms.loinc, FHIRTerms.patientSummary, "Patient summary Document")
        ])
      ),
      ("subject", patientRef),
      ("date", .string(compositionDate(timestamp))),
      ("author", .array([ref(author)])),
      ("title", .string("International Patient Summary")),
      ("section", .array(sections)),
    ])
    var all: [JSON] = [
      .object([("fullUrl", .string("urn:uuid:" + uuid("Composition"))), ("resource", composition)])
    ]
    for entry in entries {
      all.append(.object([("fullUrl", .string(entry.url)), ("resource", entry.resource)]))
    }
    return .object([
      ("resourceType", .string("Bundle")),
      ("meta", .object([("profile", .array([.string(FHIRBundleWriter.ipsBundleProfile)]))])),
      (
        "identifier",
        .object([
          ("system", .string(FHIRTerms.uri)),
          (
            "value",
            .string("urn:uuid:" + FHIRIdentity.uuid("rua-paper/" + patient.id + "@" + timestamp))
          ),
        ])
      ),
      ("type", .string("document")),
      ("timestamp", .string(timestamp)),
      ("entry", .array(all)),
    ])
  }
}

extension Writer {
  /// The Composition is as old as the record's source (`sourceDate`) when that is older than
  /// the export: a summary brought in elsewhere must not look newer than what it says.
  fileprivate func compositionDate(_ timestamp: String) -> String {
    guard let source = patient.sourceDate, let sourceTime = Instant(rfc3339: source),
      let exportTime = Instant(rfc3339: timestamp), sourceTime < exportTime
    else { return timestamp }
    return source
  }
}

extension Writer {
  /// The Immunizations section (11369-6) and, for the blood type, the Results section
  /// (30954-2): each only when there is something to say.
  fileprivate mutating func writeImmunizationsAndResults() -> [JSON] {
    var sections: [JSON] = []
    if !patient.immunizations.isEmpty {
      let entries = patient.immunizations.enumerated().map { number, immunization in
        // occurrence[x] is 1..1 (in R4 itself, so a data-absent-reason alone does not do): the
        // date as written (a year or month is a FHIR dateTime), else R4's string form.
        let occurrence: (key: String, value: JSON) =
          immunization.date.map { ("occurrenceDateTime", .string($0)) }
          ?? ("occurrenceString", .string("date not recorded"))
        return add(
          "Immunization", uuid("Immunization", String(number)),
          [
            ("status", .string("completed")), ("vaccineCode", Self.text(immunization.vaccine)),
            ("patient", patientRef), occurrence,
          ])
      }
      sections.append(
        Self.section(
          "Immunizations", FHIRTerms.immunizationsSection, "History of Immunization Narrative",
          lines: patient.immunizations.map {
            [$0.vaccine, $0.date].compactMap { $0 }.joined(separator: ", ")
          },
          entries: entries, emptyReason: false))
    }
    if let bloodType = patient.bloodType {
      let observation = add(
        "Observation", uuid("Observation", FHIRTerms.bloodGroup),
        [
          ("status", .string("final")),
          (
            "category",
            .array([
              Self.concept([
                Self.coding(
                  "http://terminology.hl7.org/CodeSystem/observation-category", "laboratory",
                  "Laboratory")
              ])
            ])
          ),
          (
            "code",
            Self.concept([
              Self.coding(FHIRTerms.loinc, FHIRTerms.bloodGroup, "ABO and Rh group [Type] in Blood")
            ])
          ),
          ("subject", patientRef), ("_effectiveDateTime", Self.absent),
          ("valueCodeableConcept", Self.text(bloodType)),
        ])
      sections.append(
        Self.section(
          "Results", FHIRTerms.resultsSection,
          "Relevant diagnostic tests/laboratory data Narrative",
          lines: ["Blood type: " + bloodType], entries: [observation], emptyReason: false))
    }
    return sections
  }
}
