// SPDX-License-Identifier: Apache-2.0
import RuaCore
import RuaDocuments
import Testing

/// A medicine's status words are the point of the status: "on hold" (give again later) must
/// never read as "stopped", nor as any run-out status, in any language.
@Suite("status words")
struct StatusWordsTests {
  static let statuses: [LabelKey] = [
    .onHold, .marStopped, .runwayOverdue, .runwayUrgent, .runwaySoon, .runwayOK, .runwayNoFill,
  ]

  /// Lowercased, without brackets or spaces at the ends, so "(on hold)" and "ON HOLD" compare.
  static func word(_ text: String) -> String {
    String(text.lowercased().filter { !"()（）".contains($0) }).trimmingCharacters(in: " ")
  }

  @Test(arguments: DocumentKind.languages)
  func noTwoStatusesShareAWord(language: String) throws {
    let labels = try LocaleFixture.labels(language)
    var seen: [String: LabelKey] = [:]
    for key in Self.statuses {
      let word = Self.word(labels[key])
      #expect(
        seen[word] == nil,
        "\(language): \(key.rawValue) and \(seen[word]?.rawValue ?? "") both '\(word)'")
      seen[word] = key
    }
    // The mark after a name and the legend use the same word as the status.
    #expect(Self.word(labels[.onHoldMark]) == Self.word(labels[.onHold]), "\(language)")
    #expect(
      labels[.legendRunway].contains(labels[.onHold]),
      "\(language): the legend does not explain '\(labels[.onHold])'")
    #expect(!Self.word(labels[.marStopped]).contains(Self.word(labels[.onHold])), "\(language)")
    // The MAR's H code is the same state: its legend says it in the status's words (English
    // "H held"). Spanish said "retenido", Haitian Creole "kanpe" and Tagalog "ipinahinto" (a
    // word for stopped) beside "EN PAUSA", "AN PÒZ", "PANSAMANTALANG ITINIGIL"; Korean "보류".
    #expect(
      language == "en"
        || labels[.marLegend].lowercased().contains("h " + Self.word(labels[.onHold])),
      "\(language): the MAR legend's H is not '\(labels[.onHold])'")
  }

  /// The status agrees with the document's word for a medicine: the word printed alone is the
  /// one the count of held medicines uses with the noun ("1 лекарство приостановлено", so
  /// "ПРИОСТАНОВЛЕНО", never "ПРИОСТАНОВЛЕН"; "دواء واحد موقوف مؤقتًا").
  @Test(arguments: DocumentKind.languages)
  func theHeldStatusAgreesWithTheMedicine(language: String) throws {
    let labels = try LocaleFixture.labels(language)
    let one = labels.format(.medsOnHoldCount, count: 1, as: "count").lowercased()
    // Whole: "приостановлен" is also the start of "приостановлено".
    let word = Self.word(labels[.onHold])
    #expect(one.hasSuffix(word) || one.contains(word + " "), "\(language): '\(one)'")
  }

  /// Russian statuses are participles and short verbs that agree with "лекарство" (neuter):
  /// every one a label prints for one medicine ends in -о or -ось ("отменено", "ещё не
  /// начато", "КОНЧИЛОСЬ", "Приостановлено с …"); the plural forms of a count may say
  /// "приостановлены".
  @Test func russianStatusesAreNeuterAsTheMedicine() throws {
    let labels = try LocaleFixture.labels("ru")
    let stems = try Regex("(приостановлен|отмен[её]н|начат|кончил|пропущен|назначен)([а-яё]*)")
      .ignoresCase()
    var seen = 0
    for key in LabelKey.allCases {
      let forms = labels.forms(key)
      for text in [forms.other, forms.forms[.one], forms.forms[.many]].compactMap({ $0 })
      where forms.forms.isEmpty || text != forms.other {
        for match in text.matches(of: stems) {
          seen += 1
          let ending = String(match.output[2].substring ?? "").lowercased()
          #expect(
            ["о", "ось"].contains(ending), "\(key.rawValue): '\(match.output[0].substring ?? "")'")
        }
      }
    }
    #expect(seen >= 20, "the Russian status words moved: \(seen) found")
  }
}

/// One word for one state: a medicine whose last day was yesterday is OVERDUE, and its
/// cell says it ran out today, as the legend says OVERDUE means.
@Suite("run-out words")
struct RunOutWordsTests {
  @Test func dayZeroSaysRanOutTodayBesideOverdue() throws {
    var patient = BuiltDocument.patient()
    let filled = BuiltDocument.today.adding(days: -30)
    patient.medications = [BuiltDocument.medication("m1", "lisinopril", fill: (filled, 30))]
    let table = BuiltDocument.tables(try BuiltDocument.medicationList(patient))[1]
    let row = try #require(table.rows.first { $0[0].plainText.hasPrefix("lisinopril") })
    #expect(row.last?.plainText == "OVERDUE")
    #expect(row.contains { $0.plainText.hasSuffix("\nran out today") })
    #expect(!row.contains { $0.plainText.contains("runs out") })
  }
}

