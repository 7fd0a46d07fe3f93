// SPDX-License-Identifier: Apache-2.0
import RuaCore
import RuaPaperKit
import RuaStore

struct MedCommand: Command {
  let name = "med"
  let summary = "stop, hold or resume a medicine, add one, change or remove one"
  let details = """
    stop: the medicine was stopped (--on, default today, is kept as its stop date); it leaves
    every document at once. A stop date after today is refused: a medicine taken until a later
    day is still current and must stay on every document until then, so stop it on the day.
    A stop date before the date of birth is refused too.

    hold: paused from --on (default today) until --until (the planned resume, optional; on or
    after --on and at most 366 days later), for --reason; every document prints "on hold since
    ... until ... (reason)", the MAR marks exactly the held days, and there is no refill
    forecast. A hold starting after today is refused, as a stop is: until that day the medicine
    is given and every document must say so; hold it on the day. After --until has passed, the
    documents say the hold was due to end and to check with the prescriber; they never resume
    it by themselves. Holding a held medicine again with --on, --until or --reason replaces its
    hold. resume: active again (a stop date and a hold are removed). --reason is kept in the
    change log with the command and the user (and, for hold, in the record). PATIENT and
    MEDICINE are matched as for 'fill'.

    add: a new medicine, for what a family learns at the pharmacy counter. Its id is --id or
    made from the name (m-apixaban, m-apixaban-2, ...). Record its first fill with 'fill
    PATIENT ID --days N'. A name with no visible character (only blanks such as U+2800) is
    refused; a medicine identical to one already current (name, brand, strength, form, route,
    dose, schedule) is added with a warning on standard error.

    set: changes the medicine's strength, dose, schedule, times, purpose, instructions,
    prescriber, brand, form, route or, for an as-needed medicine, --min-interval, the least
    time between two doses (4h, 4 hours, 30min, 1h 30min; 5 minutes to 72 hours), printed in
    the MAR's as-needed table (a value of "" removes it); its fills and status stay.
    remove: takes out a medicine entered by mistake, with its fills; a medicine the patient
    stopped taking is stopped ('med stop'), so the record keeps it.

    Every change is checked by the import rules (exit 65, naming the field as import would),
    written in one transaction with its change_log rows, and shown; --dry-run shows it and
    writes nothing.
    """
  /// Each action's own options, refused with the others.
  private static let statusOnly: [OptionSpec] = [.on, .until, .reason]
  /// `med add` and `med set` take the medicine's record fields (RecordPart.medication) as
  /// options, as the record commands take theirs; add takes these of them besides its own.
  private static let addFields = PatientEdit.newMedicationTexts + ["times"]
  private static let settable: [OptionSpec] = RecordCommandText.fieldOptions(.medication).map {
    OptionSpec(
      $0.long, $0.kind, value: ["times": "SLOTS", "min-interval": "TIME"][$0.long] ?? "TEXT",
      help: (addFields.contains($0.long) ? "add, set: " : "set: ") + $0.help)
  }
  private static let addOnly: [OptionSpec] =
    [.medName, .asNeeded, .medID] + settable.filter { addFields.contains($0.long) }
  let options =
    statusOnly + [.medName, .asNeeded, .medID] + settable + [.showOnly] + StoreOptions.specs

  static let grammar: ActionGrammar = {
    let status = "[--on YYYY-MM-DD] [--until YYYY-MM-DD] [--reason TEXT] [--dry-run]"
    let medicine = ["PATIENT", "MEDICINE"]
    return ActionGrammar(
      command: "med",
      actions: [
        .init(name: "stop", words: medicine, takes: [.on, .reason], usage: status),
        .init(name: "hold", words: medicine, takes: statusOnly, usage: status),
        .init(name: "resume", words: medicine, takes: [.reason], usage: status),
        .init(
          name: "add", words: ["PATIENT"], takes: addOnly,
          usage: "--name NAME [--strength S] [--schedule TEXT] "
            + "[--times morning,noon,evening,bedtime] [--as-needed] [--brand B] [--dose D] "
            + "[--purpose TEXT] [--id ID] [--dry-run]", hint: "the medicine is given with --name"),
        .init(
          name: "set", words: medicine, takes: settable,
          usage: "[--strength S] [--dose D] [--schedule TEXT] [--times SLOTS] [--purpose TEXT] "
            + "[--instructions TEXT] [--prescriber NAME] [--min-interval TIME] [--dry-run]"),
        .init(name: "remove", words: medicine, usage: "[--dry-run]"),
      ],
      why: [
        "on": "the record keeps the date a medicine was stopped or held, not when it was resumed",
        "until": "the day the hold is planned to end",
      ])
  }()

