// SPDX-License-Identifier: Apache-2.0
import Foundation
import RuaPrint
import RuaTestSupport
import Testing

@Suite struct CUPSConfigCheckTests {
  @Test(arguments: [
    ("", true),
    ("LogLevel warn\n", true),
    ("PreserveJobFiles No\n", false),
    ("preservejobfiles no", false),
    ("  PRESERVEJOBFILES   NO  \n", false),
    ("\tPreserveJobFiles\tNo\r\n", false),
    ("PreserveJobFiles Off", false),
    ("PreserveJobFiles false", false),
    ("PreserveJobFiles 0", false),
    ("PreserveJobFiles Yes", true),
    ("PreserveJobFiles 86400", true),
    ("PreserveJobFiles 1d", true),
    ("# PreserveJobFiles No\n", true),
    ("#PreserveJobFiles No", true),
    ("PreserveJobFiles No # no copies in the spool\n", false),
    ("PreserveJobFiles No\nPreserveJobFiles Yes\n", true),
    ("PreserveJobFiles Yes\nPreserveJobFiles No\n", false),
    ("PreserveJobFiles No\n# PreserveJobFiles Yes\n", false),
    ("PreserveJobHistory No\n", true),
    ("PreserveJobFilesNo\n", true),
    ("PreserveJobFiles\n", true),
  ])
  func preserveJobFilesFollowsTheLastUncommentedDirective(conf: String, preserves: Bool) {
    #expect(CUPSConfigCheck.preservesJobFiles(cupsdConf: conf) == preserves)
  }

  @Test func theConfigurationPathFollowsTheServerRoot() {
    #expect(CUPSConfigCheck.configPath(serverRoot: nil) == "/etc/cups/cupsd.conf")
    #expect(CUPSConfigCheck.configPath(serverRoot: "") == "/etc/cups/cupsd.conf")
    #expect(CUPSConfigCheck.configPath(serverRoot: "/opt/cups") == "/opt/cups/cupsd.conf")
    #expect(CUPSConfigCheck.configPath(serverRoot: "/opt/cups/") == "/opt/cups/cupsd.conf")
  }

  @Test func aConfigurationThatKeepsDocumentsGetsTheAdvice() throws {
    try withServerRoot(conf: "LogLevel warn\nPreserveJobFiles Yes\n") { root in
      let report = CUPSConfigCheck.check(serverRoot: root, server: root + "/no.sock")
      #expect(report.configPath == root + "/cupsd.conf")
      #expect(report.jobFiles == .preserved)
      #expect(!report.isHealthy)
      #expect(report.defaultDestination == nil)
      let warning = try #require(report.lines.first)
      #expect(warning.hasPrefix("warning:"))
      #expect(warning.contains("PreserveJobFiles No"))
      #expect(warning.contains("restart"))
    }
  }

  @Test func aConfigurationThatRemovesDocumentsIsHealthy() throws {
    try withServerRoot(conf: "PreserveJobFiles No\n") { root in
      let report = CUPSConfigCheck.check(serverRoot: root, server: root + "/no.sock")
      #expect(report.jobFiles == .removed)
      #expect(report.isHealthy)
      #expect(report.lines.first?.hasPrefix("ok:") == true)
      #expect(report.lines.contains { $0.contains("lpoptions -d") })
    }
  }

  @Test func aMissingConfigurationIsReportedNotGuessed() throws {
    try withServerRoot(conf: nil) { root in
      let report = CUPSConfigCheck.check(serverRoot: root, server: root + "/no.sock")
      guard case .unknown(let reason) = report.jobFiles else {
        Issue.record("expected an unknown retention, got \(report.jobFiles)")
        return
      }
      #expect(reason.contains(root + "/cupsd.conf"))
      #expect(!report.isHealthy)
    }
  }

  private func withServerRoot(conf: String?, _ body: (String) throws -> Void) throws {
    let root = TemporaryFolder("rua-cupsconf")
    if let conf { try root.write("cupsd.conf", conf) }
    try body(root.path)
  }
}
