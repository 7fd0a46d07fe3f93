// SPDX-License-Identifier: Apache-2.0
/// Writes the canonical care-circle JSON: keys in the order of the format page's tables
/// (`CareCircleFields`), absent values, empty arrays and false defaults (`asNeeded`,
/// `noKnownAllergies`, status `active`) left out, numbers in their shortest exact form.
/// `CareCircleDecoder.decode(json: encode(x), today:) == x` for every `x` the decoder can return.
public enum CareCircleEncoder {
  public static func encode(_ circle: CareCircle) -> JSON {
    var out = Members()
    out.add("format", .string(CareCircle.format))
    out.add("version", .int(CareCircle.version))
    out.add("exportedAt", circle.exportedAt)
    out.add("patients", .array(circle.patients.map(encode)))
    if let extensions = circle.extensions { out.add("extensions", extensions) }
    return out.json
  }

  public static func encode(_ patient: Patient) -> JSON {
    var out = Members()
    out.add("id", patient.id)
    out.add("fullName", patient.fullName)
    out.add("preferredName", patient.preferredName)
    out.add("dateOfBirth", patient.dateOfBirth.iso)
    out.add("sex", patient.sex?.rawValue)
    out.add("language", patient.language)
    if let needed = patient.interpreterNeeded { out.add("interpreterNeeded", .bool(needed)) }
    out.add("weightKg", patient.weightKg)
    out.add("weightMeasuredOn", patient.weightMeasuredOn?.iso)
    out.add("heightCm", patient.heightCm)
    out.add("bloodType", patient.bloodType)
    out.add("address", patient.address)
    out.add("phone", patient.phone)
    out.add("insurance", patient.insurance)
    out.add("codeStatus", patient.codeStatus)
    if let directive = patient.advanceDirective {
      var item = Members()
      item.add("summary", directive.summary)
      item.add("location", directive.location)
      out.add("advanceDirective", item.json)
    }
    if let baseline = patient.baseline {
      var item = Members()
      item.add("cognition", baseline.cognition)
      item.add("mobility", baseline.mobility)
      item.add("hearing", baseline.hearing)
      item.add("vision", baseline.vision)
      item.add("communication", baseline.communication)
      item.add("other", baseline.other)
      out.add("baseline", item.json)
    }
    out.add("devices", patient.devices.map(encode))
    out.add("alerts", patient.alerts.map(JSON.string))
    out.add("immunizations", patient.immunizations.map(encode))
    out.add("conditions", patient.conditions.map(encode))
    out.add("allergies", patient.allergies.map(encode))
    if patient.noKnownAllergies { out.add("noKnownAllergies", .bool(true)) }
    out.add("medications", patient.medications.map(encode))
    out.add("contacts", patient.contacts.map(encode))
    out.add("careTeam", patient.careTeam.map(encode))
    if let pharmacy = patient.pharmacy { out.add("pharmacy", encode(pharmacy)) }
    out.add("preferredHospital", patient.preferredHospital)
    out.add("dependents", patient.dependents)
    out.add("notes", patient.notes)
    out.add("sourceDate", patient.sourceDate)
    return out.json
  }

