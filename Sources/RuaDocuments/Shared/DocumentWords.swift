// SPDX-License-Identifier: Apache-2.0
import RuaCore

/// Helpers every document uses to turn record fields into labelled, styled text: the same
/// allergy wording, bands, time names and joins on the ER sheet, the medication list and the
/// fall guide. A document's words type conforms and gets them all.
protocol DocumentWords {
  var labels: Labels { get }
  /// A fixed label in `style` (a requirement, so the wallet card can set its pairs shorter).
  func label(_ key: LabelKey, _ style: String) -> StyledText
}

extension DocumentWords {
  /// The gap between the parts of a heading (the name, the date of birth, the name they go
  /// by): one em space, a single word break a screen reader passes over, where three spaces
  /// were read as layout inside the `H1`.
  var nameGap: String { "\u{2003}" }

  func run(_ text: String, _ style: String = "body") -> StyledText {
    StyledText(text, style: style)
  }

  /// A fixed label; when bilingual, its English under it, smaller (`Labels.styled`).
  func label(_ key: LabelKey, _ style: String = "body") -> StyledText {
    labels.styled(key, style: style)
  }

  func heading(_ key: LabelKey) -> Block { .heading(level: 2, label(key, "heading")) }

  func empty(_ key: LabelKey) -> Block { .paragraph(label(key, "muted")) }

  /// Parts joined with a separator, skipping empty ones.
  func joined(_ parts: [StyledText], separator: String = " · ", style: String = "body")
    -> StyledText
  {
    var result = StyledText.empty
    for part in parts where !part.isEmpty {
      if !result.isEmpty { result = result + run(separator, style) }
      result = result + part
    }
    return result
  }

  /// Parts joined with "; ", or with a space after one that already ends a sentence ("Do not
  /// skip doses. to prevent a stroke" reads better than "doses.; to prevent").
  func clauses(_ parts: [StyledText], style: String) -> StyledText {
    var result = StyledText.empty
    for part in parts where !part.isEmpty {
      if !result.isEmpty {
        let ended = result.plainText.last.map { ".!?。！？".contains($0) } ?? false
        result = result + run(ended ? " " : "; ", style)
      }
      result = result + part
    }
    return result
  }

  /// `warfarin`, `warfarin and apixaban`, `a, b and c` (the locale's "and").
  func list(_ names: [String]) -> String { list(names, in: labels) }

  func list(_ names: [String], in labels: Labels) -> String {
    guard let last = names.last else { return "" }
    guard names.count > 1 else { return last }
    return names.dropLast().joined(separator: ", ") + " \(labels[.and]) " + last
  }

  func band(_ tone: Tone, _ label: LabelKey, _ text: StyledText) -> Block {
    .alert(Alert(tone: tone, label: self.label(label, "band-label"), text: text))
  }

  /// The allergy band: the allergies with reaction and severity, or NO KNOWN ALLERGIES, or
  /// ALLERGIES NOT RECORDED. Never blank.
  func allergyBand(_ allergies: ERFacts.Allergies) -> Block {
    switch allergies {
    case .listed(let allergies):
      let items = allergies.map(allergy)
      return band(.danger, .allergies, joined(items, separator: ";  ", style: "band-text"))
    case .noKnownAllergies:
      return band(.neutral, .noKnownAllergies, value(.noKnownAllergiesText, "band-text"))
    case .notRecorded:
      return band(.warning, .allergiesNotRecorded, value(.allergiesNotRecordedText, "band-text"))
    }
  }

  func allergy(_ allergy: Allergy) -> StyledText {
    var details: [StyledText] = []
    // The reaction is the family's free text: a full wallet card may cut it (`shortens`),
    // never the substance or the severity.
    if let reaction = allergy.reaction {
      details.append(run(reaction, "band-text").shortening())
    }
    switch allergy.severity {
    case .mild: details.append(value(.severityMild, "band-text"))
    case .moderate: details.append(value(.severityModerate, "band-text"))
    // In bold as well as in capitals: 严重, شديدة and 심함 have no capitals to shout with.
    case .severe: details.append(value(.severitySevere, "band-strong"))
    case .unknown: details.append(value(.severityUnknown, "band-text"))
    case nil: break
    }
    if allergy.kind == .intolerance { details.append(value(.intolerance, "band-text")) }
    guard !details.isEmpty else { return run(allergy.substance, "band-strong") }
    return run(allergy.substance, "band-strong") + run(" — ", "band-text")
      + joined(details, separator: ", ", style: "band-text")
  }

  func time(_ time: DoseTime) -> String { self.time(time, in: labels) }

  /// A medicine's dose times in words ("morning, bedtime"), in both languages when bilingual.
  func times(_ medication: Medication, style: String, separator: String = " / ") -> StyledText {
    worded(style, separator: separator) { labels in
      medication.times.sorted().map { time($0, in: labels) }.joined(separator: ", ")
    }
  }

  func time(_ time: DoseTime, in labels: Labels) -> String {
    switch time {
    case .morning: return labels[.timeMorning]
    case .noon: return labels[.timeNoon]
    case .evening: return labels[.timeEvening]
    case .bedtime: return labels[.timeBedtime]
    }
  }

