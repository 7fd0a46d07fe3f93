// SPDX-License-Identifier: Apache-2.0
import Foundation
import RuaCore
import RuaFiles
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

  /// A store opened, written and closed by rua-paper, then opened again: its stamp's watermark.
  func reopened(_ location: StoreLocation, _ write: (Store) throws -> Void) throws -> Store {
    do { try write(try Store.open(location, actor: .tester)) }
    return try Store.open(location, actor: .tester)
  }

  @Test func aCleanRunsStampLetsTheNextStartSkipItsClosedIntents() throws {
    let folder = TemporaryFolder()
    _ = try Store.create(folder.location, actor: .tester)
    let store = try reopened(folder.location) { store in
      let intent = try store.appendAccess(entry("intent"), now: Fixture.now)
      _ = try store.appendAccess(entry("completed", closing: intent.id), now: Fixture.now + 1)
    }
    #expect(store.intentWatermark == 2)
    #expect(try !store.hasOpenIntents())
  }

  @Test func anIntentLeftOpenStaysAboveTheWatermarkUntilItIsClosed() throws {
    let folder = TemporaryFolder()
    _ = try Store.create(folder.location, actor: .tester)
    let store = try reopened(folder.location) { store in
      let first = try store.appendAccess(entry("intent"), now: Fixture.now)
      _ = try store.appendAccess(entry("completed", closing: first.id), now: Fixture.now + 1)
      _ = try store.appendAccess(entry("intent"), now: Fixture.now + 2)  // row 3, left open
      let later = try store.appendAccess(entry("intent"), now: Fixture.now + 3)
      _ = try store.appendAccess(entry("completed", closing: later.id), now: Fixture.now + 4)
    }
    #expect(store.intentWatermark == 2, "row 3 is open, so the watermark stops before it")
    #expect(try store.hasOpenIntents())
    let closed = try reopened(folder.location) { store in
      _ = try store.appendAccess(entry("outcome-unknown", closing: 3), now: Fixture.now + 5)
    }
    #expect(closed.intentWatermark == 6)
    #expect(try !closed.hasOpenIntents())
  }

  @Test func aWatermarkRaisedInTheStampIsNotTrusted() throws {
    let folder = TemporaryFolder()
    let location = folder.location
    _ = try Store.create(location, actor: .tester)
    _ = try reopened(location) { store in
      _ = try store.appendAccess(entry("intent"), now: Fixture.now)
    }
    let path = location.database + "-checked"
    let text = String(decoding: try Files.read(path, limit: 256), as: UTF8.self)
    let fields = text.split(separator: " ")
    #expect(fields.count == 2 && fields[1] == "0", "\(text)")
    try Files.overwrite(path, Array((fields[0] + " 1").utf8))
    let store = try Store.open(location, actor: .tester)
    #expect(store.intentWatermark == 0, "a stamp whose watermark was changed vouches for nothing")
    #expect(try store.hasOpenIntents())
  }
}
