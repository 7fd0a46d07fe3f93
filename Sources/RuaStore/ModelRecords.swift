// SPDX-License-Identifier: Apache-2.0
internal import RuaCore

/// The care-circle model as records (the write path) — one function per table.
enum ModelRecords {
  static func patient(_ p: Patient, position: Int) -> Record {
    var children: [Record] = []
    children += p.medications.enumerated().map { medication($1, position: $0) }
    children += p.allergies.enumerated().map { index, a in
      Record(
        table: "allergies",
        fields: [
          ("substance", SQLValue(a.substance)), ("reaction", SQLValue(a.reaction)),
          ("severity", SQLValue(a.severity?.rawValue)), ("kind", SQLValue(a.kind?.rawValue)),
          ("codes", SQLValue(codes(a.codes))),
        ], position: index)
    }
    children += p.conditions.enumerated().map { index, c in
      Record(
        table: "conditions",
        fields: [
          ("name", SQLValue(c.name)), ("since", SQLValue(c.since)), ("notes", SQLValue(c.notes)),
          ("codes", SQLValue(codes(c.codes))),
        ], position: index)
    }
    children += p.contacts.enumerated().map { index, c in
      Record(
        table: "contacts",
        fields: [
          ("name", SQLValue(c.name)), ("relation", SQLValue(c.relation)),
          ("phone", SQLValue(c.phone)), ("alt_phone", SQLValue(c.altPhone)),
          ("roles", SQLValue(words(c.roles.map(\.rawValue)))),
        ], position: index)
    }
    children += p.careTeam.enumerated().map { index, m in
      Record(
        table: "care_team",
        fields: [
          ("name", SQLValue(m.name)), ("role", SQLValue(m.role)), ("phone", SQLValue(m.phone)),
          ("organization", SQLValue(m.organization)),
        ], position: index)
    }
    children += Facts.records(p)
    return Record(
      table: "patients", externalID: p.id,
      fields: [
        ("full_name", SQLValue(p.fullName)), ("preferred_name", SQLValue(p.preferredName)),
        ("date_of_birth", SQLValue(p.dateOfBirth.iso)), ("sex", SQLValue(p.sex?.rawValue)),
        ("language", SQLValue(p.language)), ("interpreter_needed", SQLValue(p.interpreterNeeded)),
        ("weight_kg", SQLValue(p.weightKg)), ("height_cm", SQLValue(p.heightCm)),
        ("weight_measured_on", SQLValue(p.weightMeasuredOn?.iso)),
        ("blood_type", SQLValue(p.bloodType)),
        ("address", SQLValue(p.address)), ("phone", SQLValue(p.phone)),
        ("insurance", SQLValue(p.insurance)), ("code_status", SQLValue(p.codeStatus)),
        ("no_known_allergies", SQLValue(p.noKnownAllergies)),
        ("preferred_hospital", SQLValue(p.preferredHospital)),
        ("dependents", SQLValue(p.dependents)), ("notes", SQLValue(p.notes)),
        ("source_date", SQLValue(p.sourceDate)),
      ], children: children, position: position)
  }

  static func medication(_ m: Medication, position: Int) -> Record {
    let fills = m.fills.enumerated().map { index, f in
      Record(
        table: "fills",
        fields: [
          ("fill_date", SQLValue(f.fillDate.iso)), ("day_supply", SQLValue(f.daySupply)),
          ("quantity", SQLValue(f.quantity)), ("pharmacy", SQLValue(f.pharmacy)),
        ], position: index)
    }
    return Record(
      table: "medications", externalID: m.id,
      fields: [
        ("name", SQLValue(m.name)), ("brand", SQLValue(m.brand)),
        ("strength", SQLValue(m.strength)), ("form", SQLValue(m.form)),
        ("route", SQLValue(m.route)), ("dose", SQLValue(m.dose)),
        ("schedule", SQLValue(m.schedule)), ("times", SQLValue(words(m.times.map(\.rawValue)))),
        ("as_needed", SQLValue(m.asNeeded)), ("as_needed_reason", SQLValue(m.asNeededReason)),
        ("max_per_day", SQLValue(m.maxPerDay)), ("purpose", SQLValue(m.purpose)),
        ("prescriber", SQLValue(m.prescriber)), ("instructions", SQLValue(m.instructions)),
        ("start_date", SQLValue(m.startDate?.iso)), ("status", SQLValue(m.status.rawValue)),
        ("stopped_date", SQLValue(m.stoppedDate?.iso)), ("high_alert", SQLValue(m.highAlert)),
        ("refills_remaining", SQLValue(m.refillsRemaining)), ("rx_number", SQLValue(m.rxNumber)),
        ("hold_since", SQLValue(m.hold?.since?.iso)), ("hold_until", SQLValue(m.hold?.until?.iso)),
        ("hold_reason", SQLValue(m.hold?.reason)),
        ("min_interval_minutes", SQLValue(m.minIntervalMinutes)),
        ("codes", SQLValue(codes(m.codes))),
      ], children: fills, position: position)
  }

