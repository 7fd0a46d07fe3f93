// SPDX-License-Identifier: Apache-2.0
/// `rua-paper meds`: the medication runway of one patient as JSON or as a text table.
///
/// Listed medications only (active and on-hold), in document order.
public enum MedsReport {
  public static func json(patient: Patient, table: DrugClassTable, today: CivilDate) -> JSON {
    var person: [(key: String, value: JSON)] = [
      ("id", .string(patient.id)), ("fullName", .string(patient.fullName)),
    ]
    if let preferred = patient.preferredName {
      person.append(("preferredName", .string(preferred)))
    }
    person += [
      ("dateOfBirth", .string(patient.dateOfBirth.iso)),
      ("age", .int(patient.dateOfBirth.age(on: today))),
    ]
    let medications = Runway.documentOrder(patient.medications, today: today).map {
      medicationJSON($0, table: table, today: today)
    }
    return .object([
      ("patient", .object(person)),
      ("today", .string(today.iso)),
      ("medications", .array(medications)),
      (
        "drugClasses",
        .object([
          ("contentVersion", .string(table.contentVersion)),
          ("reviewed", .bool(table.isReviewed)),
        ])
      ),
    ])
  }

  private static func medicationJSON(
    _ medication: Medication, table: DrugClassTable, today: CivilDate
  )
    -> JSON
  {
    let runway = Runway.evaluate(medication, today: today)
    // A held medicine is not being taken down: no run-out date and no days left, or a script
    // would read "overdue". Its last fill stays, a fact.
    let running = medication.status == .onHold ? nil : runway
    func optional(_ text: String?) -> JSON { text.map(JSON.string) ?? .null }
    return .object([
      ("id", .string(medication.id)),
      ("name", .string(medication.name)),
      ("brand", optional(medication.brand)),
      ("strength", optional(medication.strength)),
      ("medicationStatus", .string(medication.status.rawValue)),
      ("status", .string(verdict(medication, runway))),
      ("runOutDate", optional(running?.runOutDate?.iso)),
      ("daysRemaining", running?.daysRemaining.map(JSON.int) ?? .null),
      ("lastFillDate", optional(runway.currentFill?.fillDate.iso)),
      ("daySupply", runway.currentFill.map { .int($0.daySupply) } ?? .null),
      ("hold", holdJSON(medication, today: today)),
      ("flags", .array(table.flags(for: medication).map { .string($0.rawValue) })),
      ("classes", .array(table.classes(for: medication).map { .string($0.id) })),
    ])
  }

  /// A held medicine's hold: `since`, `until` and `reason` (null when not recorded), and
  /// `dueToEnd` (true once `until` has passed: check with the prescriber). Null when not held.
  private static func holdJSON(_ medication: Medication, today: CivilDate) -> JSON {
    guard medication.status == .onHold else { return .null }
    let hold = medication.hold ?? MedicationHold()
    return .object([
      ("since", hold.since.map { .string($0.iso) } ?? .null),
      ("until", hold.until.map { .string($0.iso) } ?? .null),
      ("reason", hold.reason.map(JSON.string) ?? .null),
      ("dueToEnd", .bool(hold.dueToEnd(today: today) != nil)),
    ])
  }

  /// A plain table for a terminal: one line per medication, most urgent first.
  public static func text(patient: Patient, table: DrugClassTable, today: CivilDate) -> String {
    var out = "\(patient.fullName), born \(patient.dateOfBirth.iso) (age "
    out += "\(patient.dateOfBirth.age(on: today))), as of \(today.iso)\n"
    let medications = Runway.documentOrder(patient.medications, today: today)
    if medications.isEmpty { return out + "No current medications recorded.\n" }
    let rows: [[String]] = medications.map { medication in
      let runway = Runway.evaluate(medication, today: today)
      var name = medication.name
      if let strength = medication.strength { name += " " + strength }
      let held = medication.status == .onHold
      if held { name += ", " + (medication.hold ?? MedicationHold()).summary(today: today) }
      return [
        verdict(medication, runway), held ? "-" : runway.runOutDate?.iso ?? "-",
        held ? "-" : runway.daysRemaining.map(String.init) ?? "-", name,
        table.flags(for: medication).map(\.rawValue).joined(separator: ", "),
      ]
    }
    let header = ["status", "runs out", "days", "medication", "flags"]
    let widths = (0..<header.count).map { column in
      ([header] + rows).map { $0[column].count }.max() ?? 0
    }
    for row in [header] + rows {
      var line = ""
      for (column, cell) in row.enumerated() {
        let isLast = column == row.count - 1
        // Days are right-aligned so signs and digits line up.
        let padding = String(repeating: " ", count: widths[column] - cell.count)
        line += column == 2 ? padding + cell : cell + (isLast ? "" : padding)
        if !isLast { line += "  " }
      }
      out += trimmingTrailingSpaces(line) + "\n"
    }
    return out
  }

  /// The refill verdict: `on-hold` for a held medicine (it is not being given, so "overdue"
  /// would ask for a refill nobody needs), else the runway status. The arithmetic is the same.
  public static func verdict(_ medication: Medication, _ runway: Runway) -> String {
    medication.status == .onHold ? "on-hold" : runway.status.rawValue
  }

  private static func trimmingTrailingSpaces(_ line: String) -> String {
    var line = line
    while line.last == " " { line.removeLast() }
    return line
  }
}
