// SPDX-License-Identifier: Apache-2.0
import Foundation
import RuaCore
import RuaTestSupport
import Testing

@testable import RuaStore

/// Issue 34 (from the round before): a write that fails on the disk says what the store holds
/// now and what to do, and says "rolled back" only when nothing was written.
@Suite struct FailedWriteOutcomeTests {
  // SQLite's result codes (sqlite3.h): SQLITE_FULL, SQLITE_IOERR_WRITE, SQLITE_IOERR_DIR_FSYNC.
  private let SQLITE_FULL: Int32 = 13
  private let SQLITE_IOERR_WRITE: Int32 = 10 | (3 << 8)
  private let SQLITE_IOERR_DIR_FSYNC: Int32 = 10 | (5 << 8)

  @Test func aJournalLeftBehindIsNamedAndNeverCalledRolledBack() {
    for committing in [false, true] {
      let text = Connection.writeOutcome(
        code: SQLITE_FULL, committing: committing, stillOpen: true,
        journal: "/x/store.db-journal")
      #expect(text.contains("not completed: /x/store.db-journal holds what undoes it"))
      #expect(text.contains("do not delete that file"))
      #expect(text.contains("free some space, then run 'rua-paper doctor'"))
      #expect(!text.contains("rolled back"))
    }
  }

  @Test func anIOErrorOnCommitSaysWhetherAnythingWasWrittenAndWhatToDo() {
    let unsure = Connection.writeOutcome(
      code: SQLITE_IOERR_WRITE, committing: true, stillOpen: false, journal: nil)
    #expect(unsure.contains("may or may not have been written"))
    #expect(unsure.contains("run 'rua-paper doctor'") && unsure.contains("'rua-paper changes'"))
    #expect(unsure.contains("check the disk"))
    let synced = Connection.writeOutcome(
      code: SQLITE_IOERR_DIR_FSYNC, committing: true, stillOpen: false, journal: nil)
    #expect(synced.contains("the change was written, but its folder could not be synced"))
    let full = Connection.writeOutcome(
      code: SQLITE_FULL, committing: true, stillOpen: false, journal: nil)
    #expect(full.contains("nothing was written (the change was rolled back)"))
  }

  @Test func aDiskFailureBeforeCommitIsRolledBackAndSaysSo() throws {
    let folder = TemporaryFolder("rua-failed-write")
    let store = try Store.create(folder.location, actor: .tester)
    let before = Fixture.fileHash(folder.location.database)
    var caught: StoreError?
    do throws(StoreError) {
      try store.connection.transaction(immediate: true) { () throws(StoreError) in
        try store.connection.execute("INSERT INTO circle (key, value) VALUES ('k', 'v')")
        throw StoreError(.io, "writing a page", code: SQLITE_IOERR_WRITE)
      }
    } catch {
      caught = error
    }
    let error = try #require(caught)
    #expect(error.kind == .io)
    #expect(error.advice?.contains("nothing was written (the change was rolled back)") == true)
    #expect(Fixture.fileHash(folder.location.database) == before)
    #expect(!FileManager.default.fileExists(atPath: folder.location.database + "-journal"))
  }
}
