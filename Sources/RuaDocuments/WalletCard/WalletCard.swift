// SPDX-License-Identifier: Apache-2.0
public import RuaCore

/// The wallet card (ISO/IEC 7810 ID-1; `fhir-ips.md` §6): the ER sheet's first seconds, from
/// the same facts. Front: name, date of birth and age, the allergy band, the blood-thinner
/// band, implanted devices, code status and where the original is, language and interpreter.
/// Back: contacts in call order with the decision maker marked, conditions, the medicines that
/// matter most in an emergency first, the pharmacy, then "printed … · review by …". Never the
/// SSN or insurance member id. A list that does not fit is cut with a line naming how many are
/// left and that the ER sheet has them (`CardList`).
public enum WalletCard {
  public static let kind = "wallet-card"

  /// Styles the card uses; the template must define each.
  public static let styleNames = [
    "body", "strong", "muted", "label", "name", "name-sub", "heading", "band-label", "band-text",
    "band-strong", "stamp", "footer", "footer-center", "note",
  ]

  /// Builds the card.
  /// - Parameters:
  ///   - facts: `ERFacts.derive(patient:table:today:)`, as the ER sheet uses them.
  ///   - pendingReview: the card carries the "PENDING CLINICIAN REVIEW" stamp on its back.
  public static func build(
    patient: Patient, facts: ERFacts, today: CivilDate, printedAt: String, labels: Labels,
    template: Template, contentVersion: String, pendingReview: Bool, freshness: Freshness? = nil
  ) -> Document {
    let words = WalletCardWords(labels: labels)
    var back = words.back(patient, facts: facts)
    if pendingReview {
      back.append(.block(.paragraph(labels.styled(.pendingReview, style: "stamp", separator: " "))))
    }
    let chrome = DocumentChrome(
      labels: labels, template: template, printedAt: printedAt, contentVersion: contentVersion,
      freshness: freshness)
    var document = chrome.document(
      kind: kind, title: labels[.cardTitle], patient: patient,
      firstPageHeader: labels.styled(.cardTitle, style: "footer"), stamp: nil, blocks: [])
    let kept = KeptWhole.tokens(patient)
    document.card = CardFaces(
      front: KeptWhole.marked(words.front(patient, facts: facts, today: today), tokens: kept),
      back: KeptWhole.marked(back, tokens: kept),
      sheetNote: labels.styled(.cardSheetNote, style: "note", separator: " "))
    return document
  }
}

/// The card's words: the ER sheet's bands and contact entries, shorter lists.
struct WalletCardWords: DocumentWords {
  let labels: Labels

  private var er: ERSheetWords { ERSheetWords(labels: labels) }

  private func more(_ plural: LabelKey, _ singular: LabelKey, style: String) -> TableOverflowNote {
    TableOverflowNote(format: labels[plural], singular: labels[singular], style: style)
  }

