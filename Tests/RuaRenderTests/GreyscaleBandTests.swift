// SPDX-License-Identifier: Apache-2.0
import RuaDocuments
import RuaRender
import Testing

/// Bands must be told apart on a black-and-white copy (issue 13): with every tone given the
/// same colours, a danger, warning, info and neutral band still draw differently.
@Suite struct GreyscaleBandTests {
  func pdf(_ tone: Tone) throws -> [UInt8] {
    var template = try RenderFixture.template()
    let grey = ToneColours(
      fill: Colour(red: 0.9, green: 0.9, blue: 0.9), border: Colour(red: 0.2, green: 0.2, blue: 0.2)
    )
    for each in Tone.allCases { template.tones[each] = grey }
    let band = Alert(
      tone: tone, label: StyledText("LABEL", style: "band-label"),
      text: StyledText("the same text", style: "band-text"))
    let document = Document(
      kind: "er-sheet", title: "t", language: "en",
      firstPageHeader: StyledText("H", style: "header"),
      continuationHeader: StyledText("H", style: "header"),
      footerLeft: StyledText("f", style: "footer"),
      footerCenter: StyledText("c", style: "footer-center"), pageNumberFormat: "{page}/{pages}",
      pageNumberStyle: "footer-right", blocks: [.alert(band)])
    return try PDFRenderer(fontsConf: RenderFixture.fontsConf).render(
      document, template: template, now: RenderFixture.now, creator: "t"
    ).bytes
  }

  @Test func tonesDrawDifferentlyWhenTheirColoursAreTheSame() throws {
    let drawings = try Tone.allCases.map(pdf)
    #expect(Set(drawings).count == Tone.allCases.count)
    #expect(try pdf(.danger) == pdf(.danger))  // and each is deterministic
  }
}
