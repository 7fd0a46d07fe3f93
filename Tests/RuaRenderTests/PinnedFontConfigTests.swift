// SPDX-License-Identifier: Apache-2.0
import Testing

@testable import RuaRender

/// A renderer makes its pinned fontconfig file the current configuration before Pango starts
/// fontconfig, so the system's configuration and fonts are never loaded for it.
@Suite struct PinnedFontConfigTests {
  @Test func theCurrentConfigIsAPinnedOneNotTheSystems() throws {
    let renderer = try PDFRenderer(fontsConf: RenderFixture.fontsConf)
    _ = try RenderFixture.render(SamplePatients.typical)
    let files = FontMap.currentConfigFiles
    #expect(!files.isEmpty)
    #expect(!files.contains { $0.hasPrefix("/etc/fonts/") }, "\(files)")
    withExtendedLifetime(renderer) {}
  }
}