  /// A language as its name in the document's language ("zh-Hans" → "Chinese (Simplified)");
  /// free text or an unknown code prints as recorded.
  func languageName(_ recorded: String?) -> String { languageName(recorded, in: labels) }

  /// The same in both languages when bilingual ("البولندية / Polish").
  func languageName(_ recorded: String?, style: String) -> StyledText {
    worded(style) { languageName(recorded, in: $0) }
  }

  private func languageName(_ recorded: String?, in labels: Labels) -> String {
    guard let recorded else { return labels[.notRecorded] }
    return labels.languageName(recorded) ?? recorded
  }

  /// "aspirin (on hold)": a held medicine named in a band or a guide line says so.
  func markedName(_ item: ERFacts.FlaggedMedication, today: CivilDate) -> String {
    item.medication.status == .onHold
      ? item.name + " " + holdMark(item.medication, today: today) : item.name
  }

  /// A held medicine's hold as every document prints it: "On hold since Oct 27, 2026 until
  /// Nov 5, 2026 (dental extraction)"; "On hold (since: not recorded)" for a hold recorded
  /// without dates; once the planned end has passed on `today`, "the hold was due to end on
  /// Nov 5, 2026: check with the prescriber", never the medicine quietly active or held. When
  /// bilingual, the English follows after `separator` (the reason, a value, printed once).
  /// Nil for a medicine that is not on hold.
  func holdText(
    _ medication: Medication, today: CivilDate, style: String, separator: String = "\n"
  ) -> StyledText? {
    guard medication.status == .onHold else { return nil }
    let hold = medication.hold ?? MedicationHold()
    let reason = hold.reason.map { " (" + $0 + ")" } ?? ""
    return Labels.pair(
      holdWords(hold, today: today, in: labels) + reason,
      labels.second.map { holdWords(hold, today: today, in: $0) }, style: style,
      separator: separator)
  }

  private func holdWords(_ hold: MedicationHold, today: CivilDate, in labels: Labels) -> String {
    let day = { (date: CivilDate) in unbreakable(labels.format(date: date)) }
    let started =
      hold.since.map { labels.format(.holdSince, ["date": day($0)]) }
      ?? labels[.holdSinceNotRecorded]
    guard let until = hold.until else { return started }
    if hold.dueToEnd(today: today) != nil {
      return started + "; " + labels.format(.holdDueToEnd, ["date": day(until)])
    }
    guard let since = hold.since else {
      return labels.format(.holdUntilOnly, ["date": day(until)])
    }
    return labels.format(.holdSinceUntil, ["since": day(since), "until": day(until)])
  }

  /// The short mark after a held medicine's name where there is no room for the whole hold
  /// (the card, the bands): "(on hold until Nov 5, 2026)", "(on hold: was due to end Nov 5,
  /// 2026, check)", or "(on hold)".
  func holdMark(_ medication: Medication, today: CivilDate) -> String {
    holdMark(medication, today: today, in: labels)
  }

  /// The hold mark in both languages when bilingual ("(en pausa hasta el 5 nov 2026) / (on
  /// hold until Nov 5, 2026)").
  func holdMark(_ medication: Medication, today: CivilDate, style: String, lead: String = "")
    -> StyledText
  {
    worded(style, lead: lead) { holdMark(medication, today: today, in: $0) }
  }

  func holdMark(_ medication: Medication, today: CivilDate, in labels: Labels) -> String {
    guard let until = medication.hold?.until else { return labels[.onHoldMark] }
    let date = ["date": unbreakable(labels.format(date: until))]
    return medication.hold?.dueToEnd(today: today) == nil
      ? labels.format(.onHoldUntilMark, date) : labels.format(.onHoldDueMark, date)
  }

  /// A medicine's standing instruction as every document prints it. While it is on hold,
  /// "Do not skip doses" beside "do not give" would contradict the hold, so it is kept for when
  /// the medicine is resumed and says so.
  func instructions(_ medication: Medication) -> String? {
    guard let instructions = medication.instructions else { return nil }
    guard medication.status == .onHold else { return instructions }
    return labels.format(.whenResumed, ["instructions": instructions])
  }

  /// The same, "When resumed:" in both languages when bilingual (the instruction once).
  func instructions(_ medication: Medication, style: String, lead: String = "") -> StyledText? {
    guard let instructions = medication.instructions else { return nil }
    guard medication.status == .onHold else { return run(lead + instructions, style) }
    return introduced(.whenResumed, "instructions", instructions, style: style, lead: lead)
  }

  /// "Born Feb 14, 1941 · 85 years", the date kept on one line.
  func born(_ patient: Patient, today: CivilDate) -> String {
    born(patient, today: today, in: labels)
  }

  /// When bilingual, the same in English ("Born Jan 2, 1940 · 86 years"), for a line of its
  /// own after the family's: the date of birth is what a clinician matches first.
  func bornInEnglish(_ patient: Patient, today: CivilDate, style: String) -> StyledText? {
    labels.second.map {
      StyledText([TextRun(born(patient, today: today, in: $0), style: style, secondLanguage: true)])
    }
  }

