// SPDX-License-Identifier: Apache-2.0
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
  /// A new status; `stoppedDate` only with `.stopped` and `hold` (`{since, until, reason}`)
  /// only with `.onHold` (any earlier one is removed otherwise).
  case setStatus(medicationID: String, MedicationStatus, stoppedDate: JSON?, hold: JSON? = nil)
  /// A medicine appended to the list (its members as the format names them).
  case addMedication([(key: String, value: JSON)])
  /// An allergy appended to the list; a recorded allergy ends "no known allergies".
  case addAllergy([(key: String, value: JSON)])
  /// Members set (nil removes them) on the patient, one list element or one medicine. A key
  /// may name a member of an object inside the patient: `pharmacy.phone`,
  /// `advanceDirective.summary`; an object left empty is removed.
  case set(EditTarget, [(key: String, value: JSON?)])
  /// An element appended to the patient's list `list` (`contacts`, `careTeam`, …); an
  /// allergy ends "no known allergies".
  case append(list: String, [(key: String, value: JSON)])
  /// The element at `index` of `list` removed.
  case removeElement(list: String, index: Int)
  /// The element at `from` of `list` moved to `to` (contacts are listed in call order).
  case move(list: String, from: Int, to: Int)
  /// A medicine entered by mistake removed (stopping is how a medicine normally leaves).
  case removeMedication(id: String)

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
    case .setStatus(let id, let status, let stoppedDate, let hold):
      Self.updateMedication(id, in: &members) { medication in
        Self.set("status", .string(status.rawValue), in: &medication)
        Self.set("stoppedDate", stoppedDate, in: &medication)
        Self.set("hold", hold, in: &medication)
      }
    case .addMedication(let medication):
      Self.append(.object(medication), to: "medications", in: &members)
    case .addAllergy(let allergy):
      Self.append(.object(allergy), to: "allergies", in: &members)
      Self.set("noKnownAllergies", nil, in: &members)
    case .set(let target, let values):
      Self.update(target, in: &members) { object in
        for (key, value) in values { Self.set(path: key, value, in: &object) }
      }
    case .append(let list, let element):
      Self.append(.object(element), to: list, in: &members)
      if list == "allergies" { Self.set("noKnownAllergies", nil, in: &members) }
    case .removeElement(let list, let at):
      Self.updateList(list, in: &members) { if $0.indices.contains(at) { $0.remove(at: at) } }
    case .move(let list, let from, let to):
      Self.updateList(list, in: &members) { elements in
        guard elements.indices.contains(from) else { return }
        let element = elements.remove(at: from)
        elements.insert(element, at: min(max(to, 0), elements.count))
      }
    case .removeMedication(let id):
      Self.updateList("medications", in: &members) {
        $0.removeAll { $0["id"]?.stringValue == id }
      }
    }
    let path = CareCirclePath.element("patients", index)
    let edited = try CareCircleDecoder.decodePatient(.object(members), path: path, today: today)
    if let changed = changedAllergy(in: edited) {
      try Self.refuseDuplicate(changed, of: edited, path: path)
    }
    return edited
  }

  /// The allergy this edit added or changed, which may not repeat another.
  private func changedAllergy(in patient: Patient) -> Int? {
    switch self {
    case .addAllergy, .append(list: "allergies", _): return patient.allergies.indices.last
    case .set(.element(list: "allergies", let index), _): return index
    default: return nil
    }
  }

  private static func refuseDuplicate(_ index: Int, of patient: Patient, path: String)
    throws(CareCircleError)
  {
    guard patient.allergies.indices.contains(index) else { return }
    let allergy = patient.allergies[index]
    let same = { (other: Allergy) in
      RecordValue.folded(other.substance) == RecordValue.folded(allergy.substance)
        && other.reaction.map(RecordValue.folded) == allergy.reaction.map(RecordValue.folded)
        && other.severity == allergy.severity && other.kind == allergy.kind
    }
    guard
      let first = patient.allergies.indices.first(where: {
        $0 != index && same(patient.allergies[$0])
      })
    else { return }
    let allergies = CareCirclePath.member(path, "allergies")
    throw CareCircleError(
      path: CareCirclePath.member(CareCirclePath.element(allergies, index), "substance"),
      reason: "repeats allergies[\(first)] exactly (substance, reaction, severity and kind);"
        + " the record already holds it")
  }

  private typealias Members = [(key: String, value: JSON)]

  private static func update(
    _ target: EditTarget, in members: inout Members, _ change: (inout Members) -> Void
  ) {
    switch target {
    case .patient:
      change(&members)
    case .medication(let id):
      updateMedication(id, in: &members, change)
    case .element(let list, let at):
      updateList(list, in: &members) { elements in
        guard elements.indices.contains(at) else { return }
        var element = Self.members(elements[at])
        change(&element)
        elements[at] = .object(element)
      }
    }
  }

  private static func updateList(
    _ key: String, in members: inout Members, _ change: (inout [JSON]) -> Void
  ) {
    var elements = members.first(where: { $0.key == key })?.value.arrayValue ?? []
    change(&elements)
    set(key, elements.isEmpty ? nil : .array(elements), in: &members)
  }

  /// `set`, where "pharmacy.phone" names the member `phone` of the object `pharmacy`.
  private static func set(path: String, _ value: JSON?, in members: inout Members) {
    guard let dot = path.firstIndex(of: ".") else { return set(path, value, in: &members) }
    let key = String(path[..<dot])
    var object = Self.members(members.first(where: { $0.key == key })?.value ?? .object([]))
    set(path: String(path[path.index(after: dot)...]), value, in: &object)
    set(key, object.isEmpty ? nil : .object(object), in: &members)
  }

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

/// What a `PatientEdit.set` changes.
public enum EditTarget: Sendable, Equatable {
  case patient
  case element(list: String, index: Int)
  case medication(id: String)
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