  public static func encode(_ medication: Medication) -> JSON {
    var out = Members()
    out.add("id", medication.id)
    out.add("name", medication.name)
    out.add("brand", medication.brand)
    out.add("strength", medication.strength)
    out.add("form", medication.form)
    out.add("route", medication.route)
    out.add("dose", medication.dose)
    out.add("schedule", medication.schedule)
    out.add("times", medication.times.map { .string($0.rawValue) })
    if medication.asNeeded { out.add("asNeeded", .bool(true)) }
    out.add("asNeededReason", medication.asNeededReason)
    out.add("maxPerDay", medication.maxPerDay)
    if let minutes = medication.minIntervalMinutes { out.add("minIntervalMinutes", .int(minutes)) }
    out.add("purpose", medication.purpose)
    out.add("prescriber", medication.prescriber)
    out.add("instructions", medication.instructions)
    out.add("startDate", medication.startDate?.iso)
    if medication.status != .active { out.add("status", medication.status.rawValue) }
    out.add("stoppedDate", medication.stoppedDate?.iso)
    if let hold = medication.hold {
      var item = Members()
      item.add("since", hold.since?.iso)
      item.add("until", hold.until?.iso)
      item.add("reason", hold.reason)
      if case .object(let members) = item.json, !members.isEmpty { out.add("hold", item.json) }
    }
    if let highAlert = medication.highAlert { out.add("highAlert", .bool(highAlert)) }
    if let refills = medication.refillsRemaining { out.add("refillsRemaining", .int(refills)) }
    out.add("rxNumber", medication.rxNumber)
    out.add("fills", medication.fills.map(encode))
    out.add("codes", medication.codes.map(encode))
    return out.json
  }

  public static func encode(_ fill: Fill) -> JSON {
    var out = Members()
    out.add("fillDate", fill.fillDate.iso)
    out.add("daySupply", .int(fill.daySupply))
    out.add("quantity", fill.quantity)
    out.add("pharmacy", fill.pharmacy)
    return out.json
  }

  public static func encode(_ contact: Contact) -> JSON {
    var out = Members()
    out.add("name", contact.name)
    out.add("relation", contact.relation)
    out.add("phone", contact.phone)
    out.add("altPhone", contact.altPhone)
    out.add("roles", contact.roles.map { .string($0.rawValue) })
    return out.json
  }

  public static func encode(_ allergy: Allergy) -> JSON {
    var out = Members()
    out.add("substance", allergy.substance)
    out.add("reaction", allergy.reaction)
    out.add("severity", allergy.severity?.rawValue)
    out.add("kind", allergy.kind?.rawValue)
    out.add("codes", allergy.codes.map(encode))
    return out.json
  }

  public static func encode(_ condition: Condition) -> JSON {
    var out = Members()
    out.add("name", condition.name)
    out.add("since", condition.since)
    out.add("notes", condition.notes)
    out.add("codes", condition.codes.map(encode))
    return out.json
  }

  public static func encode(_ device: Device) -> JSON {
    var out = Members()
    out.add("name", device.name)
    out.add("details", device.details)
    out.add("since", device.since)
    return out.json
  }

  public static func encode(_ code: Code) -> JSON {
    var out = Members()
    out.add("system", code.system)
    out.add("code", code.code)
    out.add("display", code.display)
    return out.json
  }

  public static func encode(_ immunization: Immunization) -> JSON {
    var out = Members()
    out.add("vaccine", immunization.vaccine)
    out.add("date", immunization.date)
    return out.json
  }

  public static func encode(_ member: CareTeamMember) -> JSON {
    var out = Members()
    out.add("name", member.name)
    out.add("role", member.role)
    out.add("phone", member.phone)
    out.add("organization", member.organization)
    return out.json
  }

  public static func encode(_ pharmacy: Pharmacy) -> JSON {
    var out = Members()
    out.add("name", pharmacy.name)
    out.add("phone", pharmacy.phone)
    out.add("address", pharmacy.address)
    return out.json
  }

  /// Object members in insertion order, skipping what the format leaves out.
  private struct Members {
    private var members: [(key: String, value: JSON)] = []

    var json: JSON { .object(members) }

    mutating func add(_ key: String, _ value: JSON) { members.append((key, value)) }

    mutating func add(_ key: String, _ value: String?) {
      if let value { members.append((key, .string(value))) }
    }

    /// Shortest text that reads back as the same `Double` (Swift's `description`).
    mutating func add(_ key: String, _ value: Double?) {
      if let value { members.append((key, .double(value))) }
    }

    mutating func add(_ key: String, _ values: [JSON]) {
      if !values.isEmpty { members.append((key, .array(values))) }
    }
  }
}
