// SPDX-License-Identifier: Apache-2.0
import RuaCore

extension ERSheetWords {
  /// Name with the date of birth and age beside it, large (the two identifiers a clinician
  /// matches first), the name they answer to, then a strip of identifying facts.
  func identity(_ patient: Patient, today: CivilDate) -> [Block] {
    let born = born(patient, today: today)
    var name = run(patient.fullName, "name") + run(nameGap + born, "name-sub")
    if let preferred = patient.preferredName {
      name = name + goesBy(preferred, style: "preferred", lead: nameGap)
    }
    // Last, on its own line, so it never shares a line (and a direction) with the rest.
    if let english = bornInEnglish(patient, today: today, style: "name-sub") {
      name = name + run("\n", "name-sub") + english
    }
    let sex: StyledText
    switch patient.sex {
    case .female: sex = value(.sexFemale)
    case .male: sex = value(.sexMale)
    case .other: sex = value(.sexOther)
    case .unknown: sex = value(.sexUnknown)
    case nil: sex = value(.notRecorded)
    }
    var weight = patient.weightKg.map { run(decimal($0) + " kg") } ?? value(.notRecorded)
    if let height = patient.heightCm { weight = weight + run(" · " + decimal(height) + " cm") }
    let interpreter: StyledText
    switch patient.interpreterNeeded {
    case true: interpreter = value(.interpreterNeeded, "strong")
    case false: interpreter = value(.interpreterNotNeeded)
    case nil: interpreter = value(.notRecorded, "muted")
    }
    // One line of label–value pairs: the strip is read across, and a line saves room for
    // the medicines on page 1.
    let facts: [(LabelKey, StyledText)] = [
      (.sex, sex), (.weight, weight),
      (.language, languageName(patient.language, style: "strong")), (.interpreter, interpreter),
    ]
    let strip = joined(
      facts.map { key, value in
        Labels.pair(
          labels[key] + " ", labels.second.map { $0[key] + " " }, style: "label", separator: " ")
          + value
      }, separator: "   ·   ")
    return [.heading(level: 1, name), .paragraph(strip)]
  }

  /// The alert bands: allergies, blood thinners, other high-alert medicines, implanted
  /// devices, other alerts, code status (clinical reference §2, order on the page).
  func alerts(_ facts: ERFacts, patient: Patient) -> [Block] {
    var bands: [Block] = [allergyBand(facts.allergies)]
    if !facts.bloodThinners.isEmpty {
      bands.append(
        band(
          .danger, .bloodThinner,
          flagged(facts.bloodThinners, withClasses: false, today: facts.today)))
    }
    if !facts.antiplatelets.isEmpty {
      let text =
        value(.antiplateletText, "band-text", trail: " ")
        + flagged(facts.antiplatelets, withClasses: false, today: facts.today)
      bands.append(band(.warning, .antiplatelet, text))
    }
    let together = facts.bloodThinnersTogether
    if !together.isEmpty {
      let text =
        value(.twoBloodThinnersText, "band-text", trail: " ")
        + flagged(together, withClasses: false, today: facts.today)
      bands.append(band(.warning, .checkPharmacist, text))
    }
    if !facts.otherHighAlert.isEmpty {
      bands.append(
        band(
          .warning, .highAlert, flagged(facts.otherHighAlert, withClasses: true, today: facts.today)
        ))
    }
    if !patient.devices.isEmpty {
      let devices = patient.devices.map { device in
        run(device.name, "band-strong") + run(device.details.map { " — \($0)" } ?? "", "band-text")
      }
      bands.append(
        band(.warning, .devicesBand, joined(devices, separator: ";  ", style: "band-text")))
    }
    if !patient.alerts.isEmpty {
      let alerts = patient.alerts.map { run($0, "band-strong") }
      bands.append(
        band(.warning, .otherAlertsBand, joined(alerts, separator: ";  ", style: "band-text")))
    }
    bands.append(band(.info, .codeStatus, codeStatus(facts.codeStatus)))
    return bands
  }

  func flagged(
    _ medications: [ERFacts.FlaggedMedication], withClasses: Bool, today: CivilDate
  ) -> StyledText {
    let items = medications.map { item -> StyledText in
      var text = run(item.name, "band-strong")
      var details: [StyledText] = []
      if let strength = item.medication.strength { details.append(run(strength, "band-text")) }
      if withClasses {
        // "methotrexate (2.5 mg)", not "(2.5 mg, methotrexate)": a class named as the
        // medicine itself says nothing more. Bilingual, a class the name already says in
        // English keeps only the family's word: "insulin glargine (100 units/mL, إنسولين)",
        // not "(…, إنسولين / insulin)".
        let name = item.medication.name.lowercased()
        func named(_ drugClass: DrugClass, _ language: String?) -> Bool {
          language.map { name.contains(drugClass.label(locale: $0).lowercased()) } ?? false
        }
        details += item.classes.filter { !named($0, labels.language) }.map {
          named($0, labels.second?.language)
            ? run($0.label(locale: labels.language), "band-text")
            : className($0, style: "band-text")
        }
      }
      var inside = joined(details, separator: ", ", style: "band-text")
      if item.medication.status == .onHold {
        // One bracket: "aspirin (81 mg; on hold until Nov 5, 2026)", not "aspirin (on hold
        // until Nov 5, 2026) (81 mg)"; a hold alone keeps its own ("aspirin (on hold)").
        if details.isEmpty {
          text = text + holdMark(item.medication, today: today, style: "band-strong", lead: " ")
        } else {
          inside =
            inside + run("; ", "band-text")
            + worded("band-strong") {
              Self.unbracketed(holdMark(item.medication, today: today, in: $0))
            }
        }
      }
      if !details.isEmpty { text = text + run(" (", "band-text") + inside + run(")", "band-text") }
      return text
    }
    return joined(items, separator: ";  ", style: "band-text")
  }

