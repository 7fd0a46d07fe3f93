// SPDX-License-Identifier: Apache-2.0
import Foundation
import RuaRender
import Testing

/// The calls the executable defines in place of its libraries' (docs/architecture.md,
/// "Threads"): they must be the ones the libraries reach, and they must be used.
@Suite struct InterposedCallsTests {
  @Test func pangosMatchingRunsOnTheRenderingThreadAndCairoIsHandedItsFaces() throws {
    #expect(KeptFontFaces.isInstalled, "cairo would open and close Pango's faces itself")
    let before = InlinePangoMatching.ranInline
    // A fresh renderer has a fresh font map, so its patterns are matched again.
    let patient = try DocumentFixture.sample()[0]
    _ = try DocumentFixture.render(try RenderFixture.sheet(patient, language: "ar"))
    #expect(InlinePangoMatching.ranInline > before, "no font match ran on the calling thread")
    #expect(KeptFontFaces.count >= 2, "the sheet was drawn with \(KeptFontFaces.count) kept faces")
  }
}
