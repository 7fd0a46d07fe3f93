// SPDX-License-Identifier: Apache-2.0
internal import RuaCore

/// Stored records back into the care-circle model (the read path).
enum RecordModel {
  static func patient(_ r: Record) throws(StoreError) -> Patient {
    guard let id = r.externalID, let name = r.field("full_name").textValue,
      let birth = date(r, "date_of_birth")
    else { throw damaged("patients") }
    var p = Patient(id: id, fullName: name, dateOfBirth: birth)
    p.preferredName = r.field("preferred_name").textValue
    p.sex = try enumValue(r, "sex")
    p.language = r.field("language").textValue
    p.interpreterNeeded = r.field("interpreter_needed").boolValue
    p.weightKg = r.field("weight_kg").doubleValue
    p.weightMeasuredOn = date(r, "weight_measured_on")
    p.bloodType = r.field("blood_type").textValue
    p.heightCm = r.field("height_cm").doubleValue
    p.address = r.field("address").textValue
    p.phone = r.field("phone").textValue
    p.insurance = r.field("insurance").textValue
    p.codeStatus = r.field("code_status").textValue
    p.noKnownAllergies = r.field("no_known_allergies").boolValue ?? false
    p.preferredHospital = r.field("preferred_hospital").textValue
    p.dependents = r.field("dependents").textValue
    p.notes = r.field("notes").textValue
    p.sourceDate = r.field("source_date").textValue
    for child in r.children {
      switch child.table {
      case "medications": p.medications.append(try medication(child))
      case "allergies":
        p.allergies.append(
          Allergy(
            substance: try required(child, "substance"),
            reaction: child.field("reaction").textValue,
            severity: try enumValue(child, "severity"), kind: try enumValue(child, "kind"),
            codes: try codes(child)))
      case "conditions":
        p.conditions.append(
          Condition(
            name: try required(child, "name"), since: child.field("since").textValue,
            notes: child.field("notes").textValue, codes: try codes(child)))
      case "contacts":
        p.contacts.append(
          Contact(
            name: try required(child, "name"), relation: child.field("relation").textValue,
            phone: child.field("phone").textValue, altPhone: child.field("alt_phone").textValue,
            roles: try words(child, "roles")))
      case "care_team":
        p.careTeam.append(
          CareTeamMember(
            name: try required(child, "name"), role: child.field("role").textValue,
            phone: child.field("phone").textValue,
            organization: child.field("organization").textValue))
      case "facts":
        try Facts.apply(
          key: try required(child, "key"), value: try required(child, "value"), to: &p)
      default: break
      }
    }
    return p
  }

  static func medication(_ r: Record) throws(StoreError) -> Medication {
    guard let id = r.externalID else { throw damaged("medications") }
    var m = Medication(id: id, name: try required(r, "name"))
    m.brand = r.field("brand").textValue
    m.strength = r.field("strength").textValue
    m.form = r.field("form").textValue
    m.route = r.field("route").textValue
    m.dose = r.field("dose").textValue
    m.schedule = r.field("schedule").textValue
    m.times = try words(r, "times")
    m.asNeeded = r.field("as_needed").boolValue ?? false
    m.asNeededReason = r.field("as_needed_reason").textValue
    m.maxPerDay = r.field("max_per_day").textValue
    m.purpose = r.field("purpose").textValue
    m.prescriber = r.field("prescriber").textValue
    m.instructions = r.field("instructions").textValue
    m.startDate = date(r, "start_date")
    m.status = try enumValue(r, "status") ?? .active
    m.stoppedDate = date(r, "stopped_date")
    m.highAlert = r.field("high_alert").boolValue
    m.refillsRemaining = r.field("refills_remaining").intValue
    m.rxNumber = r.field("rx_number").textValue
    // Schema 5; a store migrated from before has NULL here: a hold "since: not recorded".
    let hold = MedicationHold(
      since: date(r, "hold_since"), until: date(r, "hold_until"),
      reason: r.field("hold_reason").textValue)
    if m.status == .onHold, hold != MedicationHold() { m.hold = hold }
    m.minIntervalMinutes = r.field("min_interval_minutes").intValue
    m.codes = try codes(r)
    for fill in r.children where fill.table == "fills" {
      guard let day = date(fill, "fill_date"), let supply = fill.field("day_supply").intValue
      else { throw damaged("fills") }
      m.fills.append(
        Fill(
          fillDate: day, daySupply: supply, quantity: fill.field("quantity").doubleValue,
          pharmacy: fill.field("pharmacy").textValue))
    }
    return m
  }

  /// A row's `codes` (schema 6): a JSON array of codings, NULL for none.
  private static func codes(_ r: Record) throws(StoreError) -> [Code] {
    guard let text = r.field("codes").textValue else { return [] }
    guard let json = try? JSONParser.parse(text), let items = json.arrayValue else {
      throw StoreError(.corrupt, "the codes of a \(r.table) row in the store are not valid JSON")
    }
    return items.map {
      Code(
        system: $0["system"]?.stringValue ?? "", code: $0["code"]?.stringValue ?? "",
        display: $0["display"]?.stringValue)
    }
  }

  private static func date(_ r: Record, _ name: String) -> CivilDate? {
    r.field(name).textValue.flatMap { CivilDate(iso: $0) }
  }

  private static func required(_ r: Record, _ name: String) throws(StoreError) -> String {
    guard let text = r.field(name).textValue else { throw damaged(r.table) }
    return text
  }

  private static func enumValue<T: RawRepresentable<String>>(_ r: Record, _ name: String)
    throws(StoreError) -> T?
  {
    guard let raw = r.field(name).textValue else { return nil }
    guard let value = T(rawValue: raw) else {
      throw StoreError(.corrupt, "a \(r.table) row holds an unknown \(name) value")
    }
    return value
  }

  private static func words<T: RawRepresentable<String>>(_ r: Record, _ name: String)
    throws(StoreError) -> [T]
  {
    guard let text = r.field(name).textValue else { return [] }
    var out: [T] = []
    for word in text.split(separator: " ") {
      guard let value = T(rawValue: String(word)) else {
        throw StoreError(.corrupt, "a \(r.table) row holds an unknown \(name) value")
      }
      out.append(value)
    }
    return out
  }

  private static func damaged(_ table: String) -> StoreError {
    StoreError(.corrupt, "a \(table) row in the store lacks a required field or date")
  }
}
