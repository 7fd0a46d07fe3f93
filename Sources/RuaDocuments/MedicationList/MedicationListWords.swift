// SPDX-License-Identifier: Apache-2.0
import RuaCore

/// Turns the record into the medication list's blocks.
struct MedicationListWords: DocumentWords {
  let labels: Labels
  let table: DrugClassTable
  let today: CivilDate
  /// The large-print layout (fewer columns).
  var large = false

  func section(_ id: String, patient: Patient, listed: [Medication]) -> [Block] {
    switch id {
    case "identity": return identity(patient)
    case "allergies":
      return [allergyBand(ERFacts.derive(patient: patient, table: table, today: today).allergies)]
    case "scheduled": return scheduled(listed.filter { !$0.asNeeded })
    case "asNeeded": return asNeeded(listed.filter(\.asNeeded))
    case "review": return review()
    default: return []
    }
  }

  /// Name, then date of birth and age, the "as of" date and the two phones to call.
  func identity(_ patient: Patient) -> [Block] {
    var name = run(patient.fullName, "name")
    if let preferred = patient.preferredName {
      name = name + goesBy(preferred, style: "preferred", lead: "   ")
    }
    let primary = patient.careTeam.first(where: Self.isPrimaryCare)
    let primaryText =
      primary.map { member in
        joined([
          run(member.name), member.phone.map { run($0, "strong") } ?? value(.notRecorded, "strong"),
        ])
      } ?? value(.notRecorded, "muted")
    let pharmacyText =
      patient.pharmacy.map { pharmacy in
        joined([
          run(pharmacy.name),
          pharmacy.phone.map { run($0, "strong") } ?? value(.notRecorded, "strong"),
        ])
      } ?? value(.notRecorded, "muted")
    let columns: [(LabelKey, Double, StyledText)] = [
      (.dateOfBirth, 1.0, date(patient.dateOfBirth, style: "strong")),
      (
        .age, 0.6,
        worded("body") {
          $0.format(.ageValue, count: patient.dateOfBirth.age(on: today), as: "years")
        }
      ),
      (.medsAsOfColumn, 0.9, date(today, style: "strong")),
      (.medsPrimaryCare, 2.0, primaryText),
      (.pharmacy, 2.0, pharmacyText),
    ]
    let strip = Table(
      columns: columns.map { TableColumn(header: label($0.0, "label"), weight: $0.1) },
      rows: [columns.map(\.2)])
    return [.heading(level: 1, name), .table(strip)]
  }

  /// A care-team member whose role says primary care ("primary care", "PCP", "GP").
  static func isPrimaryCare(_ member: CareTeamMember) -> Bool {
    guard let role = member.role?.lowercased() else { return false }
    return role.contains("primary") || role.contains("primaria") || role.contains("cabecera")
      || role == "pcp" || role == "gp" || role.contains("family")
  }

  func review() -> [Block] {
    [
      heading(.medsReviewTitle), .paragraph(run(labels[.medsBringList])),
      .paragraph(label(.medsReviewedBy, "strong")),
    ]
  }

  /// The medication's name, brand, strength and form; on hold said in words.
  func nameCell(_ medication: Medication) -> StyledText {
    var text = run(medication.name, "cell-strong")
    if let brand = medication.brand { text = text + run(" (\(brand))", "cell-muted") }
    let form = [medication.strength, medication.form].compactMap { $0 }.joined(separator: " ")
    if !form.isEmpty { text = text + run("\n" + form, "cell") }
    if medication.status == .onHold {
      text = text + value(.onHold, "cell-strong", lead: "\n")
    }
    return text
  }

  /// The flag codes ("BT HA"), in flag order; when bilingual the English codes under them.
  func flagsCell(_ medication: Medication) -> StyledText {
    let flags = table.flags(for: medication)
    return worded("flag", separator: "\n") { labels in
      flags.map { code($0, in: labels) }.joined(separator: " ")
    }
  }

  func code(_ flag: MedicationFlag) -> String { code(flag, in: labels) }

  func code(_ flag: MedicationFlag, in labels: Labels) -> String {
    switch flag {
    case .anticoagulant: return labels[.flagBloodThinner]
    case .antiplatelet: return labels[.flagAntiplatelet]
    case .highAlert: return labels[.flagHighAlert]
    case .fallRisk: return labels[.flagFallRisk]
    }
  }

  /// Dose, route when it is not by mouth, and the schedule in words.
  func doseCell(_ medication: Medication) -> StyledText {
    var parts: [StyledText] = []
    if let dose = medication.dose { parts.append(run(dose, "cell-strong")) }
    if let route = medication.route, !Self.isOral(route) { parts.append(run(route, "cell")) }
    var text = joined(parts, separator: ", ", style: "cell")
    if let schedule = medication.schedule {
      text = text + run((text.isEmpty ? "" : "\n") + schedule, "cell")
    }
    if medication.status == .onHold {
      text =
        text
        + worded("cell-strong", separator: "\n", lead: text.isEmpty ? "" : "\n") {
          $0[.medsOnHoldDose]
        }
    }
    return text
  }

  static func isOral(_ route: String) -> Bool {
    ["oral", "by mouth", "po", "p.o.", "mouth", "por boca", "vía oral", "via oral"].contains(
      route.lowercased())
  }

  /// Purpose in plain words, then special instructions.
  func purposeCell(_ medication: Medication) -> StyledText {
    var text = run(medication.purpose ?? "", "cell")
    // A held medicine's hold (since, until, why) before what it is for.
    if let hold = holdText(medication, today: today, style: "cell-strong") {
      text = hold + run(text.isEmpty ? "" : "\n", "cell") + text
    }
    // Safety instructions ("hold if pulse under 55", "do not crush") in the primary colour.
    if let instructions = instructions(medication, style: "cell", lead: text.isEmpty ? "" : "\n") {
      text = text + instructions
    }
    return text
  }

  /// The date of the fill the forecast uses and its day supply.
  func lastFillCell(_ runway: Runway) -> StyledText {
    guard let fill = runway.currentFill else { return value(.medsNoFill, "cell-muted") }
    return date(fill.fillDate, style: "cell")
      + worded("cell-muted", separator: "\n", lead: "\n") {
        $0.format(.medsDaySupply, count: fill.daySupply, as: "days")
      }
  }
}
