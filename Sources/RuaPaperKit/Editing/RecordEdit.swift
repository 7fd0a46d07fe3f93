// SPDX-License-Identifier: Apache-2.0
public import RuaCore
public import RuaStore

/// One record command's change, as the command line names it: `contact set Agnes 2 --phone …`
/// is the part `contact`, the action `set`, the element "2" and the values by option.
public struct RecordEdit: Sendable {
  public enum Action: Sendable, Equatable {
    case add
    case set
    case remove
    /// To this place, 1 being called first.
    case move(to: Int)
  }

  public var part: RecordPart
  public var action: Action
  /// Which element (a list's number or name, a medicine's id or name); nil for the patient's
  /// own fields and for `add`.
  public var element: String?
  /// (option, text) as typed: `("weight", "61 kg")`. "" removes the field.
  public var values: [(option: String, text: String)]

  public init(
    _ part: RecordPart, _ action: Action, element: String? = nil,
    values: [(option: String, text: String)] = []
  ) {
    self.part = part
    self.action = action
    self.element = element
    self.values = values
  }

  /// The change-log command: "contact add", "patient set".
  public var command: String {
    switch action {
    case .add: return part.name + " add"
    case .set: return part.name + " set"
    case .remove: return part.name + " remove"
    case .move: return part.name + " move"
    }
  }
}

extension EditSession {
  /// Reads `edit`'s values leniently (`61 kg`, `POA`, `Spanish`), makes the change on the
  /// patient's record, checks it by import's rules and writes it in one transaction with its
  /// change-log rows (with `dryRun`, only plans it). A value, an element or an action that
  /// does not fit is refused naming the option and the field; nothing is changed.
  public func commit(_ edit: RecordEdit, dryRun: Bool) throws(PaperError)
    -> (patient: Patient, changes: [PlannedChange])
  {
    let change = try patientEdit(edit)
    var options: [String: String] = [:]
    for field in edit.part.fields {
      options[String(field.key.split(separator: ".").last ?? "")] = "--" + field.option
    }
    return try commit(change, command: edit.command, dryRun: dryRun, options: options)
  }

  private func patientEdit(_ edit: RecordEdit) throws(PaperError) -> PatientEdit {
    let part = edit.part
    let values = try read(edit)
    switch (part.shape, edit.action) {
    case (.fields, .set):
      try requireValues(edit, values)
      return .set(.patient, values.map { (part.key(of: $0.field), $0.value) })
    case (.fields, .remove) where part.key != nil:
      try refuseValues(edit, values)
      guard let key = part.key, patientJSON[key] != nil else {
        throw PaperError(
          "\(patient.fullName) has no \(part.name) recorded; nothing was changed",
          kind: .invalidRequest)
      }
      return .set(.patient, [(key, nil)])
    case (.list, .add):
      // A missing name is left to the decoder: "….contacts[3].name: is required (--name)".
      var element = values.compactMap { item in item.value.map { (item.field.key, $0) } }
      if !element.contains(where: { $0.0 == part.nameKey }) {
        element.insert((part.nameKey, .string("")), at: 0)
      }
      return .append(list: part.key ?? "", element)
    case (.list, .set):
      try requireValues(edit, values)
      return .set(
        .element(list: part.key ?? "", index: try element(edit)),
        values.map { ($0.field.key, $0.value) })
    case (.list, .remove):
      try refuseValues(edit, values)
      return .removeElement(list: part.key ?? "", index: try element(edit))
    case (.list, .move(let to)):
      try refuseValues(edit, values)
      let count = elements(part).count
      guard to >= 1, to <= count else {
        throw PaperError(
          "--to must be a place from 1 to \(count) (\(count) \(part.name)s recorded)",
          kind: .invalidRequest)
      }
      return .move(list: part.key ?? "", from: try element(edit), to: to - 1)
    case (.medication, .set):
      try requireValues(edit, values)
      let medication = try medication(edit.element ?? "")
      return .set(.medication(id: medication.id), values.map { ($0.field.key, $0.value) })
    case (.medication, .remove):
      try refuseValues(edit, values)
      return .removeMedication(id: try medication(edit.element ?? "").id)
    default:
      throw PaperError("\(part.name) does not take '\(edit.command)'", kind: .invalidRequest)
    }
  }

  private func read(_ edit: RecordEdit) throws(PaperError)
    -> [(field: RecordField, value: JSON?)]
  {
    var read: [(field: RecordField, value: JSON?)] = []
    for (option, text) in try Self.twinned(edit) {
      guard let field = edit.part.field(option: option) else {
        throw PaperError("--\(option) is not a field of \(edit.part.name)", kind: .invalidRequest)
      }
      switch RecordValue.read(text, as: field.form) {
      case .success(let value):
        read.append((field, value))
      case .failure(let refusal):
        let path = CareCirclePath.element("patients", index) + "." + edit.part.key(of: field)
        throw PaperError(
          "\(path) (--\(option)): \(Self.quote(text)) \(refusal.reason); nothing was changed",
          kind: .invalidData)
      }
    }
    return read
  }

