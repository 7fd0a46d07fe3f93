// SPDX-License-Identifier: Apache-2.0
import RuaCore
import RuaPaperKit
import RuaStore

/// The record commands: `contact`, `team`, `condition`, `device`, `allergy` add, set, remove
/// (and move) one element of a list in the record; `patient`, `pharmacy`, `baseline` set (or
/// remove) the fields of the patient or of one object in it, and `patient add|remove` make and
/// end a patient. argv → `RecordEdit` → `EditSession.commit` → the changes and the part.
struct RecordCommand: Command {
  let part: RecordPart
  let summary: String
  let about: String
  /// A list whose order means something (contacts are called in order) offers `move`.
  var movable = false
  /// An object that may go as a whole (`pharmacy remove`).
  var removable = false

  var name: String { part.name }

  /// The part that is the patient itself: `add` and `remove` make and end one.
  var addsPatients: Bool { part.shape == .fields && part.key == nil }

  var grammar: ActionGrammar {
    let fields = RecordCommandText.fieldOptions(part)
    let item = ["PATIENT", "ITEM"]
    var actions: [ActionGrammar.Action] = []
    if part.shape == .list {
      let add = part.fields.map { "[--\($0.option) \(Self.valueName($0))]" }
      actions = [
        .init(
          name: "add", words: ["PATIENT"], takes: fields,
          usage: add.joined(separator: " ") + " [--dry-run]"),
        .init(name: "set", words: item, takes: fields, usage: "--FIELD VALUE... [--dry-run]"),
        .init(name: "remove", words: item, usage: "[--dry-run]"),
      ]
    } else {
      actions = [
        .init(
          name: "set", words: ["PATIENT"], takes: fields,
          usage: "--FIELD VALUE... [--dry-run] [--db PATH] [--key-file PATH]")
      ]
    }
    if movable {
      actions.append(
        .init(name: "move", words: item, takes: [.moveTo], usage: "--to N [--dry-run]"))
    }
    if removable { actions.append(.init(name: "remove", words: ["PATIENT"], usage: "[--dry-run]")) }
    if addsPatients {
      actions += [
        .init(
          name: "add", words: [],
          takes: fields.filter { ["full-name", "born"].contains($0.long) } + [.patientID],
          usage: "--full-name NAME --born YYYY-MM-DD [--id ID] [--dry-run]",
          hint: "give --full-name and --born"),
        .init(name: "remove", words: ["PATIENT"], takes: [.yes], usage: "[--yes] [--dry-run]"),
      ]
    }
    return ActionGrammar(command: name, actions: actions)
  }

  var usage: String { grammar.usage }

  var details: String {
    let item = part.shape == .list ? "its number as listed or its name" : nil
    return about + "\n\n" + RecordCommandText.shared(itemIs: item)
  }

  var options: [OptionSpec] {
    RecordCommandText.fieldOptions(part) + (movable ? [.moveTo] : [])
      + (addsPatients ? [.patientID, .yes] : []) + [.showOnly] + StoreOptions.specs
  }

  static func valueName(_ field: RecordField) -> String {
    field.option.uppercased().replacing("-", with: "_")
  }

  func run(_ arguments: ParsedArguments, _ context: Context) throws(PaperError) -> ExitCode {
    let (action, words) = try grammar.read(arguments)
    if addsPatients, action == "add" { return try add(arguments, context) }
    if addsPatients, action == "remove" { return try remove(words[0], arguments, context) }
    let recordAction: RecordEdit.Action
    switch action {
    case "add": recordAction = .add
    case "set": recordAction = .set
    case "remove": recordAction = .remove
    default:
      guard let text = arguments.value(.moveTo), let place = Int(text) else {
        throw .invalidRequest("\(name) move needs --to N, the new place (1 = called first)")
      }
      recordAction = .move(to: place)
    }
    let edit = RecordEdit(
      part, recordAction, element: words.dropFirst().first,
      values: RecordCommandText.values(arguments, part))
    return try RecordCommandText.commit(edit, patient: words[0], arguments, context)
  }
}

