// SPDX-License-Identifier: Apache-2.0
import RuaPaperKit
import Testing

@testable import RuaStore

/// `doctor` without argv: the findings about a store and its access log, the verdict a script
/// gets, and the repair that mends a dropped trigger.
@Suite struct StoreCheckupTests {
  private func texts(_ findings: [StoreCheckup.Finding], _ label: String) -> [String] {
    findings.filter { $0.label == label }.map(\.text)
  }

  @Test func aSoundStoreIsReadyAndSaysWhy() throws {
    let fixture = try KitFixture()
    let files = StoreCheckup.files(fixture.location)
    #expect(texts(files, "store:") == [fixture.location.database])
    #expect(texts(files, "key file:") == [fixture.location.keyFile])
    let (findings, verdict, advice) = StoreCheckup.inspect(fixture.location, environment: [:])
    guard case .ready = verdict else {
      Issue.record("not ready: \(findings)")
      return
    }
    #expect(advice == nil)
    #expect(texts(findings, "access log:").contains("hash chain intact"))
    #expect(texts(findings, "access log:").contains("append-only triggers present"))
    #expect(texts(findings, "state:") == ["ready"])
  }

  @Test func aMissingStoreIsNamedAndRefused() throws {
    let fixture = try KitFixture()
    let missing = StoreLocation(
      database: fixture.folder + "/none.db", keyFile: fixture.folder + "/none-key")
    #expect(texts(StoreCheckup.files(missing), "store:") == [missing.database + " (missing)"])
    let (_, verdict, advice) = StoreCheckup.inspect(missing, environment: [:])
    guard case .refused(let error) = verdict else {
      Issue.record("a missing store was not refused: \(verdict)")
      return
    }
    #expect(error.kind == .notFound)
    #expect(advice?.isEmpty == false)
  }

  @Test func aDroppedTriggerIsUnsoundUntilRepaired() throws {
    let fixture = try KitFixture()
    try fixture.session().store.connection.execute("DROP TRIGGER access_log_no_update")
    let (findings, verdict, advice) = StoreCheckup.inspect(fixture.location, environment: [:])
    guard case .accessLogUnsound = verdict else {
      Issue.record("a dropped trigger went unnoticed: \(findings)")
      return
    }
    #expect(texts(findings, "access log:").contains { $0.contains("access_log_no_update") })
    #expect(advice?.contains("doctor --repair") == true)
    #expect(try fixture.session().repairAccessLog().contains { $0.contains("triggers") })
    guard case .ready = StoreCheckup.inspect(fixture.location, environment: [:]).verdict else {
      Issue.record("still not ready after the repair")
      return
    }
    #expect(try fixture.session().repairAccessLog() == ["nothing needed repair"])
  }
}