  /// A mark without the brackets it is printed in alone ("(on hold)", "（暂停）").
  static func unbracketed(_ mark: String) -> String {
    for (open, close) in [("(", ")"), ("（", "）")] as [(Character, Character)]
    where mark.first == open && mark.last == close {
      return String(mark.dropFirst().dropLast())
    }
    return mark
  }

  func codeStatus(_ status: ERFacts.CodeStatus) -> StyledText {
    joined(codeStatusParts(status), separator: " — ", style: "band-text")
  }

  /// The code status, then the directive's summary and where it is kept (the wallet card
  /// may cut those two for room; the status is never cut).
  func codeStatusParts(_ status: ERFacts.CodeStatus) -> [StyledText] {
    switch status {
    case .noneOnFile:
      return [value(.codeStatusNone, "band-text")]
    case .onFile(let status, let summary, let location):
      var parts: [StyledText] = []
      // A directive without a recorded status must not read as if it were the status.
      // A long status is the family's note: a full wallet card may cut it past its first
      // words (`CardList.wholeWords`).
      parts.append(
        status.map { run($0, "band-strong").shortening() }
          ?? value(.codeStatusNotRecorded, "band-strong"))
      if let summary { parts.append(run(summary, "band-text")) }
      if let location {
        parts.append(introduced(.directiveKeptAt, "location", location, style: "band-text"))
      }
      return parts
    }
  }

  /// Current medications in document order; as-needed and on-hold ones are marked in words.
  func medications(_ facts: ERFacts) -> [Block] {
    let title = heading(.medications)
    guard !facts.currentMedications.isEmpty else { return [title, empty(.emptyMedications)] }
    let columns: [(LabelKey, Double)] = [
      (.columnMedication, 2.4), (.columnStrength, 1.2), (.columnDose, 1.0), (.columnSchedule, 2.8),
      (.columnNotes, 2.5),
    ]
    let rows = Self.emergencyOrder(facts).map { medicationRow($0, today: facts.today) }
    // Bilingual, the English follows ("دواءان آخران: انظر الصفحة 2 / 2 more medicines: see
    // page 2"): a pointer the sheet prints is readable in both languages, as on the card.
    let note = TableOverflowNote(
      format: labels.forms(.moreMedicines), style: "strong",
      second: labels.second?.forms(.moreMedicines))
    return [
      title,
      .table(
        Table(
          columns: columns.map { TableColumn(header: label($0.0, "th"), weight: $0.1) },
          rows: rows, overflowNote: note)),
    ]
  }

  /// The medicines that matter most in an emergency first, so they are the ones on page 1:
  /// anticoagulants, antiplatelets, other high-alert medicines, then the rest, each group in
  /// document order.
  static func emergencyOrder(_ facts: ERFacts) -> [Medication] {
    let groups = [facts.bloodThinners, facts.antiplatelets, facts.otherHighAlert].map {
      Set($0.map(\.medication.id))
    }
    let rank = { (medication: Medication) in
      groups.firstIndex { $0.contains(medication.id) } ?? groups.count
    }
    return facts.currentMedications.enumerated().sorted { a, b in
      (rank(a.element), a.offset) < (rank(b.element), b.offset)
    }.map(\.element)
  }

  private func medicationRow(_ medication: Medication, today: CivilDate) -> [StyledText] {
    var name = run(medication.name, "strong")
    if let brand = medication.brand { name = name + run(" (\(brand))", "muted") }
    if medication.status == .onHold { name = name + value(.onHold, "strong", lead: "  ") }
    var form: [String] = []
    if let dose = medication.dose { form.append(dose) }
    if let route = medication.route { form.append(route) }
    var when: [StyledText] = []
    if let schedule = medication.schedule { when.append(run(schedule)) }
    if !medication.times.isEmpty {
      when.append(times(medication, style: "body"))
    }
    if medication.asNeeded {
      var asNeeded = value(.asNeeded, "strong")
      if let reason = medication.asNeededReason {
        asNeeded = asNeeded + introduced(.asNeededFor, "reason", reason, style: "body", lead: " ")
      }
      when.insert(asNeeded, at: 0)
    }
    if let max = medication.maxPerDay {
      when.append(worded("body") { $0.format(.maxPerDay, ["max": max]) })
    }
    var notes: [StyledText] = []
    // The hold first: since when, until when, why; then the instruction for when resumed.
    if let hold = holdText(medication, today: today, style: "strong") { notes.append(hold) }
    if let purpose = medication.purpose { notes.append(run(purpose)) }
    // Safety instructions in the primary colour, never grey.
    if let instructions = instructions(medication, style: "body") { notes.append(instructions) }
    return [
      name, run(medication.strength ?? ""), run(form.joined(separator: ", ")),
      joined(when, separator: "; "), clauses(notes, style: "body"),
    ]
  }
}