  /// The values with a repeated option moved to its `alt-` twin: `--phone A --phone B` is
  /// `--phone A --alt-phone B` (a contact's two numbers). A third number, or a second one
  /// beside `--alt-phone`, is refused: the format keeps two.
  static func twinned(_ edit: RecordEdit) throws(PaperError) -> [(option: String, text: String)] {
    var out: [(option: String, text: String)] = []
    for (option, text) in edit.values {
      guard out.contains(where: { $0.option == option }) else {
        out.append((option, text))
        continue
      }
      let twin = "alt-" + option
      guard edit.part.field(option: twin) != nil else {
        throw PaperError("option --\(option) is given twice", kind: .invalidRequest)
      }
      guard !edit.values.contains(where: { $0.option == twin }),
        !out.contains(where: { $0.option == twin })
      else {
        throw PaperError(
          "a \(edit.part.name) keeps two numbers, --\(option) and --\(twin); give --\(option)"
            + " at most twice, or once beside --\(twin); nothing was changed",
          kind: .invalidRequest)
      }
      out.append((twin, text))
    }
    return out
  }

  private func requireValues(_ edit: RecordEdit, _ values: [(field: RecordField, value: JSON?)])
    throws(PaperError)
  {
    guard values.isEmpty else { return }
    let options = edit.part.fields.map { "--" + $0.option }.joined(separator: ", ")
    throw PaperError(
      "\(edit.command) needs at least one field to change: \(options)", kind: .invalidRequest)
  }

  private func refuseValues(_ edit: RecordEdit, _ values: [(field: RecordField, value: JSON?)])
    throws(PaperError)
  {
    guard let first = values.first else { return }
    throw PaperError(
      "--\(first.field.option) is for '\(edit.part.name) add' and '\(edit.part.name) set',"
        + " not '\(edit.command)'", kind: .invalidRequest)
  }

  /// The element `edit.element` names, or a refusal listing the elements.
  private func element(_ edit: RecordEdit) throws(PaperError) -> Int {
    let part = edit.part
    let list = elements(part)
    let names = list.map { $0[part.nameKey]?.stringValue ?? "" }
    let query = edit.element ?? ""
    switch RecordElementSelection.select(query, names: names) {
    case .found(let index):
      return index
    case .notFound:
      let shown = list.isEmpty ? " (none recorded)" : ":\n" + lines(part).joined(separator: "\n")
      throw PaperError(
        "\(patient.fullName) has no \(part.name) numbered or named \(Self.quote(query));"
          + " the \(part.name)s are\(shown)", kind: .invalidRequest)
    case .ambiguous(let matches):
      let shown = matches.map { "  " + Self.describe(list[$0], number: $0 + 1, part) }
      throw PaperError(
        "\(Self.quote(query)) matches \(matches.count) \(part.name)s of \(patient.fullName);"
          + " name one by number:\n" + shown.joined(separator: "\n"), kind: .invalidRequest)
    }
  }

  private var patientJSON: JSON { CareCircleEncoder.encode(patient) }

  private func elements(_ part: RecordPart) -> [JSON] {
    patientJSON[part.key ?? ""]?.arrayValue ?? []
  }

  /// The part as it stands, one line per element ("  1. Maria Lopez; daughter; 555-0101;
  /// emergency, poa"), or its fields for an object part.
  public func lines(_ part: RecordPart) -> [String] {
    Self.lines(part, of: patient)
  }

  public static func lines(_ part: RecordPart, of patient: Patient) -> [String] {
    let json = CareCircleEncoder.encode(patient)
    switch part.shape {
    case .list:
      let list = json[part.key ?? ""]?.arrayValue ?? []
      return list.enumerated().map { "  " + describe($0.element, number: $0.offset + 1, part) }
    case .fields:
      guard let object = part.key == nil ? json : part.key.flatMap({ json[$0] }) else {
        return []
      }
      return part.fields.compactMap { field in
        value(at: field.key, in: object).map { "  \(field.option): \($0)" }
      }
    case .medication:
      return patient.medications.map { "  " + describe($0) }
    }
  }

  private static func value(at path: String, in object: JSON) -> String? {
    var current: JSON? = object
    for key in path.split(separator: ".") { current = current?[String(key)] }
    guard let current else { return nil }
    return text(current)
  }

  private static func text(_ value: JSON) -> String? {
    switch value {
    case .string(let text): return text
    case .number(let text): return text
    case .bool(let flag): return flag ? "yes" : "no"
    case .array(let items):
      let texts = items.compactMap(text)
      return texts.isEmpty ? nil : texts.joined(separator: ", ")
    case .object, .null: return nil
    }
  }

  static func describe(_ element: JSON, number: Int, _ part: RecordPart) -> String {
    let texts = part.fields.compactMap { element[$0.key].flatMap(text) }
    return "\(number). " + texts.joined(separator: "; ")
  }

  /// The user's own value, quoted for a message: at most 40 characters, anything that is not a
  /// printable character shown as "?", so a refusal cannot garble the terminal.
  static func quote(_ text: String) -> String {
    var shown = String(
      text.unicodeScalars.prefix(40).map { scalar in
        let printable =
          scalar.properties.generalCategory != .control
          && scalar.properties.generalCategory != .format
          && !scalar.properties.isBidiControl
        return printable ? Character(scalar) : "?"
      })
    if text.unicodeScalars.count > 40 { shown += "…" }
    return "\"\(shown)\""
  }
}
