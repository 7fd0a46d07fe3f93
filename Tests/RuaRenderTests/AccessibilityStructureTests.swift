// SPDX-License-Identifier: Apache-2.0
import Foundation
import RuaCore
import RuaDocuments
import Testing

@testable import RuaRender

/// What a screen reader gets from the tagged PDF, read back with poppler (`pdfinfo
/// -struct-text`) and qpdf, never with rua-paper's own reader (issue 33; the corpus-wide check
/// with independent validators is scripts/accessibility-check).
@Suite struct AccessibilityStructureTests {
  static func structText(_ pdf: [UInt8]) throws -> String {
    try RenderFixture.poppler("pdfinfo", ["-struct-text"], pdf: pdf)
  }

  /// The quoted texts of `pdfinfo -struct-text`, element by element.
  static func elementTexts(_ pdf: [UInt8]) throws -> [String] {
    try structText(pdf).split(separator: "\n").compactMap { line in
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      guard trimmed.hasPrefix("\""), trimmed.hasSuffix("\""), trimmed.count >= 2 else { return nil }
      return String(trimmed.dropFirst().dropLast())
    }
  }

  static func qdf(_ pdf: [UInt8]) throws -> String {
    try RenderFixture.objects(pdf).joined(separator: "endobj")
  }

  /// The typical patient's wallet card with `first`'s labels and English beside them.
  static func bilingualCard(_ first: String) throws -> [UInt8] {
    var (document, template) = try DocumentFixture.walletCard(SamplePatients.typical)
    let table = try DocumentFixture.drugClasses
    let patient = SamplePatients.typical
    document = WalletCard.build(
      patient: patient,
      facts: ERFacts.derive(patient: patient, table: table, today: DocumentFixture.today),
      today: DocumentFixture.today, printedAt: "2026-11-29 12:00",
      labels: try RenderFixture.labels(first).bilingual(RenderFixture.labels("en")),
      template: template, contentVersion: "drug classes", pendingReview: true)
    return try DocumentFixture.render((document, template)).bytes
  }

  /// A bilingual sheet: Chinese labels with English under them.
  static func bilingualSheet(_ first: String) throws -> [UInt8] {
    let template = try RenderFixture.template()
    let patient = SamplePatients.typical
    let table = SamplePatients.drugClasses
    let facts = ERFacts.derive(patient: patient, table: table, today: SamplePatients.today)
    let labels = try RenderFixture.labels(first).bilingual(RenderFixture.labels("en"))
    let document = ERSheet.build(
      patient: patient, facts: facts, today: SamplePatients.today,
      informationAsOf: labels.format(date: day(2026, 11, 1)), printedAt: "2026-11-29 12:00",
      labels: labels, template: template, contentVersion: String(table.contentVersion),
      pendingReview: true)
    let renderer = try PDFRenderer(fontsConf: RenderFixture.fontsConf)
    return try renderer.render(
      document, template: template, now: RenderFixture.now, creator: "rua-paper test"
    ).bytes
  }

  @Test func aBandsLabelIsAWordApartFromItsValue() throws {
    let texts = try Self.elementTexts(RenderFixture.render(SamplePatients.typical).bytes)
    let band = try #require(texts.first { $0.hasPrefix("ALLERGIES") })
    #expect(band.hasPrefix("ALLERGIES "), "\(band)")
    let code = try #require(texts.first { $0.hasPrefix("CODE STATUS") })
    #expect(code.hasPrefix("CODE STATUS "), "\(code)")
  }

  @Test func noElementIsCutAtALigatureOrAWrap() throws {
    let pdf = try RenderFixture.render(SamplePatients.large).bytes
    let texts = try Self.elementTexts(pdf)
    // "fi" was a ligature, drawn as a nested ActualText span where poppler stopped.
    #expect(!texts.contains { $0.hasSuffix("ﬁ") || $0.contains("ﬁ") || $0.contains("ﬂ") })
    #expect(texts.contains { $0.contains("fibrillation") })
    #expect(!(try Self.qdf(pdf)).contains("/ActualText"), "an English page needs no ActualText")
  }