  func front(_ patient: Patient, facts: ERFacts, today: CivilDate) -> [CardPart] {
    var born = born(patient, today: today)
    if let preferred = patient.preferredName {
      born += "   \(labels[.preferredName]) “\(preferred)”"
    }
    var parts: [CardPart] = [
      .block(.heading(level: 1, run(patient.fullName, "name"))),
      .block(.paragraph(run(born, "name-sub"))),
    ]
    if case .listed(let allergies) = facts.allergies {
      parts.append(
        .list(
          CardList(
            shape: .band(.danger, label: label(.allergies, "band-label")),
            items: allergies.map { ListItem(marker: .empty, text: allergy($0)) },
            more: more(.cardMoreAllergies, .cardMoreAllergy, style: "band-strong"), keep: 3,
            yieldOrder: 3)))
    } else {
      parts.append(.block(allergyBand(facts.allergies)))
    }
    if !facts.bloodThinners.isEmpty {
      parts.append(
        .block(
          band(
            .danger, .bloodThinner,
            er.flagged(facts.bloodThinners, withClasses: false, today: facts.today))))
    }
    if !patient.devices.isEmpty {
      let devices = patient.devices.map { device in
        ListItem(
          marker: .empty,
          text: run(device.name, "band-strong")
            + run(device.details.map { " — \($0)" } ?? "", "band-text"))
      }
      parts.append(
        .list(
          CardList(
            shape: .band(.warning, label: label(.devicesBand, "band-label")), items: devices,
            more: more(.cardMoreDevices, .cardMoreDevice, style: "band-strong"), keep: 1,
            yieldOrder: 2)))
    }
    parts.append(.block(band(.info, .codeStatus, er.codeStatus(facts.codeStatus))))
    let interpreter: StyledText
    switch patient.interpreterNeeded {
    case true: interpreter = run(labels[.interpreterNeeded], "strong")
    case false: interpreter = run(labels[.interpreterNotNeeded])
    case nil: interpreter = run(labels[.notRecorded], "muted")
    }
    parts.append(
      .block(
        .paragraph(
          run(labels[.language] + " ", "label") + run(languageName(patient.language), "strong")
            + run("  ·  ") + run(labels[.interpreter] + " ", "label") + interpreter)))
    if !patient.conditions.isEmpty {
      let items = patient.conditions.map {
        ListItem(marker: .empty, text: run($0.name, "strong"))
      }
      parts.append(
        .list(
          CardList(
            shape: .inline(label: label(.conditions, "label")), items: items,
            more: more(.cardMoreConditions, .cardMoreCondition, style: "strong"), keep: 1,
            yieldOrder: 1)))
    }
    return parts
  }

  func back(_ patient: Patient, facts: ERFacts) -> [CardPart] {
    var parts: [CardPart] = []
    let contacts = label(.contacts, "heading")
    if patient.contacts.isEmpty {
      parts += [.block(.heading(level: 3, contacts)), .block(empty(.emptyContacts))]
    } else {
      parts.append(
        .list(
          CardList(
            shape: .list(heading: contacts), items: er.contactItems(patient),
            more: more(.cardMoreContacts, .cardMoreContact, style: "strong"), keep: 2,
            yieldOrder: 2)))
    }
    let medicines = label(.cardMedicines, "heading")
    if facts.currentMedications.isEmpty {
      parts += [.block(.heading(level: 3, medicines)), .block(empty(.emptyMedications))]
    } else {
      let flagged = Set(
        (facts.bloodThinners + facts.antiplatelets + facts.otherHighAlert).map(\.medication.id))
      let items = ERSheetWords.emergencyOrder(facts).map { medication in
        ListItem(
          marker: run(flagged.contains(medication.id) ? "!" : "•", "strong"),
          text: medicine(medication, today: facts.today))
      }
      parts.append(
        .list(
          CardList(
            shape: .list(heading: medicines), items: items,
            more: more(.cardMoreMedicines, .cardMoreMedicine, style: "strong"),
            keep: max(flagged.count, 1), yieldOrder: 0)))
    }
    if let pharmacy = patient.pharmacy {
      parts.append(
        .block(
          .paragraph(
            run(labels[.pharmacy] + ": ", "label") + run(pharmacy.name, "strong")
              + run(pharmacy.phone.map { " · " + $0 } ?? "", "strong"))))
    }
    return parts
  }

  /// "apixaban 5 mg — 1 tablet, morning, evening (on hold)".
  private func medicine(_ medication: Medication, today: CivilDate) -> StyledText {
    var text = run(medication.name, "strong")
    if let strength = medication.strength { text = text + run(" " + strength) }
    var how: [String] = []
    if let dose = medication.dose { how.append(dose) }
    if medication.asNeeded {
      how.append(labels[.asNeeded])
    } else if !medication.times.isEmpty {
      how.append(medication.times.sorted().map(time).joined(separator: ", "))
    }
    if !how.isEmpty { text = text + run(" — " + how.joined(separator: ", "), "muted") }
    if medication.status == .onHold {
      text = text + run(" " + holdMark(medication, today: today), "strong")
    }
    return text
  }
}