extension RecordCommand {
  /// `patient add`: a name and a date of birth; the other fields come with `patient set`.
  private func add(_ arguments: ParsedArguments, _ context: Context) throws(PaperError)
    -> ExitCode
  {
    let given = Dictionary(RecordCommandText.values(arguments, part), uniquingKeysWith: { $1 })
    guard let name = given["full-name"], let born = given["born"] else {
      throw .invalidRequest("patient add needs --full-name NAME and --born YYYY-MM-DD")
    }
    let dryRun = arguments.flag(.showOnly)
    let result = try StoreOptions.session(arguments, context).addPatient(
      fullName: name, dateOfBirth: born, id: arguments.value(.patientID), dryRun: dryRun)
    let verb = dryRun ? "dry run, nothing written; would add" : "added"
    context.write(
      "\(verb) \(result.patient.id)  \(result.patient.fullName), born \(result.patient.dateOfBirth.iso)\n"
    )
    if !dryRun {
      context.print(
        "next: rua-paper patient set \(result.patient.id) --sex … --language … --weight …")
    }
    return .success
  }
}

extension RecordCommand {
  /// `patient remove`: says what goes, asks on a terminal (or needs `--yes`), then removes the
  /// patient and everything of theirs in one transaction with its change-log rows.
  private func remove(_ query: String, _ arguments: ParsedArguments, _ context: Context)
    throws(PaperError) -> ExitCode
  {
    let session = try EditSession.open(query, arguments, context)
    let patient = session.patient
    let contents = session.removalContents
    let what =
      "\(patient.fullName) (\(patient.id), born \(patient.dateOfBirth.iso))"
      + (contents.isEmpty ? "" : " and " + contents.listed())
    let dryRun = arguments.flag(.showOnly)
    if !dryRun, !arguments.flag(.yes) {
      guard context.standardInputIsTerminal else {
        throw .invalidRequest(
          "patient remove would remove \(what); pass --yes to remove them (--dry-run lists"
            + " the rows); nothing was changed")
      }
      context.message(
        "this removes \(what) from the store, with no way back but a file exported before")
      context.message("remove them? type yes to remove, anything else to keep them:")
      let answer = context.readAnswer().map { RecordValue.folded($0) } ?? ""
      guard answer == "yes" || answer == "y" else {
        throw .invalidRequest("the answer was not yes; nothing was changed")
      }
    }
    let changes = try session.removePatient(dryRun: dryRun)
    let rows = changes.rowsPerTable.map { "\($0.table) \($0.rows)" }.joined(separator: ", ")
    let verb = dryRun ? "dry run, nothing written; would remove" : "removed"
    context.print("\(verb) \(what)")
    context.print(
      "\(dryRun ? "would record" : "recorded") \(changes.count) change-log row"
        + "\(changes.count == 1 ? "" : "s") (\(rows)); the access log keeps its rows about"
        + " \(patient.id)")
    return .success
  }
}

/// What the record commands share: options from the part's fields, the values in the part's
/// order, the help paragraph, and the change shown with the part as it now stands.
enum RecordCommandText {
  /// A field with an `alt-` twin (`--phone`, `--alt-phone`) may be given twice: the second
  /// value is the twin's.
  static func fieldOptions(_ part: RecordPart) -> [OptionSpec] {
    part.fields.map { field in
      let twice = part.field(option: "alt-" + field.option) != nil
      return OptionSpec(
        field.option, twice ? .repeated : .value, value: RecordCommand.valueName(field),
        help: field.help + (twice ? " (give it twice for two numbers)" : ""))
    }
  }

  static func values(_ arguments: ParsedArguments, _ part: RecordPart)
    -> [(option: String, text: String)]
  {
    fieldOptions(part).flatMap { option in arguments.all(option).map { (option.long, $0) } }
  }

  static func shared(itemIs: String?) -> String {
    var text = "PATIENT is an id or a name, matched as for 'er'."
    if let itemIs { text += " ITEM is \(itemIs) (a unique start of it will do)." }
    return text + """
       A value of "" removes the field. Values are read as a family writes them where nothing
      is lost (Female, Severe, POA, 61 kg, 134 lb, Spanish) and refused, naming the option, the
      field and the accepted forms, where something would be. Every change is checked by the
      import rules (exit 65, naming the field as import would), written in one transaction with
      its change_log rows, and shown; --dry-run shows it and writes nothing.
      """
  }

