// SPDX-License-Identifier: Apache-2.0
import Foundation
import RuaCore
import RuaDocuments
import Testing

@testable import RuaRender

/// What poppler-based readers (Evince, Okular, `pdfinfo -struct-text`) get: they read glyphs,
/// not `/ActualText`, and stop an element at a nested marked-content span (issue 33).
@Suite struct PopplerReadingTests {
  /// The Arabic presentation forms of lam–alef (U+FEF5…U+FEFC), which Noto Sans Arabic's
  /// `cmap` gives for its ligature glyphs.
  static func presentationForms(_ text: String) -> [Unicode.Scalar] {
    text.unicodeScalars.filter { (0xFEF5...0xFEFC).contains($0.value) }
  }

  @Test func anArabicSheetReadsWholeWithItsLigaturesAsLetters() throws {
    let pdf = try AccessibilityStructureTests.bilingualSheet("ar")
    let texts = try AccessibilityStructureTests.elementTexts(pdf)
    // The stamp was cut at its first lam–alef ("بانتظار مراجعة طبية: عﻼ").
    #expect(texts.contains { $0.contains("علامات الأدوية لم تُراجع بعد") }, "\(texts.prefix(6))")
    #expect(texts.allSatisfy { Self.presentationForms($0).isEmpty }, "\(texts)")
    // No ActualText span is left in the content, furniture included.
    let content = try AccessibilityStructureTests.qdf(pdf)
    #expect(!content.contains("/Span << /ActualText"))
    // The page's own text (copy, search) says the letters too: ToUnicode maps the ligatures.
    let page = try RenderFixture.poppler("pdftotext", [], pdf: pdf)
    #expect(page.contains("ال"), "\(page.prefix(200))")
    #expect(Self.presentationForms(page).isEmpty, "\(page.prefix(400))")
  }

  /// A name in a script that shapes into clusters (a Devanagari conjunct with its reph, a
  /// decomposed accent) on an English page: cairo wrote each cluster as a nested span, and
  /// poppler stopped the contact's line at "अनीता शमा" (the reph had no character at all).
  @Test func aNameWithShapedClustersReadsWholeOnAnEnglishPage() throws {
    var patient = SamplePatients.typical
    patient.contacts.insert(
      Contact(name: "अनीता शर्मा Jose\u{301}", relation: "friend", phone: "(503) 555-0177"), at: 0)
    let pdf = try RenderFixture.render(patient).bytes
    let texts = try AccessibilityStructureTests.elementTexts(pdf)
    let line = try #require(texts.first { $0.contains("अनीता") }, "\(texts)")
    #expect(line.contains("555-0177"), "the element is read to its end: \(line)")
    #expect(!line.contains("\u{FFFD}"), "every glyph says a character: \(line)")
    for letter in ["र", "्", "म", "ा", "J", "e", "\u{301}"] {
      #expect(
        line.precomposedStringWithCanonicalMapping.decomposedStringWithCanonicalMapping
          .unicodeScalars.map(String.init).contains(letter), "\(letter) in \(line)")
    }
    #expect(!(try AccessibilityStructureTests.qdf(pdf)).contains("/Span << /ActualText"))
  }

  @Test func spansAreRemovedOnlyInSpokenElementsAndArtifacts() {
    let content = Array(
      """
      /P << /MCID 0 >> BDC BT /f-1-1 1 Tf /Span << /ActualText <feff06440627> >> BDC
      [<000d>]TJ
      EMC ET EMC /P << /MCID 1 >> BDC BT /Span << /ActualText <feff0028> >> BDC <0029>Tj EMC ET EMC
      /Artifact << /Type /Pagination /Subtype /Header >> BDC BT
      /Span << /ActualText <feff06440627> >> BDC <000d>Tj EMC ET EMC
      """.utf8)
    var uses = GlyphUses()
    let stripped = NestedActualTextSpans.strip(
      content, spoken: { $0 == 0 }, codeWidth: { _ in 2 }, uses: &uses
    ).map { String(decoding: $0, as: UTF8.self) }
    #expect(
      stripped == """
        /P << /MCID 0 >> BDC BT /f-1-1 1 Tf [<000d>]TJ
        ET EMC /P << /MCID 1 >> BDC BT /Span << /ActualText <feff0028> >> BDC <0029>Tj EMC ET EMC
        /Artifact << /Type /Pagination /Subtype /Header >> BDC BT
        <000d>Tj ET EMC
        """)
    // The ligature said "لا" every time it was removed; the bracket stayed in its span, a use
    // its ToUnicode entry does not explain, so it is not remapped.
    #expect(uses.remappable == ["f-1-1": [[0x00, 0x0d]: [0x06, 0x44, 0x06, 0x27]]])
    #expect(
      NestedActualTextSpans.strip(
        Array("/P << /MCID 0 >> BDC (a) Tj EMC".utf8), spoken: { _ in true },
        codeWidth: { _ in 1 }, uses: &uses) == nil)
  }

  @Test func aGlyphDrawnPlainlyOrSaidTwoWaysKeepsItsEntry() {
    var uses = GlyphUses()
    uses.spoken("f", [1], text: [0, 0x41])
    uses.spoken("f", [1], text: [0, 0x41])
    uses.spoken("f", [2], text: [0, 0x41])
    uses.plain("f", [2])
    uses.spoken("f", [3], text: [0, 0x41])
    uses.spoken("f", [3], text: [0, 0x42])
    #expect(uses.remappable == ["f": [[1]: [0, 0x41]]])
  }

  @Test func toUnicodeEntriesAreRewrittenAddedAndBracketsKept() {
    let cmap = Array(
      """
      begincmap
      1 begincodespacerange
      <0000> <ffff>
      endcodespacerange
      3 beginbfchar
      <000d> <fefc>
      <0029> <0029>
      <0030> <0041>
      endbfchar
      endcmap
      """.utf8)
    let fixed = String(
      decoding: ToUnicodeRepair.rewritten(
        cmap,
        [
          [0x00, 0x0d]: [0x06, 0x44, 0x06, 0x27], [0x00, 0x29]: [0x00, 0x28],
          [0x00, 0x40]: [0x06, 0x51],
        ]), as: UTF8.self)
    #expect(fixed.contains("<000d> <06440627>\n"))
    #expect(fixed.contains("<0029> <0029>\n"), "a mirrored bracket keeps its own character")
    #expect(fixed.contains("1 beginbfchar\n<0040> <0651>\nendbfchar\nendcmap"))
    #expect(fixed.contains("<0030> <0041>"))
  }

  /// A bilingual label's two languages are adjacent `Span`s with nothing drawn between them
  /// (a line break): a reader that runs them together must not hear "ALERGIASALLERGIES".
  @Test func adjacentSpansOfALabelSayASpaceBetweenThem() throws {
    let objects = try RenderFixture.objects(AccessibilityStructureTests.bilingualCard("es"))
    let spans = objects.filter { $0.contains("/S /Span") }
    #expect(spans.contains { $0.contains("/ActualText (ALERGIAS )") }, "\(spans.prefix(4))")
  }
}
