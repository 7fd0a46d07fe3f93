/// One change to one patient, as the edit commands (`fill`, `med`, `allergy`) make it.
///
/// The change is made on the patient's care-circle JSON and read back with
/// `CareCircleDecoder.decodePatient`, so an edit is accepted or refused by exactly the rules of
/// `import`, with the same message and the same path (`patients[0].medications[2].fills[3]
/// .daySupply: must be a whole number from 1 to 365`). Values from the command line go in as
/// `JSON.argument`, so "0", "2026-02-30" or "ten" meet the rule they break.
public enum PatientEdit: Sendable {
  /// A fill appended to the medicine with this id: `fillDate`, `daySupply`, `quantity`, … .
  case addFill(medicationID: String, fill: [(key: String, value: JSON)])
  /// A new status; `stoppedDate` only with `.stopped` (any earlier one is removed otherwise).
  case setStatus(medicationID: String, MedicationStatus, stoppedDate: JSON?)
  /// A medicine appended to the list (its members as the format names them).
  case addMedication([(key: String, value: JSON)])
  /// An allergy appended to the list; a recorded allergy ends "no known allergies".
  case addAllergy([(key: String, value: JSON)])

  /// `patient` with the change made, validated as import validates `patients[index]`.
  public func applied(to patient: Patient, index: Int, today: CivilDate) throws(CareCircleError)
    -> Patient
  {
    var members = Self.members(CareCircleEncoder.encode(patient))
    switch self {
    case .addFill(let id, let fill):
      Self.updateMedication(id, in: &members) { medication in
        Self.append(.object(fill), to: "fills", in: &medication)
      }
    case .setStatus(let id, let status, let stoppedDate):
      Self.updateMedication(id, in: &members) { medication in
        Self.set("status", .string(status.rawValue), in: &medication)
        Self.set("stoppedDate", stoppedDate, in: &medication)
      }
    case .addMedication(let medication):
      Self.append(.object(medication), to: "medications", in: &members)
    case .addAllergy(let allergy):
      Self.append(.object(allergy), to: "allergies", in: &members)
      Self.set("noKnownAllergies", nil, in: &members)
    }
    let path = CareCirclePath.element("patients", index)
    return try CareCircleDecoder.decodePatient(.object(members), path: path, today: today)
  }

  private typealias Members = [(key: String, value: JSON)]

  private static func members(_ json: JSON) -> Members {
    if case .object(let members) = json { return members }
    return []
  }

  /// Sets `key` (appended when new), or removes it when `value` is nil.
  private static func set(_ key: String, _ value: JSON?, in members: inout Members) {
    guard let value else {
      members.removeAll { $0.key == key }
      return
    }
    if let index = members.firstIndex(where: { $0.key == key }) {
      members[index].value = value
    } else {
      members.append((key, value))
    }
  }

  private static func append(_ element: JSON, to key: String, in members: inout Members) {
    var elements = members.first(where: { $0.key == key })?.value.arrayValue ?? []
    elements.append(element)
    set(key, .array(elements), in: &members)
  }

  private static func updateMedication(
    _ id: String, in members: inout Members, _ change: (inout Members) -> Void
  ) {
    guard var list = members.first(where: { $0.key == "medications" })?.value.arrayValue else {
      return
    }
    for index in list.indices where list[index]["id"]?.stringValue == id {
      var medication = Self.members(list[index])
      change(&medication)
      list[index] = .object(medication)
    }
    set("medications", .array(list), in: &members)
  }
}

extension JSON {
  /// A command-line value as the care-circle file would carry it: a JSON number when the text is
  /// one, otherwise a string. The decoder then applies the field's rule to it.
  public static func argument(_ text: String) -> JSON {
    if let parsed = try? JSONParser.parse(text), case .number = parsed { return parsed }
    return .string(text)
  }
}

extension PatientEdit {
  /// Free text that is not part of the record (a status change's reason, kept in the change
  /// log) under the same text rule and a limit of `max` characters; nil when empty.
  public static func note(_ text: String, name: String, max: Int) throws(CareCircleError)
    -> String?
  {
    try CareCircleFieldReader.text(.string(text), path: name, max: max, notes: false)
  }
}
