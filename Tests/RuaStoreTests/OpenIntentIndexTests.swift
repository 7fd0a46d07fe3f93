// SPDX-License-Identifier: Apache-2.0
import Foundation
import RuaCore
import RuaTestSupport
import Testing

@testable import RuaStore

/// Every start asks whether an intent is still open; schema 4's partial indexes answer it
/// without reading the log, and the answer stays right when an index is lost.
@Suite("Open intents: answered from the indexes")
struct OpenIntentIndexTests {
  func entry(_ outcome: AccessOutcome, closing intent: Int64? = nil) -> AccessEntry {
    AccessEntry(
      patientID: "p-robert", document: "er-sheet", action: "export", destination: "/tmp/x.pdf",
      sha256: SHA256.hex(Array(outcome.rawValue.utf8)), pages: 1, toolVersion: "0.1.0",
      contentVersion: "1", outcome: outcome, intentID: intent)
  }

  @Test func theCheckReadsBothPartialIndexes() throws {
    let folder = TemporaryFolder()
    let store = try Store.create(folder.location, actor: .tester)
    // The plan's fourth column is its text ("SCAN access_log USING COVERING INDEX …").
    let statement = try store.connection.prepare(
      "EXPLAIN QUERY PLAN " + Store.openIntentQuery)
    var steps: [String] = []
    while try statement.step() { steps.append(try statement.text(3) ?? "") }
    let plan = steps.joined(separator: "\n")
    #expect(plan.contains("access_log_intents"), "\(plan)")
    #expect(plan.contains("access_log_closes"), "\(plan)")
  }

  @Test func anOpenIntentIsFoundWithAndWithoutTheIndexes() throws {
    let folder = TemporaryFolder()
    let store = try Store.create(folder.location, actor: .tester)
    let intent = try store.appendAccess(entry("intent"), now: Fixture.now)
    #expect(try store.hasOpenIntents())
    _ = try store.appendAccess(entry("completed", closing: intent.id), now: Fixture.now + 1)
    #expect(try !store.hasOpenIntents())
    _ = try store.appendAccess(entry("intent"), now: Fixture.now + 2)
    try store.connection.execute("DROP INDEX access_log_intents; DROP INDEX access_log_closes;")
    #expect(try store.hasOpenIntents())
  }
}
