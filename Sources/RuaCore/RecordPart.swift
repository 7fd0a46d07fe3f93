// SPDX-License-Identifier: Apache-2.0
/// A part of a patient's record as the record commands (`patient set`, `contact`, `team`,
/// `pharmacy`, `condition`, `device`, `baseline`, `allergy set`, `med set`) edit it: which
/// care-circle key holds it, and each field with its option and its lenient reading.
public struct RecordPart: Sendable {
  public enum Shape: Sendable {
    /// Members of the patient object itself, or of an object inside it (`pharmacy.name`).
    case fields
    /// One element of the patient's list `key`.
    case list
    /// One medicine, named by id or name.
    case medication
  }

  /// The command's name: "contact".
  public let name: String
  /// How the part is shown after a change: "contacts, in call order".
  public let title: String
  /// The care-circle key: "contacts", "pharmacy"; nil for the patient's own fields.
  public let key: String?
  public let shape: Shape
  /// The member that names an element ("name", "substance"), required when one is added.
  public let nameKey: String
  public let fields: [RecordField]

  public func field(option: String) -> RecordField? { fields.first { $0.option == option } }

  /// The format key a field is written under: "pharmacy.phone" for a field of an object part.
  public func key(of field: RecordField) -> String {
    guard shape == .fields, let key else { return field.key }
    return key + "." + field.key
  }
}

/// One field: `--weight` → `weightKg`, read as a weight.
public struct RecordField: Sendable {
  public let option: String
  public let key: String
  public let form: RecordValueForm
  public let help: String

  public init(_ option: String, _ key: String, _ form: RecordValueForm = .text, _ help: String) {
    self.option = option
    self.key = key
    self.form = form
    self.help = help
  }
}

extension RecordPart {
  private static func text(_ names: [(String, String, String)]) -> [RecordField] {
    names.map { RecordField($0.0, $0.1, .text, $0.2) }
  }

  /// Every patient-level field.
  public static let patient = RecordPart(
    name: "patient", title: "record", key: nil, shape: .fields, nameKey: "fullName",
    fields: [
      RecordField("full-name", "fullName", .text, "the legal name"),
      RecordField("preferred-name", "preferredName", .text, "the name they answer to"),
      RecordField("born", "dateOfBirth", .date, "date of birth, YYYY-MM-DD"),
      RecordField("sex", "sex", .sex, "female, male, other or unknown"),
      RecordField("language", "language", .language, "a language name or tag: Spanish, es"),
      RecordField("interpreter", "interpreterNeeded", .yesNo, "yes or no"),
      RecordField("weight", "weightKg", .weight, "61, 61 kg or 134 lb"),
      RecordField("height", "heightCm", .height, "160, 160 cm, 1.6 m or 63 in"),
      RecordField("address", "address", .text, "home address"),
      RecordField("phone", "phone", .text, "their own phone"),
      RecordField("insurance", "insurance", .text, "payer and member id"),
      RecordField("hospital", "preferredHospital", .text, "the hospital they prefer"),
      RecordField("code-status", "codeStatus", .text, "e.g. \"Full code\", \"DNR\""),
      RecordField("directive", "advanceDirective.summary", .text, "what the directive says"),
      RecordField(
        "directive-location", "advanceDirective.location", .text, "where it is kept"),
      RecordField("dependents", "dependents", .text, "people or pets who depend on them"),
      RecordField("notes", "notes", .text, "anything else, up to 2000 characters"),
      RecordField(
        "no-known-allergies", "noKnownAllergies", .yesNo, "yes when they have none"),
    ])

  public static let contact = RecordPart(
    name: "contact", title: "contacts, in call order", key: "contacts", shape: .list,
    nameKey: "name",
    fields: [
      RecordField("name", "name", .text, "the contact's name"),
      RecordField("relation", "relation", .text, "e.g. daughter"),
      RecordField("phone", "phone", .text, "the number to call first"),
      RecordField("alt-phone", "altPhone", .text, "a second number"),
      RecordField("roles", "roles", .roles, "emergency,health-care-proxy,poa,caregiver"),
    ])

  public static let careTeam = RecordPart(
    name: "team", title: "care team", key: "careTeam", shape: .list, nameKey: "name",
    fields: text([
      ("name", "name", "the doctor's or clinician's name"),
      ("role", "role", "e.g. primary care, cardiology"),
      ("phone", "phone", "the office number"),
      ("organization", "organization", "the practice or hospital"),
    ]))

