// SPDX-License-Identifier: Apache-2.0
import RuaCore

/// Turns the guide's content blocks and the record into the fall guide's blocks.
struct FallGuideWords: DocumentWords {
  let labels: Labels
  let patient: Patient
  let facts: ERFacts
  let content: ContentFile
  /// The guide in the second language when bilingual: its titles and headings are printed
  /// after the family's, smaller (the same block ids in every language).
  var secondContent: ContentFile? = nil

  var contentFacts: ContentFacts {
    ContentFacts(
      onBloodThinner: facts.isOnBloodThinner, hasFallRiskMedicines: !facts.fallRisk.isEmpty,
      onAntiplatelet: !facts.antiplatelets.isEmpty,
      onBloodSugarLowering: facts.isOnBloodSugarLowering)
  }

  /// What the placeholders stand for, as plain text.
  /// Every anticoagulant and antiplatelet is named (dual therapy bleeds more), each held one
  /// marked "(on hold)". Antiplatelets alone are named as the record and the pharmacy label
  /// name them, "clopidogrel (Plavix)", so the family knows which medicine is meant.
  var values: [String: String] { values(in: labels) }

  /// The same worded in `labels` (the second language's guide says them in its own words).
  func values(in labels: Labels) -> [String: String] {
    let mark = { (item: ERFacts.FlaggedMedication) in
      item.medication.status == .onHold
        ? " " + holdMark(item.medication, today: facts.today, in: labels) : ""
    }
    let bleeding = (facts.bloodThinners + facts.antiplatelets).map { $0.name + mark($0) }
    let antiplatelets = facts.antiplatelets.map { item in
      item.name + (item.medication.brand.map { " (\($0))" } ?? "") + mark(item)
    }
    return [
      "name": callName(patient), "bloodThinners": list(bleeding, in: labels),
      "antiplatelets": list(antiplatelets, in: labels),
    ]
  }

  func section(_ id: String) -> [Block] {
    if id == "contacts" { return contacts() }
    var blocks = content.blocks(in: id, for: contentFacts)
    var inserts: [String: [Block]] = [:]
    if id == "medicines", facts.currentMedications.isEmpty {
      // "None of the medicines on the list" would read as checked; there is no list.
      blocks.removeAll { $0.showWhen == .noFallRiskMedicines }
      if let heading = blocks.first(where: { $0.kind == .heading }) {
        let text = labels.styled(.fallsNoMedicines, ["name": callName(patient)], style: "body")
        inserts[heading.id] = [.paragraph(text)]
      }
    }
    if id == "medicines", !facts.fallRisk.isEmpty {
      // The person's own fall-risk medicines follow the paragraph that introduces them.
      let anchor =
        blocks.first { $0.showWhen == .hasFallRiskMedicines }
        ?? blocks.first { $0.kind == .heading }
      if let anchor { inserts[anchor.id] = [fallRiskMedicines()] }
    }
    return convert(blocks, inserting: inserts)
  }

  /// The block's text in the form that agrees with the person's recorded sex, placeholders
  /// filled (the gate refuses unknown ones, so a failed fill can only mean a missing value;
  /// the text then prints as written).
  func text(_ block: ContentBlock) -> String { text(block, values: values) }

  /// A block of the second language's guide, its values in that language's words.
  func secondText(_ block: ContentBlock) -> String {
    text(block, values: labels.second.map { values(in: $0) } ?? values)
  }

  private func text(_ block: ContentBlock, values: [String: String]) -> String {
    let text = block.text(for: ContentGender(patient.sex))
    return ContentPlaceholders.fill(text, values: values) ?? text
  }

  /// A title or heading, with the second language's after it when bilingual.
  func headingText(_ block: ContentBlock, _ text: String, style: String) -> StyledText {
    Labels.pair(
      text, secondContent?.block(block.id).map(secondText), style: style, separator: "\n")
  }