/// The small words a reviewer flagged: a class named as the medicine is not repeated in its
/// parentheses, and the Spanish strip reads "Intérprete SE NECESITA".
@Suite("band and strip words")
struct BandWordsTests {
  @Test func aClassNamedAsTheMedicineIsNotRepeated() throws {
    var patient = BuiltDocument.patient()
    var methotrexate = BuiltDocument.medication("m1", "methotrexate")
    methotrexate.strength = "2.5 mg"
    patient.medications = [methotrexate]
    let text = BuiltDocument.allText(try BuiltDocument.erSheet(patient))
    #expect(text.contains("methotrexate (2.5 mg)"), "\(text)")
    #expect(!text.contains("2.5 mg, methotrexate"))
    // Bilingual, the English half does not repeat the name: the family's word alone.
    let spanish = BuiltDocument.allText(try BuiltDocument.erSheet(patient, language: "es+en"))
    #expect(spanish.contains("methotrexate (2.5 mg, metotrexato)"), "\(spanish)")
    #expect(!spanish.contains("metotrexato / methotrexate"))
  }

  /// A held medicine's strength and hold share one bracket: "aspirin (81 mg; on hold until
  /// Dec 5, 2026)", not "aspirin (on hold until Dec 5, 2026) (81 mg)".
  @Test func aHeldMedicineHasOneBracket() throws {
    var patient = BuiltDocument.patient()
    var aspirin = BuiltDocument.medication("m1", "aspirin", status: .onHold)
    aspirin.strength = "81 mg"
    aspirin.hold = MedicationHold(until: day(2026, 12, 5))
    var warfarin = BuiltDocument.medication("m2", "warfarin", status: .onHold)
    warfarin.strength = nil
    patient.medications = [aspirin, warfarin]
    // The date is unbreakable (no-break spaces).
    let text = String(
      BuiltDocument.allText(try BuiltDocument.erSheet(patient)).map { $0 == "\u{A0}" ? " " : $0 })
    #expect(text.contains("aspirin (81 mg; on hold until Dec 5, 2026)"), "\(text)")
    #expect(text.contains("warfarin (on hold)"), "\(text)")
    #expect(!text.contains(") ("))
    let chinese = BuiltDocument.allText(try BuiltDocument.erSheet(patient, language: "zh-Hans"))
    #expect(chinese.contains("aspirin (81 mg; 暂停至"), "\(chinese)")
  }

  @Test func theSpanishStripSaysTheInterpreterIsNeeded() throws {
    var patient = BuiltDocument.patient()
    patient.interpreterNeeded = true
    let text = BuiltDocument.allText(try BuiltDocument.erSheet(patient, language: "es"))
    #expect(text.contains("Intérprete SE NECESITA"), "\(text)")
  }
}

/// Two blood thinners given together are named in a band of their own for the pharmacist to
/// check: a fact from the drug-class table, never advice; a held one is not being given.
@Suite("blood thinners together")
struct BloodThinnersTogetherTests {
  func band(_ medications: [Medication]) throws -> Alert? {
    var patient = BuiltDocument.patient()
    patient.medications = medications
    let sheet = try BuiltDocument.erSheet(patient)
    return BuiltDocument.blocks(sheet).compactMap { block -> Alert? in
      if case .alert(let alert) = block, alert.label.plainText == "CHECK WITH THE PHARMACIST" {
        return alert
      }
      return nil
    }.first
  }

  @Test func anAnticoagulantWithAnAntiplateletIsNamedForThePharmacist() throws {
    let alert = try #require(
      try band([
        BuiltDocument.medication("m1", "warfarin"),
        BuiltDocument.medication("m2", "aspirin", status: .onHold),
        BuiltDocument.medication("m3", "clopidogrel"),
      ]))
    #expect(
      alert.text.plainText.contains("warfarin") && alert.text.plainText.contains("clopidogrel"))
    #expect(!alert.text.plainText.contains("aspirin"))
  }

  @Test func twoAnticoagulantsAreNamedToo() throws {
    let alert = try #require(
      try band([
        BuiltDocument.medication("m1", "warfarin"), BuiltDocument.medication("m2", "apixaban"),
      ]))
    #expect(alert.text.plainText.contains("apixaban"))
  }

  @Test func oneBloodThinnerOrOneBesideAHeldOneIsNot() throws {
    #expect(try band([BuiltDocument.medication("m1", "warfarin")]) == nil)
    #expect(
      try band([
        BuiltDocument.medication("m1", "warfarin"),
        BuiltDocument.medication("m2", "clopidogrel", status: .onHold),
      ]) == nil)
    #expect(try band([BuiltDocument.medication("m1", "lisinopril")]) == nil)
  }
}

