// SPDX-License-Identifier: Apache-2.0
import RuaCore
import Testing

@Suite struct CareCircleTextRuleTests {
  static let refused: [Unicode.Scalar] = [
    "\u{00}", "\u{01}", "\u{08}", "\u{0B}", "\u{0C}", "\u{0D}", "\u{1B}", "\u{1F}", "\u{7F}",
    "\u{80}", "\u{85}", "\u{9F}", "\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}", "\u{202E}",
    "\u{2066}", "\u{2067}", "\u{2068}", "\u{2069}", "\u{FEFF}", "\u{200E}", "\u{200F}",
    "\u{061C}", "\u{200B}", "\u{200C}", "\u{200D}", "\u{2060}", "\u{2028}", "\u{2029}",
    "\u{AD}", "\u{2065}", "\u{206A}", "\u{E0041}", "\u{180E}", "\u{3164}",
  ]
  static let kept: [Unicode.Scalar] = [
    " ", "~", "\u{A0}", "\u{202F}", "\u{2010}", "\u{FEFE}", "\u{FFFD}", "é", "λ", "ж", "ع",
    "陈", "💊",
  ]

  /// Fields of every kind of object, and one array element.
  static let fields = [
    ("patients.0.fullName", "patients[0].fullName"),
    ("patients.0.alerts.0", "patients[0].alerts[0]"),
    ("patients.0.medications.0.name", "patients[0].medications[0].name"),
    ("patients.0.medications.0.fills.0.pharmacy", "patients[0].medications[0].fills[0].pharmacy"),
    ("patients.0.contacts.0.name", "patients[0].contacts[0].name"),
    ("patients.0.allergies.0.substance", "patients[0].allergies[0].substance"),
  ]

  @Test(arguments: refused)
  func refusedScalarsNameTheFieldAndTheCodePoint(_ scalar: Unicode.Scalar) throws {
    for (change, path) in Self.fields {
      let document = try CareCircleFixture.base()
        .setting(change, to: .string("Dose 0\(Character(scalar))5 mg"))
      let error = try #require(
        CareCircleFixture.refusal { () throws(CareCircleError) in
          try CareCircleFixture.decode(document)
        })
      #expect(error.path == path)
      #expect(error.reason.contains(TextRules.codePoint(scalar)), "\(error)")
      #expect(!error.description.contains("Dose"))
    }
  }

  @Test(arguments: refused)
  func notesRefuseTheSameScalars(_ scalar: Unicode.Scalar) throws {
    let document = try CareCircleFixture.base()
      .setting("patients.0.notes", to: .string("a\(Character(scalar))b"))
    let error = CareCircleFixture.refusal { () throws(CareCircleError) in
      try CareCircleFixture.decode(document)
    }
    #expect(error?.path == "patients[0].notes")
  }

  @Test(arguments: kept)
  func everythingElseIsKeptExactly(_ scalar: Unicode.Scalar) throws {
    let text = "A\(Character(scalar))B"
    let document = try CareCircleFixture.base().setting("patients.0.fullName", to: .string(text))
    let circle = try CareCircleFixture.decode(document)
    #expect(
      circle.patients.first?.fullName.unicodeScalars.elementsEqual(text.unicodeScalars) == true)
  }

  @Test(arguments: ["\t", "\n"])
  func tabAndNewlineAreAllowedOnlyInNotes(_ separator: String) throws {
    let text = "line one\(separator)line two"
    let document = try CareCircleFixture.base()
      .setting("patients.0.notes", to: .string(text))
      .setting("patients.0.conditions.0.notes", to: .string(text))
    let patient = try #require(try CareCircleFixture.decode(document).patients.first)
    #expect(patient.notes == text)
    #expect(patient.conditions.first?.notes == text)

    for (change, path) in Self.fields + [("patients.0.dependents", "patients[0].dependents")] {
      let refused = try CareCircleFixture.base().setting(change, to: .string(text))
      let error = CareCircleFixture.refusal { () throws(CareCircleError) in
        try CareCircleFixture.decode(refused)
      }
      #expect(error?.path == path)
      #expect(error?.reason.contains("allowed only in notes") == true)
    }
  }

  @Test func extensionsKeepTabsButRefuseOtherControls() throws {
    let kept = try CareCircleFixture.base()
      .setting("extensions.app.text", to: .string("  a\tb\n  "))
    let circle = try CareCircleFixture.decode(kept)
    #expect(circle.extensions?["app"]?["text"] == .string("  a\tb\n  "))

    let bidi = try CareCircleFixture.base()
      .setting("extensions.app.list", to: .array([.int(1), .string("x\u{202E}y")]))
    let error = CareCircleFixture.refusal { () throws(CareCircleError) in
      try CareCircleFixture.decode(bidi)
    }
    #expect(error?.path == "extensions.app.list[1]")
    #expect(error?.reason.contains("U+202E") == true)

    let nul = try CareCircleFixture.base().setting("extensions.a\u{0}b", to: .int(1))
    let keyError = CareCircleFixture.refusal { () throws(CareCircleError) in
      try CareCircleFixture.decode(nul)
    }
    #expect(keyError?.path == "extensions[\"aU+0000b\"]")
    #expect(keyError?.reason.contains("NUL") == true)
  }

  @Test func theRuleBoundaries() {
    #expect(TextRules.firstForbiddenScalar(in: "ok\u{9F}", allowTabAndNewline: true) == "\u{9F}")
    #expect(
      TextRules.firstForbiddenScalar(in: "ok\u{A0}\u{202F}", allowTabAndNewline: false) == nil)
    #expect(TextRules.firstForbiddenScalar(in: "a\tb\nc", allowTabAndNewline: true) == nil)
    #expect(TextRules.firstForbiddenScalar(in: "a\tb", allowTabAndNewline: false) == "\t")
    #expect(TextRules.firstForbiddenScalar(in: "a\rb", allowTabAndNewline: true) == "\r")
    #expect(
      TextRules.firstForbiddenScalar(in: "x\u{2066}y\u{202E}", allowTabAndNewline: true)
        == "\u{2066}")
  }

  @Test func anUnknownKeyWithStrangeCharactersIsQuotedInThePath() throws {
    let document = try CareCircleFixture.base().setting("patients.0.full\u{202E}Name", to: .int(1))
    let error = CareCircleFixture.refusal { () throws(CareCircleError) in
      try CareCircleFixture.decode(document)
    }
    #expect(error?.path == "patients[0][\"fullU+202EName\"]")
    #expect(error?.description.unicodeScalars.contains("\u{202E}") == false)
  }
}
