// SPDX-License-Identifier: Apache-2.0
import Foundation
import RuaCore
import RuaDocuments
import RuaRender
import Testing

/// Nothing of a wallet card is drawn outside its outline (issue 30), read back with poppler:
/// every sample person and the adversarial record, every `--lang` value and pair, on Letter
/// (both faces inside the cut outline, each word on one face) and on card paper (each face
/// inside its page).
@Suite struct CardOutlineTests {
  @Test(arguments: LayoutMeasurementTests.languages)
  func everyCardStaysInsideItsOutline(language: String) throws {
    let renderer = try PDFRenderer(fontsConf: RenderFixture.fontsConf)
    var problems: [String] = []
    for patient in try DocumentFixture.sample() + [SamplePatients.adversarial] {
      problems += try Self.problems(patient, language: language, renderer: renderer)
    }
    #expect(problems == [], "\(problems.count) problems")
  }

  /// The adversarial record with one long text on its front, each in turn (the probe of
  /// issue 30): a 130-character reaction on its first allergy, a long allergen name, a long
  /// code-status note, long condition names. What does not fit yet is named in `knownOpen`.
  @Test(arguments: LayoutMeasurementTests.languages)
  func hostileFrontsStayInsideTheirOutline(language: String) throws {
    let renderer = try PDFRenderer(fontsConf: RenderFixture.fontsConf)
    var problems: [String] = []
    for patient in Self.hostile {
      let found = try Self.problems(patient, language: language, renderer: renderer)
      if Self.hostileOpen.contains("\(patient.id) \(language)") {
        #expect(!found.isEmpty, "\(patient.id) \(language) now fits: drop it from hostileOpen")
      } else {
        problems += found
      }
    }
    #expect(problems == [], "\(problems.count) problems")
  }

  /// The hostile fronts that do not fit yet, named so a new one fails and a fixed one is
  /// dropped. A 130-character reaction ran past the outline in ru+en and ar+en, and a
  /// 130-character code status in ru+en, until a full face cut it at a word with "… see the ER
  /// sheet" (issue 30); the long allergen name was whole on the ar card, wrapped, and read back
  /// out of order. The ar+en code status, cut to its first four words, fits since a band that
  /// ends with its pointer ends its cut text with the ellipsis alone (`CardList.shortenedMark`).
  /// Left: the long allergen in ar+en, its reaction cut to nothing, leaves the directive's
  /// pointer half a line below the outline (the gaps at zero would hold it in the outline, but
  /// in the card's bottom margin).
  static let hostileOpen: Set<String> = ["p-adversarial-allergen ar+en"]

