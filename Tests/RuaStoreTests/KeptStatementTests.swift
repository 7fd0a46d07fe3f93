// SPDX-License-Identifier: Apache-2.0
import RuaCore
import RuaTestSupport
import Testing

@testable import RuaStore

/// `Connection.kept`: the access log's insert and head are prepared once per connection, lent
/// to one user at a time, and reset when the user is done, as a finalized statement would be.
@Suite("Kept statements")
struct KeptStatementTests {
  static let head = "SELECT id, row_hash FROM access_log ORDER BY id DESC LIMIT 1"

  func entry(_ outcome: AccessOutcome) -> AccessEntry { AccessLogTests().entry(outcome) }

  @Test func aKeptStatementIsPreparedOnceAndLentToOneUserAtATime() throws {
    let folder = TemporaryFolder()
    let store = try Store.create(folder.location, actor: .tester)
    let first = try store.connection.kept(Self.head).handle
    // Given back when its user let it go: the next one gets the same statement.
    #expect(try store.connection.kept(Self.head).handle == first)
    let held = try store.connection.kept(Self.head)
    let other = try store.connection.kept(Self.head)
    #expect(held.handle == first)
    #expect(other.handle != first)
    withExtendedLifetime(held) {}
    withExtendedLifetime(other) {}
  }

  @Test func theHeadAndTheInsertStayRightWhenRunAgain() throws {
    let folder = TemporaryFolder()
    let store = try Store.create(folder.location, actor: .tester)
    let before = try store.accessHead()
    let one = try store.appendAccess(entry("intent"), now: Fixture.now)
    let two = try store.appendAccess(entry("completed"), now: Fixture.now + 1)
    #expect(two.id == one.id + 1)
    #expect(two.previousHash == one.rowHash)
    #expect(try store.accessHead() == LogPosition(sequence: two.id, hash: two.rowHash))
    #expect(before.sequence + 2 == two.id)
    #expect(try store.accessLog().map(\.id) == [one.id, two.id])
  }

  /// A kept SELECT left on its row is reset when its user lets it go: it holds no read
  /// transaction, so another connection can still write to the file.
  @Test func aKeptStatementLeftOnARowHoldsNoLock() throws {
    let folder = TemporaryFolder()
    let store = try Store.create(folder.location, actor: .tester)
    _ = try store.appendAccess(entry("intent"), now: Fixture.now)
    do {
      let statement = try store.connection.kept(Self.head)
      #expect(try statement.step())
    }
    let writer = try Store.open(folder.location, actor: .tester)
    let written = try writer.appendAccess(entry("completed"), now: Fixture.now + 1)
    #expect(try store.accessHead().sequence == written.id)
  }
}
