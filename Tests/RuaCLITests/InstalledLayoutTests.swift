// SPDX-License-Identifier: Apache-2.0
import Foundation
import RuaCLITestSupport
import Testing

@testable import RuaCLI
@testable import RuaPaperKit

/// An installed binary finds its templates in `BIN/../share/rua-paper/templates`.
@Suite("installed layout")
struct InstalledLayoutTests {
  @Test func anInstalledBinaryFindsTheSharedTemplates() throws {
    let box = CLISandbox()
    let prefix = box.file("prefix")
    try FileManager.default.createDirectory(
      atPath: prefix + "/share/rua-paper/templates", withIntermediateDirectories: true)
    try FileManager.default.createDirectory(
      atPath: prefix + "/bin", withIntermediateDirectories: true)
    let executable = prefix + "/bin/rua-paper"
    #expect(
      TemplatesLocation.find(explicit: nil, environment: [:], executable: executable)
        == prefix + "/share/rua-paper/templates")
    // --templates and RUA_TEMPLATES still come first.
    #expect(
      TemplatesLocation.find(explicit: "mine", environment: [:], executable: executable)
        == "mine")
    #expect(
      TemplatesLocation.find(
        explicit: nil, environment: ["RUA_TEMPLATES": "env"], executable: executable) == "env")
    // Without the share folder: the package checkout walk, then ./templates.
    #expect(
      TemplatesLocation.find(
        explicit: nil, environment: [:], executable: box.file("elsewhere/bin/rua-paper"))
        == "templates")
  }
}
