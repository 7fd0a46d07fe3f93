// SPDX-License-Identifier: Apache-2.0
extension CareCircleDecoder {
  /// One patient object at `path` (e.g. `patients[2]`); also used by the store.
  public static func decodePatient(_ json: JSON, path: String, today: CivilDate)
    throws(CareCircleError) -> Patient
  {
    typealias L = CareCircleLimits
    let fields = try CareCircleFieldReader(json, path: path)
    try fields.refuseUnknownKeys(CareCircleFields.patient)

    var patient = Patient(
      id: try fields.id("id"),
      fullName: try fields.requiredString("fullName", max: L.fullName),
      dateOfBirth: try fields.requiredDate("dateOfBirth", notAfter: today))
    patient.preferredName = try fields.string("preferredName", max: L.preferredName)
    patient.sex = try fields.choice("sex", Sex.self)
    patient.language = try fields.string("language", max: L.language)
    if let language = patient.language, !LanguageTag.isWellFormed(language) {
      throw CareCircleError(
        path: fields.child("language"),
        reason: "must be a BCP 47 language tag such as es, zh-Hant or ar")
    }
    patient.interpreterNeeded = try fields.bool("interpreterNeeded")
    patient.weightKg = try fields.positiveNumber("weightKg", below: L.weightKg)
    patient.weightMeasuredOn = try fields.date("weightMeasuredOn", notAfter: today)
    if patient.weightMeasuredOn != nil, patient.weightKg == nil {
      throw CareCircleError(
        path: fields.child("weightMeasuredOn"), reason: "is allowed only with weightKg")
    }
    patient.heightCm = try fields.positiveNumber("heightCm", below: L.heightCm)
    patient.bloodType = try fields.string("bloodType", max: L.bloodType)
    patient.address = try fields.string("address", max: L.address)
    patient.phone = try fields.string("phone", max: L.phone)
    patient.insurance = try fields.string("insurance", max: L.insurance)
    patient.codeStatus = try fields.string("codeStatus", max: L.codeStatus)
    patient.advanceDirective = try advanceDirective(fields)
    patient.baseline = try baseline(fields)

    for (index, element) in try fields.array("devices", max: L.devicesCount).enumerated() {
      patient.devices.append(
        try decodeDevice(element, path: CareCirclePath.element(fields.child("devices"), index)))
    }
    for (index, element) in try fields.array("alerts", max: L.alertsCount).enumerated() {
      let elementPath = CareCirclePath.element(fields.child("alerts"), index)
      // An alert that is empty after trimming is absent, so it is left out.
      if let alert = try CareCircleFieldReader.text(
        element, path: elementPath, max: L.alert, notes: false)
      {
        patient.alerts.append(alert)
      }
    }
    for (index, element) in try fields.array("immunizations", max: L.immunizationsCount)
      .enumerated()
    {
      patient.immunizations.append(
        try decodeImmunization(
          element, path: CareCirclePath.element(fields.child("immunizations"), index)))
    }
    for (index, element) in try fields.array("conditions", max: L.conditionsCount).enumerated() {
      patient.conditions.append(
        try decodeCondition(
          element, path: CareCirclePath.element(fields.child("conditions"), index)))
    }
    for (index, element) in try fields.array("allergies", max: L.allergiesCount).enumerated() {
      patient.allergies.append(
        try decodeAllergy(element, path: CareCirclePath.element(fields.child("allergies"), index)))
    }
    patient.noKnownAllergies = try fields.bool("noKnownAllergies") ?? false
    if patient.noKnownAllergies, !patient.allergies.isEmpty {
      throw CareCircleError(
        path: fields.child("noKnownAllergies"),
        reason: "cannot be true when allergies are listed; remove one or the other")
    }

    var firstIndexOfID: [String: Int] = [:]
    for (index, element) in try fields.array("medications", max: L.medicationsCount).enumerated() {
      let medicationPath = CareCirclePath.element(fields.child("medications"), index)
      let medication = try decodeMedication(element, path: medicationPath, today: today)
      if let first = firstIndexOfID[medication.id] {
        throw CareCircleError(
          path: CareCirclePath.member(medicationPath, "id"),
          reason: "repeats the id of medications[\(first)];"
            + " medication ids must be unique within a patient")
      }
      firstIndexOfID[medication.id] = index
      try refuseBeforeBirth(medication, born: patient.dateOfBirth, path: medicationPath)
      patient.medications.append(medication)
    }
    for (index, element) in try fields.array("contacts", max: L.contactsCount).enumerated() {
      patient.contacts.append(
        try decodeContact(element, path: CareCirclePath.element(fields.child("contacts"), index)))
    }
    for (index, element) in try fields.array("careTeam", max: L.careTeamCount).enumerated() {
      patient.careTeam.append(
        try decodeCareTeamMember(
          element, path: CareCirclePath.element(fields.child("careTeam"), index)))
    }
    if let value = fields["pharmacy"] {
      patient.pharmacy = try decodePharmacy(value, path: fields.child("pharmacy"))
    }
    patient.preferredHospital = try fields.string("preferredHospital", max: L.preferredHospital)
    patient.dependents = try fields.string("dependents", max: L.dependents)
    patient.notes = try fields.string("notes", max: L.patientNotes, notes: true)
    patient.sourceDate = try fields.string("sourceDate", max: Int.max)
    if let date = patient.sourceDate, !Timestamp.isRFC3339UTC(date) {
      throw CareCircleError(
        path: fields.child("sourceDate"),
        reason: "must be an RFC 3339 timestamp in UTC, e.g. 2026-11-01T09:00:00Z")
    }
    // Each field within its limit can still add up to a record no document lays out in time.
    let textBytes = CareCirclePrintedText.bytes(in: json)
    if textBytes > L.patientTextBytes {
      throw CareCircleError(
        path: path,
        reason: "holds \(textBytes) bytes of text in all; one patient may hold at most"
          + " \(L.patientTextBytes) (UTF-8, after trimming), so that every document prints"
          + " quickly; shorten the longest texts")
    }
    return patient
  }

