// SPDX-License-Identifier: Apache-2.0
import RuaCore
public import RuaStore

extension EditSession {
  /// What removing the patient takes with it, one phrase per kind of thing the record holds:
  /// "5 medicines (7 fills)", "2 allergies", "3 contacts"; empty for a record with a name
  /// and a date of birth only.
  public var removalContents: [String] {
    func count(_ number: Int, _ one: String, _ many: String) -> String? {
      number == 0 ? nil : "\(number) \(number == 1 ? one : many)"
    }
    let fills = patient.medications.reduce(0) { $0 + $1.fills.count }
    var medicines = count(patient.medications.count, "medicine", "medicines")
    if let text = medicines, let fillText = count(fills, "fill", "fills") {
      medicines = text + " (\(fillText))"
    }
    let directive = patient.advanceDirective == nil ? nil : "the advance directive's note"
    return [
      medicines,
      count(patient.allergies.count, "allergy", "allergies"),
      count(patient.conditions.count, "condition", "conditions"),
      count(patient.contacts.count, "contact", "contacts"),
      count(patient.careTeam.count, "care-team member", "care-team members"),
      patient.pharmacy == nil ? nil : "the pharmacy",
      count(patient.devices.count, "device", "devices"),
      patient.baseline == nil ? nil : "the baseline",
      directive,
    ].compactMap { $0 }
  }

  /// Removes the patient and everything of theirs from the store in one transaction, one
  /// change-log row per row (command "patient remove"); with `dryRun`, only plans it. The
  /// access log keeps its rows about the patient (it is append-only and hash-chained, so
  /// `log verify` still passes); the documents already printed stay in it by the patient's id.
  public func removePatient(dryRun: Bool) throws(PaperError) -> [PlannedChange] {
    let origin = ChangeOrigin(command: "patient remove", actor: ChangeActor.current())
    if !dryRun { TestPause.at("commit", host) }
    return try StoreAccess.perform { () throws(StoreError) in
      try store.removePatient(expecting: patient, origin: origin, now: host.now, dryRun: dryRun)
    }
  }
}

extension [PlannedChange] {
  /// How many rows each table loses or gains, tables in the order they first come
  /// (`medications 4, fills 6`), as `patient remove` reports them.
  public var rowsPerTable: [(table: String, rows: Int)] {
    var counts: [(table: String, rows: Int)] = []
    for change in self {
      if let index = counts.firstIndex(where: { $0.table == change.table }) {
        counts[index].rows += 1
      } else {
        counts.append((change.table, 1))
      }
    }
    return counts
  }
}
