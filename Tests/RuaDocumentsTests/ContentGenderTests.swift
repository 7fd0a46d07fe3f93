// SPDX-License-Identifier: Apache-2.0
import RuaCore
import Testing

@testable import RuaDocuments

/// A block's `gendered` forms (Arabic marks the person's gender on verbs and pronouns): read,
/// checked like its text, and chosen from the recorded sex, the neutral text otherwise.
@Suite struct ContentGenderTests {
  static func block(_ gendered: String) -> String {
    #"{"id": "falls.calm", "kind": "step", "text": "Stay with the person who fell.", "gendered": "#
      + gendered + #", "sources": ["CFS"], "review": {"status": "pending"}}"#
  }

  @Test func formsAreChosenFromTheRecordedSex() throws {
    let file = try ContentFile.parse(
      path: "content/falls.en.json",
      bytes: ContentFixture.guide(
        language: "en",
        blocks: [Self.block(#"{"female": "Stay with her.", "male": "Stay with him."}"#)]))
    let block = try #require(file.block("falls.calm"))
    #expect(block.text(for: ContentGender(.female)) == "Stay with her.")
    #expect(block.text(for: ContentGender(.male)) == "Stay with him.")
    for sex in [Sex.other, .unknown, nil] {
      #expect(block.text(for: ContentGender(sex)) == "Stay with the person who fell.")
    }
  }

  /// A changed form is changed text: the hash the lock records changes with it (it did not,
  /// so a form could change under an approved block without a new version).
  @Test func aChangedFormChangesTheHash() throws {
    func unit(_ female: String) throws -> ContentUnit {
      ContentUnit(
        try ContentFile.parse(
          path: "content/falls.en.json",
          bytes: ContentFixture.guide(
            language: "en",
            blocks: [Self.block(#"{"female": ""# + female + #"", "male": "Stay with him."}"#)])))
    }
    let before = try unit("Stay with her.")
    let after = try unit("Keep calm with her.")
    #expect(before.canonical != after.canonical)
    #expect(before.items.map(\.canonical) != after.items.map(\.canonical))
  }

  @Test func bothFormsAreRequiredAndNothingElse() {
    let problems = ContentFixture.problems { () throws(ContentFileError) in
      _ = try ContentFile.parse(
        path: "content/falls.en.json",
        bytes: ContentFixture.guide(
          language: "en", blocks: [Self.block(#"{"female": "Stay with her.", "plural": "x"}"#)]))
    }
    #expect(
      problems.map { "\($0.keyPath ?? ""): \($0.reason)" } == [
        "blocks[0].gendered.plural: unknown key; allowed keys are female, male",
        "blocks[0].gendered.male: is missing",
      ])
  }

  @Test func aFormKeepsTheTextsPlaceholdersAndIsPlain() {
    let problems = ContentFixture.problems { () throws(ContentFileError) in
      _ = try ContentFile.parse(
        path: "content/falls.en.json",
        bytes: ContentFixture.guide(
          language: "en",
          blocks: [Self.block(#"{"female": "Stay with {name}.", "male": "Stay <b>with</b> him."}"#)]
        ))
    }
    #expect(
      problems.map { "\($0.keyPath ?? ""): \($0.reason)" } == [
        "blocks[0].gendered.female: must use the same placeholders as the block's text",
        "blocks[0].gendered.male: must be plain text; '<' and '>' are not allowed",
      ])
  }
}