  /// A front too full for a long reaction or code status cuts it at a word and ends it with
  /// "… see the ER sheet" in the document's languages; the allergen, its severity and the
  /// code status's first words (the status itself) are whole. Laid out on card paper.
  @Test(arguments: ["en", "ru+en", "ar+en", "zh-Hans+en"])
  func aShortenedTextKeepsWholeWordsAndSaysSo(language: String) throws {
    let renderer = try PDFRenderer(fontsConf: RenderFixture.fontsConf)
    let parts = language.split(separator: "+").map(String.init)
    let notes = try parts.map { try RenderFixture.labels($0)[.cardShortened] }
    let note = notes.joined(separator: " / ")
    var shortened = 0
    for patient in Self.hostile
    where patient.id.hasSuffix("reaction") || patient.id.hasSuffix("code-status") {
      let built = try LayoutMeasurementTests.describe(
        .card, patient, language, paper: .card, large: false)
      let pages = try renderer.paginate(built.document, template: built.template)
      let texts = LayoutMeasurementTests.drawnTexts(pages).map(\.plainText)
      let allergy = patient.allergies[0]
      let reaction = patient.id.hasSuffix("reaction")
      let long = (reaction ? allergy.reaction : patient.codeStatus) ?? ""
      // Where the long text starts, whole or cut: after the allergen and its dash, or at the
      // status's first words, which are never cut.
      let head =
        reaction
        ? allergy.substance + " — "
        : long.split(separator: " ").prefix(WalletCard.statusWords).joined(separator: " ")
      let holder = try #require(
        texts.first { $0.contains(head) }, "\(patient.id) \(language): no '\(head)'")
      let start = try #require(holder.range(of: head))
      let rest = holder[(reaction ? start.upperBound : start.lowerBound)...]
      #expect(texts.contains { $0.contains(allergy.substance) }, "\(patient.id) \(language)")
      if reaction {
        // The severity is whole after the reaction, cut or not.
        let severe = try RenderFixture.labels(parts[0])[.severitySevere]
        #expect(rest.contains(severe), "\(patient.id) \(language): \(holder)")
      }
      guard !rest.hasPrefix(long) else { continue }
      shortened += 1
      // Cut: the words kept are the text's first words, whole, and the note follows them; in
      // a band that ends with its pointer ("+ 2 more allergies: see the ER sheet"), the
      // note's ellipsis alone, the pointer saying where the rest is.
      let mark = String(notes[0].prefix { !$0.isLetter && !$0.isWhitespace })
      let tail = try RenderFixture.labels(parts[0]).forms(.cardMoreAllergies).other.drop {
        $0 != ":" && $0 != "："
      }
      let pointed = rest.range(of: mark).flatMap { cut in
        rest[cut.upperBound...].contains(tail) ? cut : nil
      }
      let cut = try #require(
        rest.range(of: note) ?? pointed, "\(patient.id) \(language): \(holder)")
      let kept = String(rest[..<cut.lowerBound]).trimmingCharacters(in: .whitespaces)
      #expect(long.hasPrefix(kept), "\(patient.id) \(language): '\(kept)'")
      let after = long.dropFirst(kept.count).first
      #expect(
        kept.isEmpty || after.map { $0 == " " || $0 == "," } ?? false,
        "\(patient.id) \(language): '\(kept)'")
    }
    // The 130 characters do not fit a bilingual Russian or Arabic front: this test cuts.
    if ["ru+en", "ar+en"].contains(language) { #expect(shortened > 0) }
  }

  /// The hostile variants of the adversarial record, each with one long front text.
  static var hostile: [Patient] {
    let words =
      "swelling of the lips tongue and throat with hives over the whole body and a"
      + " fall in blood pressure needing adrenaline twice within the first hour"
    func variant(_ name: String, _ change: (inout Patient) -> Void) -> Patient {
      var patient = SamplePatients.adversarial
      patient.id = "p-adversarial-\(name)"
      change(&patient)
      return patient
    }
    return [
      variant("reaction") { $0.allergies[0].reaction = String(words.prefix(130)) },
      variant("allergen") {
        $0.allergies[0].substance = "Trimethoprim-sulfamethoxazole oral suspension and tablets"
      },
      variant("code-status") { $0.codeStatus = String(words.prefix(130)) },
      variant("conditions") {
        for index in $0.conditions.indices {
          $0.conditions[index].name += " with chronic complications under specialist care"
        }
      },
    ]
  }

  /// What of `patient`'s card, on Letter and on card paper, is outside its outline or left
  /// out unsaid.
  static func problems(
    _ patient: Patient, language: String, renderer: PDFRenderer
  ) throws -> [String] {
    var problems: [String] = []
    for paper in [Paper.letter, .card] {
      let built = try LayoutMeasurementTests.describe(
        .card, patient, language, paper: paper, large: false)
      let (pdf, pages) = try LayoutMeasurementTests.drawn(built, with: renderer)
      // `RUA_CARD_DUMP=folder` keeps each card to look at.
      if let folder = ProcessInfo.processInfo.environment["RUA_CARD_DUMP"] {
        try Data(pdf.bytes).write(
          to: URL(fileURLWithPath: "\(folder)/\(patient.id)-\(language)-\(paper).pdf"))
      }
      let read = try CardOutlineReadBack(pdf: pdf.bytes, cardPaper: paper == .card)
      #expect(!read.words.isEmpty)
      var faces: [(page: Int, rect: Rect)] = []
      var noteTop: Double?
      if paper == .card {
        faces = pages.map { ($0.number, Rect(x: 0, y: 0, width: $0.width, height: $0.height)) }
      } else {
        let outline = try #require(
          pages[0].items.compactMap { item -> Rect? in
            if case .frame(let rect, _, _) = item { return rect }
            return nil
          }.first)
        let width = outline.width / 2
        faces = [0, 1].map {
          (
            1,
            Rect(
              x: outline.x + Double($0) * width, y: outline.y, width: width,
              height: outline.height)
          )
        }
        // Under the outline: the crop marks (3 pt off, 12 pt long), then the note.
        noteTop = outline.y + outline.height + 15
      }
      // However full the card, its allergy band names at least the first severe allergy
      // (an empty band reads as "no allergies" to whoever finds the card).
      let printed = read.words.map(\.text).joined()
      if let first = patient.allergies.first(where: { $0.severity == .severe })
        ?? patient.allergies.first,
        !read.hasWhole(first.substance)
      {
        problems.append("\(patient.id) card \(language) \(paper): no '\(first.substance)'")
      }
      // However crowded the back, the first contact to call is on it, name and phone, the
      // phone on one line (a back cut to "+ 2 more contacts: see the ER sheet" names nobody
      // to call).
      if let contact = patient.contacts.first {
        if !printed.contains(contact.name.filter { !$0.isWhitespace }) {
          problems.append("\(patient.id) card \(language) \(paper): no '\(contact.name)'")
        }
        if let phone = contact.phone, !read.hasOnOneLine(phone) {
          problems.append(
            "\(patient.id) card \(language) \(paper): '\(phone)' not on one line of the card")
        }
      }
      // Nothing a clinician must read is left out unsaid: the language and interpreter line
      // is on a face, and the pharmacy, the first device and the first condition are, or
      // their list's pointer is (a front too full for its language line takes the
      // pharmacy's room on the back, and says so).
      problems += try Self.unsaid(patient, language: language, pages: pages).map {
        "\(patient.id) card \(language) \(paper): \($0)"
      }
      // Nothing of the back runs into its footer (printed time, review-by date, versions).
      if let footer = Self.footer(pages),
        let back = faces.first(where: {
          $0.page == footer.page && $0.rect.x <= footer.box.x + 0.5
            && footer.box.x + footer.box.width <= $0.rect.x + $0.rect.width + 0.5
        })
      {
        problems += read.overFooter(
          face: back, top: footer.box.y, lines: footer.box.lines.count
        ).map {
          "\(patient.id) card \(language) \(paper): \($0)"
        }
      } else {
        problems.append("\(patient.id) card \(language) \(paper): no footer on a face")
      }
      let outside = read.outside(faces: faces, noteTop: noteTop)
      if !outside.isEmpty, !Self.knownOpen.contains("\(patient.id) \(language)") {
        problems.append(
          "\(patient.id) card \(language) \(paper): \(outside.count) words outside, "
            + outside.prefix(3).joined(separator: "; "))
      }
    }
    return problems
  }

  /// What of `patient`'s card is neither laid out on a face nor announced by its pointer
  /// ("+ 8 more conditions · + pharmacy: see the ER sheet", the pointers sharing their tail),
  /// read from the laid-out text in the family's language.
  static func unsaid(_ patient: Patient, language: String, pages: [Page]) throws -> [String] {
    let family = String(language.split(separator: "+")[0])
    let labels = try RenderFixture.labels(family)
    let laid = LayoutMeasurementTests.textBoxes(pages).map(\.box.text.plainText)
      .joined(separator: "\n")
    // A pointer's words before its tail (": see the ER sheet"), for any count it may show,
    // in the form the count takes ("+ ещё 8 заболеваний").
    func pointed(_ key: LabelKey, upTo count: Int) -> Bool {
      (1...max(count, 1)).contains { shown in
        let text = labels.format(key, count: shown, as: "count")
        let head = text.prefix { $0 != ":" && $0 != "：" }
        return laid.contains(head)
      }
    }
    var missing: [String] = []
    if !laid.contains(labels[.language]) || !laid.contains(labels[.interpreter]) {
      missing.append("no language and interpreter line")
    }
    if let pharmacy = patient.pharmacy, !laid.contains(pharmacy.name),
      !pointed(.cardMorePharmacy, upTo: 1)
    {
      missing.append("neither '\(pharmacy.name)' nor its pointer")
    }
    if let device = patient.devices.first, !laid.contains(device.name),
      !pointed(.cardMoreDevices, upTo: patient.devices.count)
    {
      missing.append("neither '\(device.name)' nor the devices' pointer")
    }
    if let condition = patient.conditions.first, !laid.contains(condition.name),
      !pointed(.cardMoreConditions, upTo: patient.conditions.count)
    {
      missing.append("neither '\(condition.name)' nor the conditions' pointer")
    }
    return missing
  }

  /// Left open, named so a new one fails: none. The adversarial record's fronts in tl+en,
  /// ru+en and ar+en ran their language and interpreter line past the outline at the smallest
  /// type until the back's shorter contacts heading, its pointers sharing one tail, and its
  /// pharmacy giving way to its pointer made room for it there (issue 30).
  static let knownOpen: Set<String> = []

  /// The back's footer as laid out: the one text drawn as page furniture on a card.
  static func footer(_ pages: [Page]) -> (page: Int, box: TextBox)? {
    LayoutMeasurementTests.textBoxes(pages).first { $0.furniture }.map { ($0.page, $0.box) }
  }
}
