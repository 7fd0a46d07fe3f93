// SPDX-License-Identifier: Apache-2.0
import RuaCore
import Testing

/// The character rule and the limits, case by case: what is refused, what is kept, and that a
/// refusal names the field and the code point.
@Suite struct TextRuleTableTests {
  struct Case: CustomStringConvertible, Sendable {
    let text: String
    /// The first refused code point, nil when the text is kept.
    let refused: Unicode.Scalar?
    var description: String { text.unicodeScalars.map { TextRules.codePoint($0) }.joined() }
  }

  static let scalarCases: [Case] = [
    // Bidi controls, each of them, anywhere.
    Case(text: "12\u{200F}.5 mg", refused: "\u{200F}"),
    Case(text: "5 - 10 mg\u{200E}", refused: "\u{200E}"),
    Case(text: "\u{061C}5 mg", refused: "\u{061C}"),
    Case(text: "a\u{202B}b", refused: "\u{202B}"),
    Case(text: "a\u{2067}b", refused: "\u{2067}"),
    // Zero-width and other invisible characters.
    Case(text: "Ann\u{200B}a", refused: "\u{200B}"),
    Case(text: "555\u{2060}0192", refused: "\u{2060}"),
    Case(text: "Ann\u{FEFF}a", refused: "\u{FEFF}"),
    Case(text: "Mül\u{AD}ler", refused: "\u{AD}"),
    Case(text: "Ann\u{E0020}a", refused: "\u{E0020}"),
    Case(text: "Ann\u{3164}a", refused: "\u{3164}"),
    // Joiners: kept between letters of a script that needs them, refused elsewhere.
    Case(text: "می\u{200C}خواهم", refused: nil),
    Case(text: "क्\u{200D}ष", refused: nil),
    Case(text: "ಕ\u{200D}ಕ", refused: nil),
    Case(text: "Ann\u{200D}a", refused: "\u{200D}"),
    Case(text: "Ann\u{200C}a", refused: "\u{200C}"),
    Case(text: "555\u{200D}0192", refused: "\u{200D}"),
    Case(text: "\u{200D}क", refused: "\u{200D}"),
    Case(text: "क\u{200D}", refused: "\u{200D}"),
    Case(text: "क\u{200D}ع", refused: "\u{200D}"),
    Case(text: "ع \u{200C}ع", refused: "\u{200C}"),
    Case(text: "👨\u{200D}👩", refused: nil),
    Case(text: "a\u{200D}👩", refused: "\u{200D}"),
    // Variation selectors: only right after what they select a form of.
    Case(text: "葛\u{E0100}", refused: nil),
    Case(text: "☺\u{FE0F}", refused: nil),
    Case(text: "\u{FE0F}a", refused: "\u{FE0F}"),
    Case(text: "a \u{FE0E}", refused: "\u{FE0E}"),
    Case(text: "a\u{FE0F}\u{FE0F}", refused: "\u{FE0F}"),
    // Separators and controls.
    Case(text: "a\u{2028}b", refused: "\u{2028}"),
    Case(text: "a\u{85}b", refused: "\u{85}"),
    // Kept exactly.
    Case(text: "José Ñúñez", refused: nil),
    Case(text: "ليلى حداد", refused: nil),
    Case(text: "陈美玲", refused: nil),
    Case(text: "Tiếng Việt", refused: nil),
    Case(text: "12.5 mg", refused: nil),
  ]

