// SPDX-License-Identifier: Apache-2.0
import RuaCLI
import RuaCLITestSupport
import Testing

@testable import RuaPaperKit

@Suite("version command")
struct VersionCommandTests {
  @Test func namesTheToolAndTheLibrariesItRunsWith() {
    let result = CLISandbox().run(["version"])
    #expect(result.code == .success)
    let lines = result.stdout.split(separator: "\n").map(String.init)
    #expect(lines.first == ToolVersion.full)
    #expect(lines.contains { $0.hasPrefix("SQLCipher  4.") })
    #expect(lines.contains { $0.hasPrefix("cairo      1.") })
    #expect(lines.contains { $0.hasPrefix("pango      1.") })
    #expect(lines.contains { $0.hasPrefix("qpdf       11.") })
    #expect(lines.contains { $0.hasPrefix("poppler    ") })
    #expect(CLISandbox().run(["version", "extra"]).code == .usage)
  }
}
