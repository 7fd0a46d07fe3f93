// SPDX-License-Identifier: Apache-2.0
import Foundation
import Glibc
import RuaCore
import RuaStore
import Synchronization
import Testing

@testable import RuaPaperKit

/// The ledger the signal thread and the delivering threads share: each intent ends with
/// exactly one outcome, whoever writes it, and nothing starts after a signal.
@Suite("delivery ledger")
struct DeliveryLedgerTests {
  private func store(_ fixture: KitFixture) throws -> Store {
    try Store.open(fixture.location, actor: .current())
  }

  private func intent(_ name: String) -> AccessEntry {
    AccessEntry(
      patientID: "p-1", document: "er-sheet", action: "export", destination: name,
      toolVersion: "test", outcome: AccessOutcome.intent, processID: getpid())
  }

  @Test func aSignalCancelsWaitingIntentsAndWaitsForTheOneBeingPlaced() throws {
    let fixture = try KitFixture()
    let store = try store(fixture)
    let ledger = DeliveryLedger()
    let intents = try ledger.open(at: store.location) { () throws(PaperError) in
      do throws(StoreError) {
        return try store.appendAccess(
          [intent("a.pdf"), intent("b.pdf")], now: fixture.now)
      } catch {
        throw PaperError(error.description, kind: .io)
      }
    }
    #expect(ledger.take(intents[0].id))  // a.pdf: its bytes are being placed

    let cancelled = Atomic<Int>(-1)
    let signalThread = Thread {
      cancelled.store(
        ledger.stop(signal: SIGINT, wait: 10), ordering: .sequentiallyConsistent)
    }
    signalThread.start()
    // The signal thread claims b.pdf at once but must wait for a.pdf's own outcome.
    var claimed = false
    for _ in 0..<200 where !claimed {
      claimed = ledger.isStopping
      usleep(5_000)
    }
    #expect(claimed)
    #expect(!ledger.take(intents[1].id), "a claimed intent is not the delivering thread's")
    usleep(100_000)
    #expect(cancelled.load(ordering: .sequentiallyConsistent) == -1, "it waits for a.pdf")
    var outcome = intents[0].entry
    outcome.outcome = AccessOutcome.completed
    outcome.intentID = intents[0].id
    outcome.processID = nil
    try store.appendAccess(outcome, now: fixture.now)
    ledger.close([intents[0].id])
    for _ in 0..<400 where cancelled.load(ordering: .sequentiallyConsistent) == -1 {
      usleep(10_000)
    }
    #expect(cancelled.load(ordering: .sequentiallyConsistent) == 1)

    let rows = try store.accessLog()
    for intent in intents {
      let outcomes = rows.filter { $0.entry.intentID == intent.id }.map(\.entry.outcome)
      #expect(outcomes.count == 1, "\(intent.entry.destination ?? "") has \(outcomes)")
    }
    #expect(rows.last?.entry.outcome == AccessOutcome.cancelled)
    #expect(rows.last?.entry.intentID == intents[1].id)

    // After the signal nothing new is committed.
    #expect(throws: PaperError.self) {
      _ = try ledger.open(at: store.location) { () throws(PaperError) in
        Issue.record("an intent was committed after the signal")
        return []
      }
    }
    #expect(try store.accessLog().count == rows.count)
  }

  /// Once a command has said how it ended, a later signal must not add a second account: the
  /// signal thread reads `hasReported` before printing "stopped by …".
  @Test func aReportedEndIsRemembered() {
    let ledger = DeliveryLedger()
    #expect(!ledger.hasReported)
    ledger.holdExit()
    ledger.markReported()
    ledger.releaseExit()
    #expect(ledger.hasReported && !ledger.isHeld)
  }
}