  /// Codings as one JSON array of {"system","code","display"}; none → NULL.
  static func codes(_ codes: [Code]) -> String? {
    codes.isEmpty
      ? nil : JSONWriter.write(.array(codes.map(CareCircleEncoder.encode)), pretty: false)
  }

  /// A list of enum names as one space-separated text; empty → NULL.
  static func words(_ names: [String]) -> String? {
    names.isEmpty ? nil : names.joined(separator: " ")
  }
}

/// The patient fields without a table of their own, as `facts` rows (key, JSON or text value):
/// `alert` (text, one row each, in order), `device` ({"name","details"}, one row each),
/// `advanceDirective` ({"summary","location"}), `baseline` ({"cognition",…}), `pharmacy`
/// ({"name","phone","address"}). Object keys are the care-circle format's.
enum Facts {
  static func records(_ p: Patient) -> [Record] {
    var facts: [(String, String)] = p.alerts.map { ("alert", $0) }
    facts += p.devices.map {
      ("device", object([("name", $0.name), ("details", $0.details), ("since", $0.since)]))
    }
    facts += p.immunizations.map {
      ("immunization", object([("vaccine", $0.vaccine), ("date", $0.date)]))
    }
    if let a = p.advanceDirective {
      facts.append(
        ("advanceDirective", object([("summary", a.summary), ("location", a.location)])))
    }
    if let b = p.baseline {
      facts.append(
        (
          "baseline",
          object([
            ("cognition", b.cognition), ("mobility", b.mobility), ("hearing", b.hearing),
            ("vision", b.vision), ("communication", b.communication), ("other", b.other),
          ])
        ))
    }
    if let ph = p.pharmacy {
      facts.append(
        ("pharmacy", object([("name", ph.name), ("phone", ph.phone), ("address", ph.address)])))
    }
    return facts.enumerated().map { index, fact in
      Record(
        table: "facts", fields: [("key", .text(fact.0)), ("value", .text(fact.1))],
        position: index)
    }
  }

  static func object(_ members: [(String, String?)]) -> String {
    JSONWriter.write(
      .object(members.compactMap { key, value in value.map { (key, JSON.string($0)) } }),
      pretty: false)
  }

  /// Applies one stored fact to `patient`.
  static func apply(key: String, value: String, to patient: inout Patient) throws(StoreError) {
    if key == "alert" {
      patient.alerts.append(value)
      return
    }
    let json: JSON
    do { json = try JSONParser.parse(value) } catch {
      throw StoreError(.corrupt, "a '\(key)' fact in the store is not valid JSON")
    }
    let s = { (name: String) in json[name]?.stringValue }
    switch key {
    case "device":
      patient.devices.append(
        Device(name: s("name") ?? "", details: s("details"), since: s("since")))
    case "immunization":
      patient.immunizations.append(Immunization(vaccine: s("vaccine") ?? "", date: s("date")))
    case "advanceDirective":
      patient.advanceDirective = AdvanceDirective(summary: s("summary"), location: s("location"))
    case "baseline":
      patient.baseline = Baseline(
        cognition: s("cognition"), mobility: s("mobility"), hearing: s("hearing"),
        vision: s("vision"), communication: s("communication"), other: s("other"))
    case "pharmacy":
      patient.pharmacy = Pharmacy(name: s("name") ?? "", phone: s("phone"), address: s("address"))
    default:
      throw StoreError(.corrupt, "the store holds a fact of unknown kind '\(key)'")
    }
  }
}