/// A power of attorney without a health-care proxy: the sheet says whether it covers health
/// care is not recorded, instead of leaving "power of attorney" beside "no proxy".
@Suite("power of attorney")
struct PowerOfAttorneyTests {
  func text(_ roles: [ContactRole]) throws -> String {
    var patient = BuiltDocument.patient()
    patient.contacts = [Contact(name: "Lucía", phone: "(503) 555-0121", roles: roles)]
    return BuiltDocument.allText(try BuiltDocument.erSheet(patient))
  }

  @Test func aPOAAloneSaysItsScopeIsNotRecorded() throws {
    #expect(
      try text([.poa]).contains("whether the power of attorney covers health care is not recorded"))
    let plain = try text([])
    #expect(plain.contains("No health-care proxy (decision maker) recorded."))
    #expect(!plain.contains("power of attorney covers"))
    #expect(!(try text([.healthCareProxy, .poa])).contains("No health-care proxy"))
  }
}

/// "Severe" is set in bold in every language, not only in capitals, which most scripts lack.
@Suite("severity emphasis")
struct SeverityEmphasisTests {
  @Test(arguments: ["en", "zh-Hans", "ar", "ko"])
  func aSevereReactionIsBold(language: String) throws {
    var patient = BuiltDocument.patient()
    patient.allergies = [
      Allergy(substance: "penicillin", reaction: "hives", severity: .severe),
      Allergy(substance: "latex", reaction: "rash", severity: .mild),
    ]
    let labels = try BuiltDocument.labels(language)
    let band = try #require(
      BuiltDocument.blocks(try BuiltDocument.erSheet(patient, language: language)).compactMap {
        block -> Alert? in
        if case .alert(let alert) = block { return alert } else { return nil }
      }.first)
    let severe = try #require(band.text.runs.first { $0.text == labels[.severitySevere] })
    #expect(severe.style == "band-strong")
    let mild = try #require(band.text.runs.first { $0.text.contains(labels[.severityMild]) })
    #expect(mild.style == "band-text")
    #expect(band.text.plainText.contains("penicillin — hives, " + labels[.severitySevere]))
  }
}

extension String {
  fileprivate func trimmingCharacters(in set: Character) -> String {
    String(drop { $0 == set }.reversed().drop { $0 == set }.reversed())
  }
}

/// The English half of a bilingual document is smaller than the family's language, but nothing
/// a clinician reads goes under 9 pt, and a small style is never made smaller still.
@Suite("second-language size")
struct SecondLanguageSizeTests {
  @Test func theEnglishHalfIsNeverUnderNinePointOrItsStyle() {
    #expect(TextRun.secondLanguageSize(20) == 16)
    #expect(TextRun.secondLanguageSize(11) == 9)
    #expect(TextRun.secondLanguageSize(10) == 9)
    #expect(TextRun.secondLanguageSize(9) == 9)
    #expect(TextRun.secondLanguageSize(8.5) == 8.5)
    for size in stride(from: 6.0, through: 30, by: 0.5) {
      let english = TextRun.secondLanguageSize(size)
      #expect(english <= size && english >= min(size, TextRun.smallestReadSize), "\(size)")
    }
  }
}

/// A note that already ends a sentence is followed by a space, not by "; " (".;").
@Suite("clauses")
struct ClauseJoinTests {
  @Test func aSentenceIsNotFollowedBySemicolon() throws {
    var patient = BuiltDocument.patient()
    var medication = BuiltDocument.medication("m1", "apixaban")
    medication.instructions = "Do not skip doses."
    medication.purpose = "to prevent a stroke"
    patient.medications = [medication]
    let text = BuiltDocument.allText(try BuiltDocument.erSheet(patient))
    #expect(text.contains("to prevent a stroke; Do not skip doses."), "\(text)")
    var other = medication
    other.purpose = "Prevents a stroke."
    patient.medications = [other]
    let second = BuiltDocument.allText(try BuiltDocument.erSheet(patient))
    #expect(second.contains("Prevents a stroke. Do not skip doses."), "\(second)")
    #expect(!second.contains(".;"))
  }
}