  /// Content blocks in file order; consecutive steps, bullets, checklist items and references
  /// become one list. Step numbers restart after every heading.
  func convert(_ blocks: [ContentBlock], inserting inserts: [String: [Block]]) -> [Block] {
    var result: [Block] = []
    var items: [ListItem] = []
    var checks: [ChecklistItem] = []
    var step = 0
    func flush() {
      if !items.isEmpty { result.append(.list(items)) }
      if !checks.isEmpty { result.append(.checklist(checks)) }
      items = []
      checks = []
    }
    var previous: ContentBlockKind?
    for block in blocks {
      let text = text(block)
      if block.kind != previous { flush() }
      previous = block.kind
      switch block.kind {
      case .title: result.append(.heading(level: 1, headingText(block, text, style: "name")))
      case .heading: result.append(.heading(level: 2, headingText(block, text, style: "heading")))
      case .subheading:
        result.append(.heading(level: 3, headingText(block, text, style: "subheading")))
      case .paragraph: result.append(.paragraph(run(text)))
      case .warning: result.append(warning(block, text))
      case .step:
        step += 1
        items.append(ListItem(marker: run("\(step).", "marker"), text: run(text)))
      case .bullet: items.append(ListItem(marker: run("•", "marker"), text: run(text)))
      case .reference:
        items.append(ListItem(marker: run("•", "reference"), text: run(text, "reference")))
      case .checklistItem: checks.append(ChecklistItem(run(text)))
      }
      if [.title, .heading, .subheading].contains(block.kind) { step = 0 }
      if let extra = inserts[block.id] {
        flush()
        previous = nil
        result += extra
      }
    }
    flush()
    return result
  }

  /// The blood-thinner warning is a danger band with the same words as the ER sheet's; an
  /// antiplatelet alone gets the ER sheet's softer ANTIPLATELET band.
  /// When bilingual the band says its text in English too, under the family's: a band is
  /// what a helper must not miss.
  func warning(_ block: ContentBlock, _ text: String) -> Block {
    let text = Labels.pair(
      text, secondContent?.block(block.id).map(secondText), style: "band-text", separator: "\n")
    switch block.showWhen {
    case .onBloodThinner: return band(.danger, .bloodThinner, text)
    case .onAntiplateletOnly: return band(.warning, .antiplatelet, text)
    default: return band(.warning, .fallsImportant, text)
    }
  }

  /// "lorazepam 0.5 mg (Ativan) — benzodiazepine", in document order.
  func fallRiskMedicines() -> Block {
    .list(
      facts.fallRisk.map { item in
        var text = run(item.name, "strong")
        if let strength = item.medication.strength { text = text + run(" " + strength) }
        if let brand = item.medication.brand { text = text + run(" (\(brand))", "muted") }
        if item.medication.status == .onHold {
          text = text + holdMark(item.medication, today: facts.today, style: "strong", lead: " ")
        }
        let classes = item.classes.map { className($0, style: "body") }
        if !classes.isEmpty { text = text + run(" — ") + joined(classes, separator: ", ") }
        return ListItem(marker: run("•", "marker"), text: text)
      })
  }

  /// 911 first, the address to give, then the emergency contacts in call order.
  func contacts() -> [Block] {
    var blocks: [Block] = [
      .heading(level: 2, labels.styled(.fallsCall, ["name": callName(patient)], style: "heading")),
      .paragraph(label(.fallsEmergency, "contact-strong")),
    ]
    if let address = patient.address {
      blocks.append(
        .paragraph(
          // Bilingual, the address gets a line of its own under both labels.
          Labels.pair(
            labels[.fallsAddress] + (labels.second == nil ? " " : ""),
            labels.second.map { $0[.fallsAddress] + "\n" }, style: "contact", separator: "\n")
            + run(address, "contact-strong")))
    }
    guard !patient.contacts.isEmpty else { return blocks + [empty(.emptyContacts)] }
    let items = patient.contacts.enumerated().map { index, contact in
      var who = run(contact.name, "contact-strong")
      if let relation = contact.relation { who = who + run(" (\(relation))", "contact") }
      var phones =
        contact.phone.map { run($0, "contact-strong") } ?? value(.notRecorded, "muted")
      if let alternative = contact.altPhone {
        phones =
          phones + value(.altPhone, "contact", lead: " ", trail: " ")
          + run(alternative, "contact-strong")
      }
      return ListItem(
        marker: run("\(index + 1).", "contact-strong"),
        text: joined([who, phones], separator: "  ·  ", style: "contact"))
    }
    return blocks + [.paragraph(label(.fallsThenCall, "contact")), .list(items)]
  }
}
