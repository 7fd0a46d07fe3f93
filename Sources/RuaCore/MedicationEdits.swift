// SPDX-License-Identifier: Apache-2.0
/// The medicine edits of `med stop|hold|resume` and `med add`, built from the values a user
/// gave (as `JSON.argument`, so a bad date meets the rule it breaks), and the option each
/// JSON key came from, so a refusal names the option.
extension PatientEdit {
  /// A stop dated `on` (default `today`), a hold from `on` (default `today`) until `until`
  /// for `reason`, or a resume (no date).
  public static func status(
    of medicationID: String, _ status: MedicationStatus, on: String?, until: String?,
    reason: String?, today: CivilDate
  ) -> PatientEdit {
    let stopped = status == .stopped ? JSON.argument(on ?? today.iso) : nil
    var hold: JSON?
    if status == .onHold {
      var members: [(key: String, value: JSON)] = [("since", JSON.argument(on ?? today.iso))]
      if let until { members.append(("until", JSON.argument(until))) }
      if let reason { members.append(("reason", .string(reason))) }
      hold = .object(members)
    }
    return .setStatus(medicationID: medicationID, status, stoppedDate: stopped, hold: hold)
  }

  /// The option behind each key of a status edit.
  public static let statusOptions = [
    "stoppedDate": "--on", "since": "--on", "until": "--until", "reason": "--reason",
  ]

  /// The text members of a new medicine; each is given with the option of its name.
  public static let newMedicationTexts = [
    "name", "brand", "strength", "dose", "schedule", "purpose",
  ]

  /// A new medicine with the id `id` (else one made from its name, unused among `taken`):
  /// `texts` by key (absent keys written empty, so the rules name them), `times` as given,
  /// separated by commas.
  public static func newMedication(
    id: String?, texts: [String: String], times: String?, asNeeded: Bool, taken: [String]
  ) -> (id: String, edit: PatientEdit) {
    let id = id ?? MedicationID.make(texts["name"] ?? "", taken: taken)
    var medication: [(key: String, value: JSON)] = [("id", .string(id))]
    for key in newMedicationTexts { medication.append((key, .string(texts[key] ?? ""))) }
    if let times {
      let slots = times.split(separator: ",", omittingEmptySubsequences: false)
      medication.append(("times", .array(slots.map { .string(String($0)) })))
    }
    if asNeeded { medication.append(("asNeeded", .bool(true))) }
    return (id, .addMedication(medication))
  }

  /// The option behind each key of a new medicine.
  public static var newMedicationOptions: [String: String] {
    var options = Dictionary(uniqueKeysWithValues: newMedicationTexts.map { ($0, "--" + $0) })
    options["times"] = "--times"
    options["id"] = "--id"
    return options
  }
}
