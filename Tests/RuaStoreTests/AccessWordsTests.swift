// SPDX-License-Identifier: Apache-2.0
import Foundation
import RuaCore
import RuaTestSupport
import Testing

@testable import RuaStore

/// Issue 26: typed actions and outcomes at the store boundary, whose raw strings are the bytes
/// the rows store and the chain hashes; an Instant for the row's time; the writer injected.
@Suite("Access log: typed words, instants, the injected writer")
struct AccessWordsTests {
  static let rawOutcomes = [
    "intent", "completed", "cancelled", "outcome-unknown",
    "outcome-unknown: the scheduler went away; the document may have printed",
    "failed: cannot write er.pdf: No space left on device", "repaired: restored the triggers",
    "ok", "failed:no space", "failed: ", "", "Completed", "completed ",
  ]

  @Test(arguments: rawOutcomes)
  func everyOutcomeTextReadsBackByteForByte(text: String) {
    #expect(AccessOutcome(rawValue: text).rawValue == text)
  }

  @Test(arguments: ["export", "share", "print", "repair", "remove", "print-intent", "", "Export"])
  func everyActionTextReadsBackByteForByte(text: String) {
    #expect(AccessAction(rawValue: text).rawValue == text)
  }

  @Test func theWordsThisVersionWritesAreTheirCases() {
    #expect(AccessOutcome(rawValue: "failed: disk full") == .failed("disk full"))
    #expect(AccessOutcome(rawValue: "outcome-unknown") == .unknown)
    #expect(AccessOutcome(rawValue: "outcome-unknown: gone") == .unknownBecause("gone"))
    #expect(AccessOutcome(rawValue: "repaired: x") == .repaired("x"))
    #expect(AccessOutcome(rawValue: "intent") == .intent)
    #expect(AccessOutcome(rawValue: "failed:x") == .other("failed:x"))
    #expect(AccessOutcome.failed("x").isFailure && !AccessOutcome.completed.isFailure)
    #expect(AccessAction(rawValue: "print") == .print)
    // Equal by their stored words, however they were made.
    #expect(AccessAction.other("share") == .share)
    #expect(Set([AccessOutcome.other("completed"), .completed]).count == 1)
  }

  @Test func rowsWithWordsThisVersionDoesNotWriteStillVerifyAndReadBackExactly() throws {
    let folder = TemporaryFolder()
    let store = try Store.create(folder.location, actor: .tester)
    let written = try store.appendAccess(
      AccessEntry(
        patientID: "p-robert", document: "er-sheet", action: "fax", toolVersion: "9.0.0",
        outcome: "queued: line busy"),
      now: Fixture.now)
    let read = try #require(try store.accessLog().first)
    #expect(read == written)
    #expect(
      read.entry.action.rawValue == "fax" && read.entry.outcome.rawValue == "queued: line busy")
    #expect(try store.accessLog(AccessQuery(action: "fax")).map(\.id) == [1])
    #expect(try store.verifyAccessLog() == nil)
  }

  @Test func theTimeIsAnInstantAndItsStoredTextIsStillHashed() throws {
    let folder = TemporaryFolder()
    let store = try Store.create(folder.location, actor: .tester)
    let row = try store.appendAccess(
      AccessEntry(
        patientID: "p-robert", document: "er-sheet", action: .export, toolVersion: "0.1.0",
        outcome: .completed),
      now: Fixture.now)
    #expect(row.time == Fixture.now && row.storedTime == "2026-11-18T11:06:40Z")
    #expect(try store.accessLog(AccessQuery(since: Fixture.now)).count == 1)
    #expect(try store.accessLog(AccessQuery(until: Fixture.now)).isEmpty)
    // The text column altered alone (the epoch left as it was) is caught by the chain.
    try store.connection.execute(
      """
      DROP TRIGGER access_log_no_update;
      UPDATE access_log SET time = '2026-11-18T11:06:41Z' WHERE id = 1;
      """)
    #expect(try store.accessLog().first?.time == Fixture.now)
    #expect(try store.verifyAccessLog() == 1)
  }

  @Test func theStoreStampsTheWriterItWasGivenAndAskedNoOne() throws {
    let folder = TemporaryFolder()
    let bea = AccessActor(userID: 4242, userName: "bea", host: "ward-3", runID: "run-bea")
    _ = try Store.create(folder.location, actor: .tester)
    let store = try Store.open(folder.location, actor: bea)
    let row = try store.appendAccess(
      AccessEntry(
        patientID: nil, document: "binder", action: .print, toolVersion: "0.1.0",
        outcome: .intent))
    #expect(row.actor == bea)
    #expect(try store.accessLog().first?.actor == bea)
  }
}