  private func born(_ patient: Patient, today: CivilDate, in labels: Labels) -> String {
    labels.format(
      .bornAge, count: patient.dateOfBirth.age(on: today), as: "years",
      ["date": unbreakable(labels.format(date: patient.dateOfBirth))])
  }

  /// A value that is a fixed word ("Not recorded", "Female", "NEEDED"): when bilingual, its
  /// English after it on the same line, so every value a label introduces reads in both.
  func value(_ key: LabelKey, _ style: String = "body", lead: String = "", trail: String = "")
    -> StyledText
  {
    worded(style, lead: lead, trail: trail) { $0[key] }
  }

  /// A value worded by the labels ("quedan 3 días", "mañana, noche"): when bilingual, the
  /// same words made with the English labels follow after `separator`, smaller, so every value
  /// a label introduces reads in both languages (issue 30). Printed once when both say the same.
  /// `lead` and `trail` (spaces, a line break) go before and after both; in one language the
  /// whole is one run, as it was before the English came (the same layout, byte for byte).
  func worded(
    _ style: String, separator: String = " / ", lead: String = "", trail: String = "",
    _ words: (Labels) -> String
  ) -> StyledText {
    let first = words(labels)
    let second = labels.second.map(words)
    guard let second, !second.isEmpty, second != first else {
      return run(lead + first + trail, style)
    }
    return Labels.pair(lead + first, second, style: style, separator: separator)
      + run(trail, style)
  }

  /// A label that introduces a record value at its end ("Directiva guardada en: {location}"):
  /// when bilingual both labels, then the value once ("Directiva guardada en / Directive kept
  /// at: Pink POLST form"); where a language puts the value elsewhere, each says it whole.
  func introduced(
    _ key: LabelKey, _ name: String, _ value: String, style: String, lead: String = ""
  ) -> StyledText {
    let placeholder = "{\(name)}"
    guard let second = labels.second, labels[key].hasSuffix(placeholder),
      second[key].hasSuffix(placeholder)
    else { return worded(style, lead: lead) { $0.format(key, [name: value]) } }
    let opening = { (labels: Labels) in String(labels[key].dropLast(placeholder.count)) }
    // The colon (and space) that ends both leads is said once, after the English.
    let tail = String(opening(second).reversed().prefix { ": ：".contains($0) }.reversed())
    let trim = { (text: String) in
      String(text.reversed().drop { ": ：".contains($0) }.reversed())
    }
    return Labels.pair(
      lead + trim(opening(labels)), trim(opening(second)), style: style, separator: " / ")
      + StyledText([TextRun(tail, style: style, secondLanguage: true)])
      + StyledText((tail.hasSuffix(" ") ? "" : " ") + value, style: style)
  }

  /// A fill-in blank after a word ("a las ____"): when bilingual both words before one blank
  /// ("a las / at ____").
  func blank(_ key: LabelKey, style: String) -> StyledText {
    let bare = { (labels: Labels) in
      String(labels[key].reversed().drop { $0 == "_" || $0 == " " }.reversed())
    }
    guard labels[key].hasSuffix("_"), let second = labels.second, second[key].hasSuffix("_")
    else { return worded(style) { $0[key] } }
    let line = String(labels[key].reversed().prefix { $0 == "_" })
    return Labels.pair(bare(labels), bare(second), style: style, separator: " / ")
      + StyledText(" " + line, style: style)
  }

  /// A date in a table cell ("4 oct 2026"): when bilingual the English date under it
  /// ("Oct 4, 2026"), so a clinician reads the run-out and the last fill (issue 30).
  func date(_ date: CivilDate, style: String) -> StyledText {
    worded(style, separator: "\n") { $0.format(date: date) }
  }

  /// A drug class's name ("benzodiacepina / benzodiazepine" when bilingual), from the
  /// drug-class table's labels for each language.
  func className(_ drugClass: DrugClass, style: String) -> StyledText {
    worded(style) { drugClass.label(locale: $0.language) }
  }

  /// "Goes by “Tomek”", the label in both languages when bilingual.
  func goesBy(_ preferred: String, style: String, lead: String = "") -> StyledText {
    worded(style, lead: lead, trail: " “\(preferred)”") { $0[.preferredName] }
  }

  /// A label before a value on one line ("Farmacia / Pharmacy: "), both languages when
  /// bilingual.
  func inline(_ key: LabelKey, _ style: String, colon: Bool = true) -> StyledText {
    worded(style, trail: colon ? ": " : " ") { $0[key] }
  }

  /// The name the person answers to: the preferred name, else the full name.
  func callName(_ patient: Patient) -> String { patient.preferredName ?? patient.fullName }
}

/// Spaces that must not break a line (inside a date).
func unbreakable(_ text: String) -> String {
  String(text.map { $0 == " " ? "\u{00A0}" : $0 })
}

/// `72.5` → "72.5", `70` → "70".
func decimal(_ value: Double) -> String {
  let tenths = Int((value * 10).rounded())
  return tenths % 10 == 0 ? String(tenths / 10) : "\(tenths / 10).\(abs(tenths % 10))"
}
