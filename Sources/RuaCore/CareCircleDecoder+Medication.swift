// SPDX-License-Identifier: Apache-2.0
extension CareCircleDecoder {
  /// One medication object at `path` (e.g. `patients[0].medications[3]`); also used by the store.
  public static func decodeMedication(_ json: JSON, path: String, today: CivilDate)
    throws(CareCircleError) -> Medication
  {
    typealias L = CareCircleLimits
    let fields = try CareCircleFieldReader(json, path: path)
    try fields.refuseUnknownKeys(CareCircleFields.medication)

    var medication = Medication(
      id: try fields.id("id"),
      name: try fields.requiredString("name", max: L.medicationName))
    medication.brand = try fields.string("brand", max: L.brand)
    medication.strength = try fields.string("strength", max: L.shortText)
    medication.form = try fields.string("form", max: L.shortText)
    medication.route = try fields.string("route", max: L.shortText)
    medication.dose = try fields.string("dose", max: L.shortText)
    medication.schedule = try fields.string("schedule", max: L.schedule)
    medication.times = try choices("times", DoseTime.self, in: fields)
    medication.asNeeded = try fields.bool("asNeeded") ?? false
    medication.asNeededReason = try fields.string("asNeededReason", max: L.asNeededReason)
    medication.maxPerDay = try fields.string("maxPerDay", max: L.shortText)
    medication.minIntervalMinutes = try fields.int("minIntervalMinutes", in: L.minIntervalMinutes)
    medication.purpose = try fields.string("purpose", max: L.purpose)
    medication.prescriber = try fields.string("prescriber", max: L.prescriber)
    medication.instructions = try fields.string("instructions", max: L.instructions)
    medication.startDate = try fields.date("startDate")
    medication.status = try fields.choice("status", MedicationStatus.self) ?? .active
    medication.stoppedDate = try fields.date("stoppedDate")
    if let stopped = medication.stoppedDate, stopped > today {
      // A medicine taken until a later day is still current: every document must list it
      // until then, so a stop is recorded on the day it happens.
      throw CareCircleError(
        path: fields.child("stoppedDate"),
        reason: "must not be after today (\(today.iso)): a stop date cannot be in the future,"
          + " because the medicine is still taken until then; stop it on the day")
    }
    if medication.stoppedDate != nil, medication.status != .stopped {
      throw CareCircleError(
        path: fields.child("stoppedDate"),
        reason: "is allowed only with status \"stopped\"")
    }
    medication.hold = try hold(fields, status: medication.status, today: today)
    medication.highAlert = try fields.bool("highAlert")
    medication.refillsRemaining = try fields.int("refillsRemaining", in: L.refillsRemaining)
    medication.rxNumber = try fields.string("rxNumber", max: L.rxNumber)
    for (index, element) in try fields.array("fills", max: L.fillsCount).enumerated() {
      medication.fills.append(
        try decodeFill(
          element, path: CareCirclePath.element(fields.child("fills"), index), today: today))
    }
    medication.codes = try codes(fields)
    return medication
  }

  /// `hold`: only with status on-hold; `since` not after `today` (a pause starts on the day it
  /// starts, as a stop does, so no document calls a medicine held while it is still given);
  /// `until` on or after `since` and at most `holdDays` after it (or after `today`, when
  /// `since` is not recorded). An object with no member counts as absent.
  private static func hold(
    _ fields: CareCircleFieldReader, status: MedicationStatus, today: CivilDate
  )
    throws(CareCircleError) -> MedicationHold?
  {
    typealias L = CareCircleLimits
    guard let value = fields["hold"] else { return nil }
    let path = fields.child("hold")
    let item = try CareCircleFieldReader(value, path: path)
    try item.refuseUnknownKeys(CareCircleFields.hold)
    let since = try item.date("since")
    if let since, since > today {
      throw CareCircleError(
        path: item.child("since"),
        reason: "must not be after today (\(today.iso)): a hold starts on the day the medicine"
          + " is first not given; until then it is given and every document must say so")
    }
    let until = try item.date("until")
    if let until {
      if let since, until < since {
        throw CareCircleError(
          path: item.child("until"), reason: "must not be before hold.since (\(since.iso))")
      }
      let from = since ?? today
      if from.adding(days: L.holdDays) < until {
        throw CareCircleError(
          path: item.child("until"),
          reason:
            "must be at most \(L.holdDays) days after \(since == nil ? "today" : "hold.since")"
            + " (\(from.iso)): a longer pause is a stop ('med stop'), or a mistyped year")
      }
    }
    let hold = MedicationHold(
      since: since, until: until, reason: try item.string("reason", max: L.holdReason))
    guard hold != MedicationHold() else { return nil }
    guard status == .onHold else {
      throw CareCircleError(path: path, reason: "is allowed only with status \"on-hold\"")
    }
    return hold
  }