  @Test(arguments: scalarCases)
  func theCharacterRule(_ item: Case) {
    #expect(
      TextRules.firstForbiddenScalar(in: item.text, allowTabAndNewline: false) == item.refused)
  }

  @Test(arguments: scalarCases.filter { $0.refused != nil })
  func importRefusesTheCharacterNamingTheFieldAndCodePoint(_ item: Case) throws {
    let scalar = try #require(item.refused)
    let fields = [
      ("patients.0.phone", "patients[0].phone"),
      ("patients.0.medications.0.strength", "patients[0].medications[0].strength"),
      ("patients.0.contacts.0.name", "patients[0].contacts[0].name"),
    ]
    for (change, path) in fields {
      let document = try CareCircleFixture.base().setting(change, to: .string(item.text))
      let error = try #require(
        CareCircleFixture.refusal { () throws(CareCircleError) in
          try CareCircleFixture.decode(document)
        })
      #expect(error.path == path)
      #expect(error.reason.contains(TextRules.codePoint(scalar)), "\(error)")
    }
  }

  struct LimitCase: CustomStringConvertible, Sendable {
    let name: String
    let text: String
    let maxCharacters: Int
    /// A piece of the expected reason, nil when the text is within the limits.
    let reason: String?
    var description: String { name }
  }

  static let limitCases: [LimitCase] = [
    LimitCase(
      name: "at the limit", text: String(repeating: "a", count: 10), maxCharacters: 10, reason: nil),
    LimitCase(
      name: "one over", text: String(repeating: "a", count: 11), maxCharacters: 10,
      reason: "at most 10 characters (it has 11)"),
    LimitCase(
      name: "four marks on a letter", text: "e\u{301}\u{302}\u{303}\u{304}x", maxCharacters: 10,
      reason: nil),
    LimitCase(
      name: "five marks on a letter", text: "e\u{301}\u{302}\u{303}\u{304}\u{305}",
      maxCharacters: 10, reason: "more than 4 combining marks on one letter (U+0305 is mark 5)"),
    LimitCase(
      name: "200,000 accents on one letter",
      text: "a" + String(repeating: "\u{301}", count: 200_000), maxCharacters: 200,
      reason: "at most 2400 bytes of UTF-8 (it has 400001)"),
    LimitCase(
      name: "many accents under the byte limit",
      text: "a" + String(repeating: "\u{301}", count: 1_000), maxCharacters: 200,
      reason: "at most 800 code points (it has 1001)"),
    LimitCase(
      name: "a leading mark", text: "\u{301}abc", maxCharacters: 10,
      reason: "starts with a combining mark (U+0301)"),
    LimitCase(
      name: "an Indic conjunct is one character of several marks", text: "स्त्र्यै",
      maxCharacters: 2, reason: nil),
    LimitCase(
      name: "a Hangul syllable of 40 jamo",
      text: String(repeating: "\u{1100}", count: 39) + "\u{1161}", maxCharacters: 10,
      reason: "a character made of 40 code points"),
    LimitCase(
      name: "supplementary letters count four bytes",
      text: String(repeating: "𝐀", count: 40), maxCharacters: 10,
      reason: "at most 120 bytes of UTF-8 (it has 160)"),
  ]

  @Test(arguments: limitCases)
  func theLimits(_ item: LimitCase) {
    let problem = TextLimits.problem(in: item.text, maxCharacters: item.maxCharacters)
    if let reason = item.reason {
      #expect(problem?.contains(reason) == true, "\(problem ?? "accepted")")
    } else {
      #expect(problem == nil)
    }
  }

  @Test func aNameOfStackedAccentsIsRefusedAtImportNamingTheField() throws {
    let name = "A" + String(repeating: "\u{301}", count: 24)
    let document = try CareCircleFixture.base().setting("patients.0.fullName", to: .string(name))
    let error = CareCircleFixture.refusal { () throws(CareCircleError) in
      try CareCircleFixture.decode(document)
    }
    #expect(error?.path == "patients[0].fullName")
    #expect(error?.reason.contains("combining marks") == true)
  }

  @Test func listsHoldAtMostTheirLimit() throws {
    let medication = try #require(
      try CareCircleFixture.base().value(at: "patients.0.medications.0"))
    var many: [JSON] = []
    for index in 0...CareCircleLimits.medicationsCount {
      many.append(medication.setting("id", to: .string("m\(index)")))
    }
    let document = try CareCircleFixture.base().setting(
      "patients.0.medications", to: .array(many))
    let error = CareCircleFixture.refusal { () throws(CareCircleError) in
      try CareCircleFixture.decode(document)
    }
    #expect(error?.path == "patients[0].medications")
    #expect(error?.reason == "must list at most 100 entries (it has 101)")

    let atLimit = try CareCircleFixture.base().setting(
      "patients.0.medications", to: .array(Array(many.dropLast())))
    #expect(try CareCircleFixture.decode(atLimit).patients.first?.medications.count == 100)
  }

  @Test func onePatientHoldsAtMostItsTextBudget() throws {
    // 40 conditions with 300-character notes of 3-byte letters: each field within its limit,
    // 36,000 bytes together.
    let note = String(repeating: "陈", count: 300)
    var document = try CareCircleFixture.base()
    for index in 0..<40 {
      document = document.setting(
        "patients.0.conditions.\(index)",
        to: .object([("name", .string("c")), ("notes", .string(note))]))
    }
    let error = CareCircleFixture.refusal { () throws(CareCircleError) in
      try CareCircleFixture.decode(document)
    }
    #expect(error?.path == "patients[0]")
    #expect(
      error?.reason.contains("one patient may hold at most 32000") == true,
      "\(String(describing: error))")
  }
}