  static func commit(
    _ edit: RecordEdit, patient: String, _ arguments: ParsedArguments, _ context: Context
  ) throws(PaperError) -> ExitCode {
    let session = try EditSession.open(patient, arguments, context)
    let dryRun = arguments.flag(.showOnly)
    let edited = session.show(try session.commit(edit, dryRun: dryRun), dryRun: dryRun, context)
    let lines = EditSession.lines(edit.part, of: edited)
    let whose = "\(edited.fullName)'s \(edit.part.title)"
    if lines.isEmpty {
      context.print("\(whose): none recorded")
    } else {
      context.print("\(whose):")
      context.write(lines.joined(separator: "\n") + "\n")
    }
    return .success
  }
}

extension RecordCommand {
  static let contact = RecordCommand(
    part: .contact, summary: "add, change, remove or reorder a contact",
    about: """
      The people to call, in the order they are to be called: 'add' puts a contact last, 'move'
      gives it another place. --roles takes emergency, health-care-proxy (or proxy), poa (or
      power of attorney) and caregiver, separated by commas.
      """, movable: true)
  static let team = RecordCommand(
    part: .careTeam, summary: "add, change or remove a doctor of the care team",
    about: """
      The doctors and clinicians who look after the patient (the care team), in the order the
      documents list them: --role says what they do (primary care, cardiology).
      """, movable: true)
  static let condition = RecordCommand(
    part: .condition, summary: "add, change or remove a condition",
    about: "Conditions (diagnoses); --since is a year, a month (2019-04) or a date.")
  static let allergy = RecordCommand(
    part: .allergy, summary: "record, change or remove an allergy or intolerance",
    about: """
      Adds an allergy (--substance is required) to the patient's record; a patient recorded as
      having no known allergies is no longer: the documents list the new allergy instead. An
      exact repeat of a recorded allergy is refused. 'remove' takes one out, such as a
      duplicate imported from a file; the last one removed leaves allergies "not recorded",
      until 'patient set PATIENT --no-known-allergies yes' says there are none.
      """)
  static let device = RecordCommand(
    part: .device, summary: "add, change or remove an implanted device",
    about: "Implanted devices (pacemaker, insulin pump), with their details.")
  static let patient = RecordCommand(
    part: .patient, summary: "add or remove a patient, or change their own fields (weight…)",
    about: """
      add: a new patient with a full name and a date of birth; the id it made (p- and the
      name, or --id) is printed, for the commands that follow.

      remove: removes the patient and everything of theirs (medicines and fills, allergies,
      conditions, contacts, care team, pharmacy, devices, baseline). It first says what goes;
      on a terminal it asks, otherwise it needs --yes. One transaction, one change_log row per
      row removed; the access log keeps its rows about the patient (it is append-only and
      chained, so 'log verify' still passes). --dry-run shows it and writes nothing.

      set: sets the patient-level fields of the record: names, date of birth, sex, language
      (Spanish or es), interpreter (yes/no), weight (61, 61 kg or 134 lb, kept in kg), height
      (160 cm, 1.6 m or 63 in, kept in cm), address, phone, insurance, preferred hospital, code
      status, the advance directive's summary and where it is kept, dependents, notes, and
      no-known-allergies (refused while allergies are listed).
      """)
  static let pharmacy = RecordCommand(
    part: .pharmacy, summary: "set or remove the pharmacy",
    about: "The pharmacy the patient uses; a new one needs --name.", removable: true)
  static let baseline = RecordCommand(
    part: .baseline, summary: "set how the patient usually is (baseline)",
    about: """
      What is usual for the patient, so the ER can tell what is new: cognition, mobility,
      hearing, vision, communication, other.
      """)
}

extension OptionSpec {
  /// `--dry-run` of the editing commands (`med`, the record commands).
  static let showOnly = OptionSpec("dry-run", help: "show the change; write nothing")
  fileprivate static let moveTo = OptionSpec(
    "to", .value, value: "N", help: "move: the new place, 1 = called first")
  fileprivate static let patientID = OptionSpec(
    "id", .value, value: "ID", help: "add: the new id (default from the name)")
  fileprivate static let yes = OptionSpec(
    "yes", help: "remove: remove without asking (needed when input is not a terminal)")
}
