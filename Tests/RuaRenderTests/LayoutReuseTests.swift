// SPDX-License-Identifier: Apache-2.0
import Foundation
import RuaDocuments
import RuaRender
import Testing

/// A renderer keeps the layouts of earlier documents for the next ones (a batch reuses every
/// label and sentence). Whatever it rendered before, a document must come out byte for byte as
/// from a fresh renderer.
@Suite("Layouts reused across documents")
struct LayoutReuseTests {
  @Test func aDocumentIsTheSameBytesAfterOtherDocumentsAsFromAFreshRenderer() throws {
    let (typical, erTemplate) = try RenderFixture.sheet(SamplePatients.typical)
    let (crowded, _) = try RenderFixture.sheet(SamplePatients.crowded)
    let (spanish, _) = try RenderFixture.sheet(SamplePatients.typical, language: "es")
    let list = try DocumentFixture.medicationList(SamplePatients.crowded)

    let fresh = try PDFRenderer(fontsConf: RenderFixture.fontsConf)
    let alone = try fresh.render(
      typical, template: erTemplate, now: RenderFixture.now, creator: "rua-paper test")

    let reused = try PDFRenderer(fontsConf: RenderFixture.fontsConf)
    for (document, template) in [(crowded, erTemplate), (spanish, erTemplate), list] {
      _ = try reused.render(
        document, template: template, now: RenderFixture.now, creator: "rua-paper test")
    }
    let after = try reused.render(
      typical, template: erTemplate, now: RenderFixture.now, creator: "rua-paper test")
    let again = try reused.render(
      typical, template: erTemplate, now: RenderFixture.now, creator: "rua-paper test")

    #expect(after.bytes == alone.bytes)
    #expect(again.bytes == alone.bytes)
    #expect(after.pageCount == alone.pageCount)
  }

  @Test(arguments: ["es", "ar"])
  func theSameTextInAnotherLanguageIsShapedForThatLanguage(language: String) throws {
    // The cache serves one language and direction: a sheet after an English one must not
    // reuse English (left-to-right) layouts.
    let (english, template) = try RenderFixture.sheet(SamplePatients.typical)
    let (spanish, _) = try RenderFixture.sheet(SamplePatients.typical, language: language)
    let fresh = try PDFRenderer(fontsConf: RenderFixture.fontsConf)
    let spanishAlone = try fresh.render(
      spanish, template: template, now: RenderFixture.now, creator: "rua-paper test")
    let reused = try PDFRenderer(fontsConf: RenderFixture.fontsConf)
    _ = try reused.render(
      english, template: template, now: RenderFixture.now, creator: "rua-paper test")
    let spanishAfter = try reused.render(
      spanish, template: template, now: RenderFixture.now, creator: "rua-paper test")
    #expect(spanishAfter.bytes == spanishAlone.bytes)
  }
}
