// SPDX-License-Identifier: Apache-2.0
public import RuaCore
public import RuaStore

/// What every edit (`fill`, `med`, `allergy`) shares: the store, the patient it names, the import day, and the one way a change is written (`Store.replacePatient`:
/// validated by the import decoder, recorded in change_log, all or nothing).
public struct EditSession {
  let store: Store
  public let patient: Patient
  /// The patient's place in the circle, so refusals name the path an export would have.
  let index: Int
  let host: HostEnvironment
  /// The command's date, as import uses it (fill dates may not be after it; runways count
  /// from it).
  public var today: CivilDate { host.today }

  init(store: Store, patient: Patient, index: Int, host: HostEnvironment) {
    self.store = store
    self.patient = patient
    self.index = index
    self.host = host
  }

  /// The medicine `query` names (id, or a generic or brand name), or a refusal listing the
  /// candidates.
  public func medication(_ query: String) throws(PaperError) -> Medication {
    switch MedicationSelector.select(query, from: patient.medications) {
    case .found(let medication):
      return medication
    case .notFound:
      throw PaperError(
        "\(patient.fullName) has no medicine with the id or name '\(query)'; "
          + "run 'rua-paper meds \(patient.id)' for the list", kind: .invalidRequest)
    case .ambiguous(let matches):
      let list = matches.map { "  " + Self.describe($0) }.joined(separator: "\n")
      throw PaperError(
        "'\(query)' matches \(matches.count) medicines of \(patient.fullName); "
          + "name one by id:\n" + list, kind: .invalidRequest)
    }
  }

  /// "m-apixaban  apixaban (Eliquis) 5 mg, on-hold".
  public static func describe(_ medication: Medication) -> String {
    var text = medication.id + "  " + medication.name
    if let brand = medication.brand { text += " (\(brand))" }
    if let strength = medication.strength { text += " " + strength }
    if medication.status != .active { text += ", " + medication.status.rawValue }
    return text
  }

  /// Makes `edit`, validates it as import would, and writes it (or, with `dryRun`, only plans
  /// it). `options` maps a format key to the option that supplied it, so a refusal can name
  /// both. Returns the patient as stored afterwards and the changes written (or planned).
  public func commit(
    _ edit: PatientEdit, command: String, reason: String? = nil, dryRun: Bool,
    options: [String: String]
  ) throws(PaperError) -> (patient: Patient, changes: [PlannedChange]) {
    let edited: Patient
    do { edited = try edit.applied(to: patient, index: index, today: today) } catch {
      // The field's own key: "daySupply" in "patients[0]….fills[3].daySupply", "times" in
      // "….times[1]".
      let last = error.path.split(separator: ".").last ?? ""
      let key = String(last.prefix { $0 != "[" })
      let option = options[key].map { " (\($0))" } ?? ""
      throw PaperError(
        "\(error.description)\(option); nothing was changed", kind: .invalidData)
    }
    try Self.checkPrintable(edited, index: index, options: options, host)
    if !dryRun { TestPause.at("commit", host) }
    let origin = ChangeOrigin(command: command, actor: ChangeActor.current(), reason: reason)
    let changes = try StoreAccess.perform { () throws(StoreError) in
      try store.replacePatient(
        edited, expecting: patient, origin: origin, now: host.now,
        dryRun: dryRun)
    }
    return (edited, changes)
  }