  var usage: String { Self.grammar.usage }

  func run(_ arguments: ParsedArguments, _ context: Context) throws(PaperError) -> ExitCode {
    let (action, words) = try Self.grammar.read(arguments)
    switch action {
    case "add": return try add(words[0], arguments, context)
    case "stop": return try status(.stopped, action, words, arguments, context)
    case "hold": return try status(.onHold, action, words, arguments, context)
    case "resume": return try status(.active, action, words, arguments, context)
    default:
      // `med set` and `med remove`: through the record commands' one path.
      let edit = RecordEdit(
        .medication, action == "set" ? .set : .remove, element: words[1],
        values: RecordCommandText.values(arguments, .medication))
      return try RecordCommandText.commit(edit, patient: words[0], arguments, context)
    }
  }

  private func status(
    _ status: MedicationStatus, _ action: String, _ words: [String], _ arguments: ParsedArguments,
    _ context: Context
  ) throws(PaperError) -> ExitCode {
    let session = try EditSession.open(words[0], arguments, context)
    let medication = try session.medication(words[1])
    guard
      let change = try session.statusChange(
        of: medication, to: status, on: arguments.value(.on), until: arguments.value(.until),
        reason: arguments.value(.reason))
    else {
      context.print(
        "\(medication.name) is already \(status.rawValue) for \(session.patient.fullName); "
          + "nothing changed")
      return .success
    }
    let edited = try session.commit(
      change.edit, command: "med " + action, reason: change.reason,
      dryRun: arguments.flag(.showOnly), options: PatientEdit.statusOptions, showingTo: context)
    if let runway = session.runway(of: medication.id, in: edited) { context.print(runway) }
    return .success
  }

  private func add(_ patient: String, _ arguments: ParsedArguments, _ context: Context)
    throws(PaperError) -> ExitCode
  {
    let session = try EditSession.open(patient, arguments, context)
    // Each text option is named as the member it sets (--name sets "name").
    var texts = Dictionary(
      RecordCommandText.values(arguments, .medication), uniquingKeysWith: { $1 })
    let times = texts.removeValue(forKey: "times")
    texts["name"] = arguments.value(.medName)
    let (id, edit) = PatientEdit.newMedication(
      id: arguments.value(.medID), texts: texts, times: times,
      asNeeded: arguments.flag(.asNeeded), taken: session.patient.medications.map(\.id))
    let edited = try session.commit(
      edit, command: "med add", dryRun: arguments.flag(.showOnly),
      options: PatientEdit.newMedicationOptions, showingTo: context)
    if let added = edited.medications.first(where: { $0.id == id }) {
      context.print("added " + EditSession.describe(added))
      context.print(session.runway(of: added))
    }
    return .success
  }
}

extension OptionSpec {
  fileprivate static let on = OptionSpec(
    "on", .value, value: "YYYY-MM-DD",
    help: "stop, hold: the stop date or the hold's first day (default today)")
  fileprivate static let until = OptionSpec(
    "until", .value, value: "YYYY-MM-DD", help: "hold: the last day of the planned hold")
  fileprivate static let reason = OptionSpec(
    "reason", .value, value: "TEXT", help: "why, kept in the change log (and printed with a hold)")
  fileprivate static let medName = OptionSpec(
    "name", .value, value: "NAME", help: "add: the generic name")
  fileprivate static let asNeeded = OptionSpec("as-needed", help: "add: taken only when needed")
  fileprivate static let medID = OptionSpec(
    "id", .value, value: "ID", help: "add: the medicine's id (default from --name)")
}