  public static let condition = RecordPart(
    name: "condition", title: "conditions", key: "conditions", shape: .list, nameKey: "name",
    fields: [
      RecordField("name", "name", .text, "e.g. atrial fibrillation"),
      RecordField("since", "since", .text, "a year, YYYY-MM or a date"),
      RecordField("notes", "notes", .text, "anything a clinician should know"),
    ])

  public static let device = RecordPart(
    name: "device", title: "devices", key: "devices", shape: .list, nameKey: "name",
    fields: text([
      ("name", "name", "e.g. pacemaker"), ("details", "details", "make, model, MRI safety"),
    ]))

  public static let allergy = RecordPart(
    name: "allergy", title: "allergies", key: "allergies", shape: .list, nameKey: "substance",
    fields: [
      RecordField("substance", "substance", .text, "what they react to"),
      RecordField("reaction", "reaction", .text, "what happens (e.g. hives)"),
      RecordField("severity", "severity", .severity, "mild, moderate, severe or unknown"),
      RecordField("kind", "kind", .allergyKind, "allergy (default) or intolerance"),
    ])

  public static let pharmacy = RecordPart(
    name: "pharmacy", title: "pharmacy", key: "pharmacy", shape: .fields, nameKey: "name",
    fields: text([
      ("name", "name", "the pharmacy's name"), ("phone", "phone", "its number"),
      ("address", "address", "its address"),
    ]))

  public static let baseline = RecordPart(
    name: "baseline", title: "baseline", key: "baseline", shape: .fields, nameKey: "cognition",
    fields: text([
      ("cognition", "cognition", "e.g. \"alert, oriented; mild memory loss\""),
      ("mobility", "mobility", "e.g. \"walks with a walker\""),
      ("hearing", "hearing", "e.g. \"hearing aid, left ear\""),
      ("vision", "vision", "e.g. \"reading glasses\""),
      ("communication", "communication", "e.g. \"speaks Spanish; understands English\""),
      ("other", "other", "anything else about how they usually are"),
    ]))

  /// What `med set` changes.
  public static let medication = RecordPart(
    name: "med", title: "medicines", key: "medications", shape: .medication, nameKey: "name",
    fields: [
      RecordField("strength", "strength", .text, "e.g. \"5 mg\""),
      RecordField("dose", "dose", .text, "e.g. \"1 tablet\""),
      RecordField("schedule", "schedule", .text, "as written on the label"),
      RecordField("times", "times", .times, "morning,noon,evening,bedtime"),
      RecordField("purpose", "purpose", .text, "what it is for, in plain words"),
      RecordField("instructions", "instructions", .text, "e.g. \"take with food\""),
      RecordField("prescriber", "prescriber", .text, "who prescribed it"),
      RecordField("brand", "brand", .text, "the brand name"),
      RecordField("form", "form", .text, "tablet, patch, ..."),
      RecordField("route", "route", .text, "absent means by mouth"),
      RecordField(
        "min-interval", "minIntervalMinutes", .interval,
        "as needed, the least time between doses (4h, 30min)"),
    ])
}

/// Which element of a list a query names: its number as listed (1, 2, ...), or its name
/// compared without case and accents, whole or a unique start.
public enum RecordElementSelection: Equatable, Sendable {
  case found(Int)
  case notFound
  case ambiguous([Int])

  public static func select(_ query: String, names: [String]) -> RecordElementSelection {
    let trimmed = query.trimmingWhite()
    if let number = Int(trimmed), number >= 1, number <= names.count { return .found(number - 1) }
    let wanted = RecordValue.folded(trimmed)
    guard !wanted.isEmpty else { return .notFound }
    let exact = names.indices.filter { RecordValue.folded(names[$0]) == wanted }
    if exact.count == 1 { return .found(exact[0]) }
    if exact.count > 1 { return .ambiguous(exact) }
    let starts = names.indices.filter { index in
      let name = RecordValue.folded(names[index])
      return name.hasPrefix(wanted)
        || name.split(separator: " ").contains { $0.hasPrefix(wanted) }
    }
    switch starts.count {
    case 0: return .notFound
    case 1: return .found(starts[0])
    default: return .ambiguous(starts)
    }
  }
}

extension String {
  fileprivate func trimmingWhite() -> String {
    var scalars = Substring(self)
    while let first = scalars.first, first.isWhitespace { scalars.removeFirst() }
    while let last = scalars.last, last.isWhitespace { scalars.removeLast() }
    return String(scalars)
  }
}
