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

  /// A code status of up to this many words is the status itself, never cut ("DNR / DNI",
  /// "Full code", "Do not resuscitate"); a longer one is a note that keeps these first.
  public static let statusWords = 4

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

  /// Bilingual, a label and its English on one line ("ALERGIAS / ALLERGIES"): the face
  /// cannot grow, and a line of its own for each English label cost the card its lists.
  func label(_ key: LabelKey, _ style: String = "body") -> StyledText {
    labels.styled(key, style: style, separator: " / ")
  }

  /// The severe allergies, then the others, each in the record's order.
  static func severeFirst(_ allergies: [Allergy]) -> [Allergy] {
    allergies.filter { $0.severity == .severe } + allergies.filter { $0.severity != .severe }
  }

  private func more(_ key: LabelKey, style: String) -> TableOverflowNote {
    // Bilingual, the English follows: a value the card prints is readable in both.
    TableOverflowNote(format: labels.forms(key), style: style, second: labels.second?.forms(key))
  }

  func front(_ patient: Patient, facts: ERFacts, today: CivilDate) -> [CardPart] {
    var born = run(born(patient, today: today), "name-sub")
    if let preferred = patient.preferredName {
      born = born + goesBy(preferred, style: "name-sub", lead: "   ")
    }
    // Bilingual, the date of birth and age in English on a line of their own, as on the sheet.
    if let english = bornInEnglish(patient, today: today, style: "name-sub") {
      born = born + run("\n", "name-sub") + english
    }
    var parts: [CardPart] = [
      .block(.heading(level: 1, run(patient.fullName, "name"))),
      .block(.paragraph(born)),
    ]
    if case .listed(let allergies) = facts.allergies {
      parts.append(
        .list(
          CardList(
            shape: .band(.danger, label: label(.allergies, "band-label")),
            // Severe ones first, so a cut list keeps them; and never none: a card with an
            // empty allergy band reads as "no allergies" to whoever finds it.
            items: Self.severeFirst(allergies).map { ListItem(marker: .empty, text: allergy($0)) },
            more: more(.cardMoreAllergies, style: "band-strong"), keep: 3,
            yieldOrder: 3, minimum: 1, shortenedNote: label(.cardShortened, "band-text"))))
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
            more: more(.cardMoreDevices, style: "band-strong"), keep: 1,
            yieldOrder: 2)))
    }
    // The directive's summary and where it is kept give way before the allergies do.
    let status = er.codeStatusParts(facts.codeStatus)
    parts.append(
      .list(
        CardList(
          shape: .band(.info, label: label(.codeStatus, "band-label")),
          items: status.map { ListItem(marker: .empty, text: $0) },
          more: more(.cardMoreDirective, style: "band-text"), keep: 1,
          yieldOrder: 2, separator: " — ", minimum: 1,
          shortenedNote: label(.cardShortened, "band-text"), wholeWords: WalletCard.statusWords)))
    let interpreter: StyledText
    switch patient.interpreterNeeded {
    case true: interpreter = value(.interpreterNeeded, "strong")
    case false: interpreter = value(.interpreterNotNeeded)
    case nil: interpreter = value(.notRecorded, "muted")
    }
    parts.append(
      .block(
        .paragraph(
          inline(.language, "label", colon: false) + languageName(patient.language, style: "strong")
            + run("  ·  ") + inline(.interpreter, "label", colon: false) + interpreter)))
    if !patient.conditions.isEmpty {
      let items = patient.conditions.map {
        ListItem(marker: .empty, text: run($0.name, "strong"))
      }
      parts.append(
        .list(
          CardList(
            shape: .inline(label: label(.conditions, "label")), items: items,
            more: more(.cardMoreConditions, style: "strong"), keep: 1,
            yieldOrder: 1)))
    }
    return parts
  }

  func back(_ patient: Patient, facts: ERFacts) -> [CardPart] {
    var parts: [CardPart] = []
    // The short heading ("Emergency contacts"): the entries are numbered in call order, and
    // the sheet's "— call in this order" cost a crowded bilingual back the front's last line.
    let contacts = label(.cardContacts, "heading")
    if patient.contacts.isEmpty {
      parts += [.block(.heading(level: 3, contacts)), .block(empty(.emptyContacts))]
    } else {
      // Never below the first contact: a back of only "+ 2 more contacts: see the ER sheet"
      // names nobody to call.
      parts.append(
        .list(
          CardList(
            shape: .list(heading: contacts), items: er.contactItems(patient),
            more: more(.cardMoreContacts, style: "strong"), keep: 2,
            yieldOrder: 2, minimum: 1)))
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
            more: more(.cardMoreMedicines, style: "strong"),
            keep: max(flagged.count, 1), yieldOrder: 0)))
    }
    if let pharmacy = patient.pharmacy {
      // Cut to its pointer last of all, when a crowded front's language and interpreter line
      // needs the room: the ER sheet has the pharmacy, and the first seconds need the
      // interpreter more.
      let entry = ListItem(
        marker: .empty,
        text: inline(.pharmacy, "label") + run(pharmacy.name, "strong")
          + run(pharmacy.phone.map { " · " + $0 } ?? "", "strong"))
      parts.append(
        .list(
          CardList(
            shape: .inline(label: .empty), items: [entry],
            more: more(.cardMorePharmacy, style: "strong"), keep: 1,
            yieldOrder: 3)))
    }
    return parts
  }

  /// "apixaban 5 mg — 1 tablet, morning, evening (on hold)".
  private func medicine(_ medication: Medication, today: CivilDate) -> StyledText {
    var text = run(medication.name, "strong")
    if let strength = medication.strength { text = text + run(" " + strength) }
    // The dose as recorded; when it is taken in both languages when bilingual.
    var when: StyledText?
    if medication.asNeeded {
      when = value(.asNeeded, "muted")
    } else if !medication.times.isEmpty {
      when = times(medication, style: "muted")
    }
    let dose = medication.dose.map { run($0, "muted") }
    let how = [dose, when].compactMap { $0 }
    if !how.isEmpty {
      text = text + run(" — ", "muted") + joined(how, separator: ", ", style: "muted")
    }
    if medication.status == .onHold {
      text = text + holdMark(medication, today: today, style: "strong", lead: " ")
    }
    return text
  }
}