  /// An edited record must print, as an imported one must: a character the pinned fonts cannot
  /// draw is refused with import's message and path.
  private static func checkPrintable(
    _ patient: Patient, index: Int, options: [String: String], _ host: HostEnvironment
  ) throws(PaperError) {
    let coverage = try PrintableCheck.coverage(try TemplatesLocation.resolve(nil, host))
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
      throw PaperError("\(error.description)\(option); nothing was changed", kind: .invalidData)
    }
  }

  /// Warnings (not refusals: a second identical entry may be meant) for an edit that leaves
  /// `edited` with more exact duplicates than the record had: a medicine with the same name,
  /// brand, strength, form, route, dose and schedule as another that is not stopped, or an
  /// allergy to the same substance (letter case aside).
  public func duplicateWarnings(_ edited: Patient) -> [String] {
    func medicineKey(_ medication: Medication) -> [String?] {
      [
        medication.name.lowercased(), medication.brand?.lowercased(), medication.strength,
        medication.form, medication.route, medication.dose, medication.schedule,
      ]
    }
    func surplus<Key: Hashable>(_ keys: [Key]) -> [Key: Int] {
      Dictionary(keys.map { ($0, 1) }, uniquingKeysWith: +).filter { $0.value > 1 }
        .mapValues { $0 - 1 }
    }
    let current = { (patient: Patient) in
      patient.medications.filter { $0.status != .stopped }
    }
    var warnings: [String] = []
    let medicinesBefore = surplus(current(patient).map(medicineKey))
    for (key, count) in surplus(current(edited).map(medicineKey))
    where count > medicinesBefore[key, default: 0] {
      let name = current(edited).first { medicineKey($0) == key }?.name ?? ""
      warnings.append(
        "warning: \(edited.fullName) now has \(count + 1) identical entries for \(name);"
          + " if one is a mistake, remove it with 'rua-paper med remove'")
    }
    let allergiesBefore = surplus(patient.allergies.map { $0.substance.lowercased() })
    for (key, count) in surplus(edited.allergies.map { $0.substance.lowercased() })
    where count > allergiesBefore[key, default: 0] {
      let name = edited.allergies.first { $0.substance.lowercased() == key }?.substance ?? key
      warnings.append(
        "warning: \(edited.fullName) now has \(count + 1) allergy entries for \(name);"
          + " if one is a mistake, remove it with 'rua-paper allergy remove'")
    }
    return warnings.sorted()
  }

  /// The medicine's run-out, exactly as `meds` computes it.
  public func runway(of medication: Medication) -> String {
    let runway = Runway.evaluate(medication, today: today)
    var text = "\(medication.name): "
    if let runOut = runway.runOutDate, let days = runway.daysRemaining {
      text += "runs out \(runOut.iso), \(days) day\(days == 1 ? "" : "s") left"
      text += " (\(runway.status.rawValue))"
    } else {
      text += runway.status == .asNeeded ? "as needed, no run-out date" : "no fill recorded"
    }
    if medication.status == .onHold {
      text += "; " + (medication.hold ?? MedicationHold()).summary(today: today)
    }
    if medication.status == .stopped { text += "; stopped, on no document" }
    return text
  }

  /// The run-out of medicine `id` in `patient` as stored after an edit (`runway(of:)`); nil
  /// when the patient no longer has it.
  public func runway(of id: String, in patient: Patient) -> String? {
    patient.medications.first { $0.id == id }.map(runway(of:))
  }
}

extension EditSession {
  /// A refill of `medication`: filled `on` (default today) for `days` (default the day supply
  /// of its current fill, the latest-dated one the run-out already counts from, whatever
  /// order the fills are stored in), with `quantity` when given. Values are the user's words,
  /// checked by import's rules when committed.
  public func refill(_ medication: Medication, on date: String?, days: String?, quantity: String?)
    throws(PaperError) -> PatientEdit
  {
    var fill: [(key: String, value: JSON)] = [("fillDate", JSON.argument(date ?? today.iso))]
    if let days {
      fill.append(("daySupply", JSON.argument(days)))
    } else if let current = Runway.currentFill(of: medication.fills) {
      fill.append(("daySupply", .int(current.daySupply)))
    } else {
      throw .invalidRequest(
        "\(medication.name) has no earlier fill to take the day supply from; pass --days N")
    }
    if let quantity { fill.append(("quantity", JSON.argument(quantity))) }
    return .addFill(medicationID: medication.id, fill: fill)
  }
}

extension EditSession {
  /// `med stop|hold|resume`: `medication` to `status`, stopped or held `on` (default today),
  /// held `until`, for `reason` (kept in the change log, at most 200 characters). Nil when it
  /// already is so and nothing would change: holding a held medicine again changes its hold
  /// only with a date or a reason.
  public func statusChange(
    of medication: Medication, to status: MedicationStatus, on: String?, until: String?,
    reason text: String?
  ) throws(PaperError) -> (edit: PatientEdit, reason: String?)? {
    let reason: String?
    do {
      reason = try PatientEdit.note(text ?? "", name: "--reason", max: 200)
    } catch { throw PaperError(error.description, kind: .invalidData) }
    let changesHold = status == .onHold && (on != nil || until != nil || reason != nil)
    if medication.status == status, !changesHold { return nil }
    let edit = PatientEdit.status(
      of: medication.id, status, on: on, until: until, reason: reason, today: today)
    return (edit, reason)
  }
}