  @Test func aLineBreakInsideACellIsASpace() {
    #expect(
      TextLayout.spacedBreaks(["Dec 25, 2026", "\n24 days left"]) == [
        "Dec 25, 2026 ", "\n24 days left",
      ])
    #expect(TextLayout.spacedBreaks(["a\nb", "c "]) == ["a \nb", "c "])
    #expect(TextLayout.spacedBreaks(["a \nb"]) == ["a \nb"], "a space already there is kept alone")
  }

  @Test func theReviewStampIsReadBeforeTheBody() throws {
    let text = try Self.structText(RenderFixture.render(SamplePatients.typical).bytes)
    let stamp = try #require(text.range(of: "PENDING CLINICIAN REVIEW"))
    let name = try #require(text.range(of: "Roberta"))
    #expect(stamp.lowerBound < name.lowerBound, "the stamp precedes the H1")
  }

  @Test func theHeadingHasNoRunOfSpaces() throws {
    let objects = try RenderFixture.objects(RenderFixture.render(SamplePatients.typical).bytes)
    let texts = try Self.elementTexts(RenderFixture.render(SamplePatients.typical).bytes)
    let heading = try #require(texts.first { $0.contains("Roberta") })
    #expect(!heading.contains("  "), "\(heading)")
    #expect(!objects.isEmpty)
  }

  @Test func everyArtifactSaysWhatItIs() throws {
    let pdf = try RenderFixture.render(SamplePatients.large).bytes
    let content = try Self.qdf(pdf)
    #expect(!content.contains("/Artifact BMC"))
    #expect(content.contains("/Artifact << /Type /Pagination /Subtype /Header >> BDC"))
    #expect(content.contains("/Artifact << /Type /Pagination /Subtype /Footer >> BDC"))
    // The printed time's group names its list, which says it is a footer.
    let marked = try RenderFixture.objects(pdf).filter { $0.contains("/RuaPaperVolatile") }
    #expect(!marked.isEmpty && marked.allSatisfy { $0.contains("/Subtype /Footer") })
  }

  @Test func theMetadataClaimsPDFUA1() throws {
    let content = try Self.qdf(RenderFixture.render(SamplePatients.typical).bytes)
    #expect(content.contains("<pdfuaid:part>1</pdfuaid:part>"))
    #expect(content.contains("xmlns:pdfuaid=\"http://www.aiim.org/pdfua/ns/id/\""))
  }

  @Test func theEnglishHalfOfABilingualLabelHasItsOwnLanguage() throws {
    let pdf = try Self.bilingualSheet("zh-Hans")
    let objects = try RenderFixture.objects(pdf)
    let english = objects.filter { $0.contains("/S /Span") && $0.contains("/Lang (en-US)") }
    #expect(english.count >= 10, "every English label line is a Span with /Lang en-US")
    let texts = try Self.elementTexts(pdf)
    #expect(
      texts.contains("ALLERGIES ") && texts.contains("Current medications"), "\(texts.prefix(40))")
    #expect(!texts.contains { $0.contains("过敏ALLERGIES") }, "the two languages are apart")
  }

  @Test func aRightToLeftElementSaysItsTextInReadingOrder() throws {
    let pdf = try Self.bilingualSheet("ar")
    let content = try Self.qdf(pdf)
    // The name heading's ActualText starts with the name, as it is read, not as drawn.
    #expect(content.contains("/ActualText <feff0052006f0062006500720074"))  // "Robert…"
    // No empty span of a bidi isolate is left in the content.
    #expect(!content.contains("/ActualText <feff2066>"))
    #expect(!content.contains("/ActualText <feff2069>"))
  }

  @Test func aFillInLineIsSaidWithoutItsUnderscores() {
    #expect(
      FillIn.spoken("Reviewed by ________________________________  on  ____________________")
        == "Reviewed by … on …")
    #expect(FillIn.spoken("at ____") == "at …")
    #expect(FillIn.spoken("snake_case") == nil)
    // Underscores apart, or three in bytes but not as Characters (an accent on the third).
    #expect(FillIn.spoken("a __\u{301}_ b") == nil)
    #expect(FillIn.spoken("_ _ __ _") == nil)
    #expect(FillIn.spoken("___\u{301}") == nil)
    #expect(FillIn.spoken("____\u{301}") == "…_\u{301}")
  }

  @Test func emptyBidiSpansAreRemovedAndNothingElse() {
    let content = Array(
      "BT /Span << /ActualText <feff2066> >> BDC\nEMC\n(a) Tj /Span << /ActualText <feff0644> >> BDC\n(b) Tj EMC ET"
        .utf8)
    let stripped = BidiControlSpans.strip(content).map { String(decoding: $0, as: UTF8.self) }
    #expect(stripped == "BT (a) Tj /Span << /ActualText <feff0644> >> BDC\n(b) Tj EMC ET")
    #expect(
      BidiControlSpans.strip(Array("(/Span << /ActualText <feff2066> >> BDC EMC) Tj".utf8)) == nil)
  }

  /// The wallet card's stamp is drawn on its back, last; it is read before the name, as on the
  /// other documents (issue 33), on a sheet of paper and on card paper (two pages).
  @Test(arguments: [Paper.letter, .card])
  func theWalletCardsStampIsReadBeforeTheName(paper: Paper) throws {
    let pdf = try DocumentFixture.render(
      DocumentFixture.walletCard(SamplePatients.typical, paper: paper))
    let text = try Self.structText(pdf.bytes)
    let stamp = try #require(text.range(of: "PENDING CLINICIAN REVIEW"))
    let heading = try #require(text.range(of: "H1"))
    #expect(stamp.lowerBound < heading.lowerBound, "\(text.prefix(600))")
  }

  /// A bilingual label set on one line ("过敏 ALLERGIES", a card's band label) is two
  /// elements: the English half a `Span` with `/Lang (en-US)` of its own (issue 33).
  @Test func theEnglishHalfOfALabelOnOneLineHasItsOwnLanguage() throws {
    let pdf = try Self.bilingualCard("zh-Hans")
    let texts = try Self.elementTexts(pdf)
    // The card sets its pairs on one line after " / " (issue 30), which its span holds.
    #expect(
      texts.contains { $0.trimmingCharacters(in: CharacterSet(charactersIn: " /")) == "ALLERGIES" },
      "\(texts)")
    #expect(!texts.contains { $0.contains("过敏") && $0.contains("ALLERGIES") }, "\(texts)")
    let english = try RenderFixture.objects(pdf).filter {
      $0.contains("/S /Span") && $0.contains("/Lang (en-US)")
    }
    #expect(english.count >= 4)
  }
}
