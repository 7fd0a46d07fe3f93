import RuaCore
import RuaStore

/// What every edit command (`fill`, `med`, `allergy`) shares: the store, the patient the command
/// line names, the import day, and the one way a change is written (`Store.replacePatient`:
/// validated by the import decoder, recorded in change_log, all or nothing).
struct EditSession {
  let store: Store
  let patient: Patient
  /// The patient's place in the circle, so refusals name the path an export would have.
  let index: Int
  /// The command's date, as import uses it (fill dates may not be after it; runways count
  /// from it).
  let today: CivilDate
  let context: Context

  static func open(_ query: String, _ arguments: ParsedArguments, _ context: Context)
    throws(CLIError) -> EditSession
  {
    let store = try StoreAccess.open(arguments, context)
    let patient = try PatientPicker.patient(query, in: store)
    let listing = try StoreAccess.perform { () throws(StoreError) in try store.listPatients() }
    let index = listing.firstIndex { $0.id == patient.id } ?? 0
    return EditSession(
      store: store, patient: patient, index: index, today: context.today, context: context)
  }

  /// The medicine `query` names (id, or a generic or brand name), or a refusal listing the
  /// candidates.
  func medication(_ query: String) throws(CLIError) -> Medication {
    switch MedicationSelector.select(query, from: patient.medications) {
    case .found(let medication):
      return medication
    case .notFound:
      throw CLIError(
        "\(patient.fullName) has no medicine with the id or name '\(query)'; "
          + "run 'rua-paper meds \(patient.id)' for the list", code: .usage)
    case .ambiguous(let matches):
      let list = matches.map { "  " + Self.describe($0) }.joined(separator: "\n")
      throw CLIError(
        "'\(query)' matches \(matches.count) medicines of \(patient.fullName); "
          + "name one by id:\n" + list, code: .usage)
    }
  }

  /// "m-apixaban  apixaban (Eliquis) 5 mg, on-hold".
  static func describe(_ medication: Medication) -> String {
    var text = medication.id + "  " + medication.name
    if let brand = medication.brand { text += " (\(brand))" }
    if let strength = medication.strength { text += " " + strength }
    if medication.status != .active { text += ", " + medication.status.rawValue }
    return text
  }

  /// Makes `edit`, validates it as import would, and writes it (or, with `dryRun`, only shows
  /// it). `options` maps a format key to the option that supplied it, so a refusal can name
  /// both. Returns the patient as stored afterwards.
  func commit(
    _ edit: PatientEdit, command: String, reason: String? = nil, dryRun: Bool,
    options: [String: String]
  ) throws(CLIError) -> Patient {
    let edited: Patient
    do { edited = try edit.applied(to: patient, index: index, today: today) } catch {
      // The field's own key: "daySupply" in "patients[0]….fills[3].daySupply", "times" in
      // "….times[1]".
      let last = error.path.split(separator: ".").last ?? ""
      let key = String(last.prefix { $0 != "[" })
      let option = options[key].map { " (\($0))" } ?? ""
      throw CLIError(
        "\(error.description)\(option); nothing was changed", code: .dataError)
    }
    try Self.checkPrintable(edited, index: index, options: options, context)
    let origin = ChangeOrigin(command: command, actor: ChangeActor.current(), reason: reason)
    let changes = try StoreAccess.perform { () throws(StoreError) in
      try store.replacePatient(
        edited, expecting: patient, origin: origin, now: context.now.secondsSinceEpoch,
        dryRun: dryRun)
    }
    context.write(ChangeText.lines(changes, dryRun: dryRun))
    return edited
  }

  /// An edited record must print, as an imported one must: a character the pinned fonts cannot
  /// draw is refused with import's message and path.
  private static func checkPrintable(
    _ patient: Patient, index: Int, options: [String: String], _ context: Context
  ) throws(CLIError) {
    let coverage = try PrintableCheck.coverage(try TemplatesLocation.resolve(nil, context))
    // The patient stands at its own index, so the path is the one an export would have.
    let patients =
      Array(repeating: JSON.object([]), count: index) + [
        CareCircleEncoder.encode(patient)
      ]
    do {
      try PrintableCheck.check(.object([("patients", .array(patients))]), coverage: coverage)
    } catch {
      let last = error.path.split(separator: ".").last ?? ""
      let option = options[String(last.prefix { $0 != "[" })].map { " (\($0))" } ?? ""
      throw CLIError("\(error.description)\(option); nothing was changed", code: .dataError)
    }
  }

  /// The medicine's run-out, exactly as `meds` computes it.
  func runway(of medication: Medication) -> String {
    let runway = Runway.evaluate(medication, today: today)
    var text = "\(medication.name): "
    if let runOut = runway.runOutDate, let days = runway.daysRemaining {
      text += "runs out \(runOut.iso), \(days) day\(days == 1 ? "" : "s") left"
      text += " (\(runway.status.rawValue))"
    } else {
      text += runway.status == .asNeeded ? "as needed, no run-out date" : "no fill recorded"
    }
    if medication.status == .onHold { text += "; on hold" }
    if medication.status == .stopped { text += "; stopped, on no document" }
    return text
  }
}

/// Planned or written changes as lines: "medications update  status: active -> on-hold".
enum ChangeText {
  static func lines(_ changes: [PlannedChange], dryRun: Bool) -> String {
    if changes.isEmpty { return "nothing to change; the record already says so\n" }
    var text = dryRun ? "dry run, nothing written; would record:\n" : "recorded:\n"
    for change in changes {
      text += "  \(change.table) \(change.action)  " + fields(change.fields) + "\n"
    }
    return text
  }

  static func fields(_ fields: [PlannedChange.Field]) -> String {
    fields.map { field in
      switch (field.old, field.new) {
      case (nil, let new?): return "\(field.name): \(new)"
      case (let old?, nil): return "\(field.name): \(old) -> (none)"
      default: return "\(field.name): \(field.old ?? "") -> \(field.new ?? "")"
      }
    }.joined(separator: ", ")
  }
}