  /// One fill object at `path`; the fill date may not be after `today`.
  public static func decodeFill(_ json: JSON, path: String, today: CivilDate)
    throws(CareCircleError) -> Fill
  {
    let fields = try CareCircleFieldReader(json, path: path)
    try fields.refuseUnknownKeys(CareCircleFields.fill)
    return Fill(
      fillDate: try fields.requiredDate("fillDate", notAfter: today),
      daySupply: try fields.requiredInt("daySupply", in: CareCircleLimits.daySupply),
      quantity: try fields.positiveNumber("quantity", below: CareCircleLimits.quantity),
      pharmacy: try fields.string("pharmacy", max: CareCircleLimits.fillPharmacy))
  }

  public static func decodeContact(_ json: JSON, path: String) throws(CareCircleError) -> Contact {
    typealias L = CareCircleLimits
    let fields = try CareCircleFieldReader(json, path: path)
    try fields.refuseUnknownKeys(CareCircleFields.contact)
    return Contact(
      name: try fields.requiredString("name", max: L.personName),
      relation: try fields.string("relation", max: L.relation),
      phone: try fields.string("phone", max: L.phone),
      altPhone: try fields.string("altPhone", max: L.phone),
      roles: try choices("roles", ContactRole.self, in: fields))
  }

  public static func decodeDevice(_ json: JSON, path: String) throws(CareCircleError) -> Device {
    let fields = try CareCircleFieldReader(json, path: path)
    try fields.refuseUnknownKeys(CareCircleFields.device)
    return Device(
      name: try fields.requiredString("name", max: CareCircleLimits.deviceName),
      details: try fields.string("details", max: CareCircleLimits.deviceDetails),
      since: try partialDate(fields, "since"))
  }

  public static func decodeCareTeamMember(_ json: JSON, path: String) throws(CareCircleError)
    -> CareTeamMember
  {
    typealias L = CareCircleLimits
    let fields = try CareCircleFieldReader(json, path: path)
    try fields.refuseUnknownKeys(CareCircleFields.careTeamMember)
    return CareTeamMember(
      name: try fields.requiredString("name", max: L.personName),
      role: try fields.string("role", max: L.careTeamRole),
      phone: try fields.string("phone", max: L.phone),
      organization: try fields.string("organization", max: L.organization))
  }

  public static func decodePharmacy(_ json: JSON, path: String) throws(CareCircleError)
    -> Pharmacy
  {
    typealias L = CareCircleLimits
    let fields = try CareCircleFieldReader(json, path: path)
    try fields.refuseUnknownKeys(CareCircleFields.pharmacy)
    return Pharmacy(
      name: try fields.requiredString("name", max: L.pharmacyName),
      phone: try fields.string("phone", max: L.phone),
      address: try fields.string("address", max: L.address))
  }

  /// An array of distinct enumeration values, in the order written.
  private static func choices<Value: RawRepresentable & CaseIterable & Equatable>(
    _ key: String, _ type: Value.Type, in fields: CareCircleFieldReader
  ) throws(CareCircleError) -> [Value] where Value.RawValue == String {
    var values: [Value] = []
    for (index, element) in try fields.array(key).enumerated() {
      let path = CareCirclePath.element(fields.child(key), index)
      guard let value = try CareCircleFieldReader.choice(element, path: path, type) else {
        let names = Value.allCases.map(\.rawValue).joined(separator: ", ")
        throw CareCircleError(path: path, reason: "must be one of: \(names)")
      }
      if let first = values.firstIndex(of: value) {
        throw CareCircleError(path: path, reason: "repeats \(key)[\(first)]")
      }
      values.append(value)
    }
    return values
  }
}
