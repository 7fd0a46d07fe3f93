// SPDX-License-Identifier: Apache-2.0
import Foundation
import RuaCore
import RuaDocuments
import RuaPaperKit
import Testing

@testable import RuaStore

/// Issue 32 item 7: the coordinator delivers at least `BatchPool.smallestChunk` finished
/// documents at a time (or all that are left), so a batch's commits no longer follow the
/// render speed: a batch of that many or fewer commits its intents once and its outcomes once.
@Suite("Batch delivery: chunks of at least eight")
struct BatchChunkTests {
  @Test func aBatchOfEightOrFewerIsOneChunk() throws {
    let fixture = try KitFixture()
    let session = try fixture.session()
    let before = try session.store.accessHead().sequence
    let outcome = try session.batch(
      BatchRequest(
        all: true, kinds: [.er, .falls], folder: fixture.folder + "/out", workers: 2,
        settings: try fixture.settings())
    ) { _ in }
    #expect(outcome.failures.isEmpty, "\(outcome.failures.map(\.error.message))")
    let count = outcome.documents
    #expect(count > 1 && count <= BatchPool.smallestChunk, "\(count) documents")
    let outcomes = try session.store.accessLog().filter { $0.id > before }.map(\.entry.outcome)
    let expected =
      [AccessOutcome](repeating: .intent, count: count)
      + [AccessOutcome](repeating: .completed, count: count)
    #expect(outcomes == expected, "one intent commit, then one outcome commit")
  }
}