  /// A start, stop or fill date before the date of birth is a typing mistake (a wrong year):
  /// refused, naming the field, as the documents refuse a print date before it.
  private static func refuseBeforeBirth(_ medication: Medication, born: CivilDate, path: String)
    throws(CareCircleError)
  {
    let reason = "must not be before the date of birth (\(born.iso))"
    if let start = medication.startDate, start < born {
      throw CareCircleError(path: CareCirclePath.member(path, "startDate"), reason: reason)
    }
    if let stopped = medication.stoppedDate, stopped < born {
      throw CareCircleError(path: CareCirclePath.member(path, "stoppedDate"), reason: reason)
    }
    if let since = medication.hold?.since, since < born {
      throw CareCircleError(
        path: CareCirclePath.member(CareCirclePath.member(path, "hold"), "since"), reason: reason)
    }
    if let since = medication.hold?.since, let start = medication.startDate, since < start {
      throw CareCircleError(
        path: CareCirclePath.member(CareCirclePath.member(path, "hold"), "since"),
        reason: "must not be before the medicine's startDate (\(start.iso)): it cannot be"
          + " paused before it was started")
    }
    for (index, fill) in medication.fills.enumerated() where fill.fillDate < born {
      let fills = CareCirclePath.member(path, "fills")
      throw CareCircleError(
        path: CareCirclePath.member(CareCirclePath.element(fills, index), "fillDate"),
        reason: reason)
    }
  }

  /// An object whose fields are all absent counts as absent, like an empty string.
  private static func advanceDirective(_ fields: CareCircleFieldReader) throws(CareCircleError)
    -> AdvanceDirective?
  {
    guard let value = fields["advanceDirective"] else { return nil }
    let item = try CareCircleFieldReader(value, path: fields.child("advanceDirective"))
    try item.refuseUnknownKeys(CareCircleFields.advanceDirective)
    let directive = AdvanceDirective(
      summary: try item.string("summary", max: CareCircleLimits.directive),
      location: try item.string("location", max: CareCircleLimits.directive))
    return directive == AdvanceDirective() ? nil : directive
  }

  private static func baseline(_ fields: CareCircleFieldReader) throws(CareCircleError)
    -> Baseline?
  {
    guard let value = fields["baseline"] else { return nil }
    let item = try CareCircleFieldReader(value, path: fields.child("baseline"))
    try item.refuseUnknownKeys(CareCircleFields.baseline)
    let limit = CareCircleLimits.baseline
    let baseline = Baseline(
      cognition: try item.string("cognition", max: limit),
      mobility: try item.string("mobility", max: limit),
      hearing: try item.string("hearing", max: limit),
      vision: try item.string("vision", max: limit),
      communication: try item.string("communication", max: limit),
      other: try item.string("other", max: limit))
    return baseline == Baseline() ? nil : baseline
  }

  public static func decodeCondition(_ json: JSON, path: String) throws(CareCircleError)
    -> Condition
  {
    let fields = try CareCircleFieldReader(json, path: path)
    try fields.refuseUnknownKeys(CareCircleFields.condition)
    let name = try fields.requiredString("name", max: CareCircleLimits.conditionName)
    let since = try partialDate(fields, "since")
    return Condition(
      name: name, since: since,
      notes: try fields.string("notes", max: CareCircleLimits.conditionNotes, notes: true),
      codes: try codes(fields))
  }

  public static func decodeAllergy(_ json: JSON, path: String) throws(CareCircleError) -> Allergy {
    let fields = try CareCircleFieldReader(json, path: path)
    try fields.refuseUnknownKeys(CareCircleFields.allergy)
    return Allergy(
      substance: try fields.requiredString("substance", max: CareCircleLimits.substance),
      reaction: try fields.string("reaction", max: CareCircleLimits.reaction),
      severity: try fields.choice("severity", AllergySeverity.self),
      kind: try fields.choice("kind", AllergyKind.self), codes: try codes(fields))
  }
}
