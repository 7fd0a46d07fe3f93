// SPDX-License-Identifier: Apache-2.0
import Foundation
import RuaTestSupport
import Testing

@testable import RuaStore

@Suite("Interop with Debian's sqlcipher shell")
struct InteropTests {
  @Test func shellOpensOurStoreWithTheRawKey() throws {
    let folder = TemporaryFolder()
    let store = try Store.create(folder.location, actor: .tester)
    _ = try store.save(Fixture.circle(), now: Fixture.now)
    let key = Fixture.keyHex(folder.location)
    let (output, status) = try Fixture.sqlcipherShell(
      folder.location.database,
      "PRAGMA key = \"x'\(key)'\";\nSELECT external_id FROM patients ORDER BY position;\n")
    #expect(status == 0)
    #expect(output.contains("p-robert\np-maria"), "\(output)")
    let (wrong, _) = try Fixture.sqlcipherShell(
      folder.location.database,
      "PRAGMA key = \"x'\(String(repeating: "00", count: 32))'\";\nSELECT count(*) FROM patients;\n"
    )
    #expect(!wrong.contains("p-robert"))
  }

  @Test func weOpenADatabaseTheShellCreated() throws {
    let folder = TemporaryFolder()
    _ = try Store.create(folder.location, actor: .tester)
    let key = Fixture.keyHex(folder.location)
    var location = folder.location
    location.database = folder.file("from-shell.db")
    let (_, status) = try Fixture.sqlcipherShell(
      location.database,
      "PRAGMA key = \"x'\(key)'\";\nCREATE TABLE note(text);\nINSERT INTO note VALUES ('hello');\n")
    #expect(status == 0)
    // It opens (the key and format agree), and is then refused as another application's file.
    var caught: StoreError?
    do { _ = try Store.open(location, actor: .tester) } catch { caught = error }
    #expect(caught?.kind == .notAStore, "\(String(describing: caught))")
    // A rua-paper-shaped database made by the shell opens as a store.
    location.database = folder.file("shell-store.db")
    let (_, created) = try Fixture.sqlcipherShell(
      location.database,
      "PRAGMA key = \"x'\(key)'\";\nPRAGMA user_version = 0;\nCREATE TABLE t(x);\nDROP TABLE t;\n")
    #expect(created == 0)
    let store = try Store.open(location, actor: .tester)
    #expect(try store.connection.scalarInt("PRAGMA user_version") == Int64(Schema.latestVersion))
    #expect(try store.listPatients().isEmpty)
  }
}

@Suite("Locking")
struct LockingTests {
  /// Starts the sqlcipher shell holding the write lock for `seconds`; returns once it holds it.
  /// `EXCLUSIVE` keeps readers out too, as a commit does for its last moment.
  func holdLock(_ folder: TemporaryFolder, seconds: Int, kind: String = "IMMEDIATE") throws
    -> Process
  {
    let key = Fixture.keyHex(folder.location)
    let marker = folder.file("locked")
    let holder = Process()
    holder.executableURL = URL(fileURLWithPath: "/usr/bin/sqlcipher")
    holder.arguments = [folder.location.database]
    let input = Pipe()
    holder.standardInput = input
    holder.standardOutput = FileHandle.nullDevice
    try holder.run()
    input.fileHandleForWriting.write(
      Data(
        """
        PRAGMA key = "x'\(key)'";
        BEGIN \(kind);
        CREATE TABLE lock_holder(x);
        .shell touch \(marker)
        .shell sleep \(seconds)
        ROLLBACK;

        """.utf8))
    try input.fileHandleForWriting.close()
    var waited = 0
    while !FileManager.default.fileExists(atPath: marker), waited < 500 {
      usleep(10_000)
      waited += 1
    }
    #expect(FileManager.default.fileExists(atPath: marker))
    return holder
  }

  @Test func openingWaitsForAWriterThatKeepsReadersOut() throws {
    let folder = TemporaryFolder()
    _ = try Store.create(folder.location, actor: .tester)
    let holder = try holdLock(folder, seconds: 1, kind: "EXCLUSIVE")
    let start = Date()
    let store = try Store.open(folder.location, actor: .tester)
    let elapsed = Date().timeIntervalSince(start)
    holder.waitUntilExit()
    #expect(elapsed > 0.3, "opening should have waited for the lock (\(elapsed) s)")
    #expect(try store.verifyAccessLog() == nil)
  }

  @Test func aWriterWaitsForAnotherProcessHoldingTheLock() throws {
    let folder = TemporaryFolder()
    let store = try Store.create(folder.location, actor: .tester)
    let holder = try holdLock(folder, seconds: 1)
    let start = Date()
    let summary = try store.save(Fixture.circle(), now: Fixture.now)
    let elapsed = Date().timeIntervalSince(start)
    holder.waitUntilExit()
    #expect(summary.added == 2)
    #expect(elapsed > 0.3, "the write should have waited for the lock (\(elapsed) s)")
    #expect(try store.listPatients().count == 2)
  }

  @Test func aWriterGivesUpAfterTheBusyTimeout() throws {
    let folder = TemporaryFolder()
    let store = try Store.create(folder.location, actor: .tester)
    let holder = try holdLock(folder, seconds: 7)
    var caught: StoreError?
    do { _ = try store.save(Fixture.circle(), now: Fixture.now) } catch { caught = error }
    #expect(caught?.kind == .busy, "\(String(describing: caught))")
    #expect(caught?.description.contains("locked by another process") == true)
    holder.waitUntilExit()
    #expect(try store.listPatients().isEmpty)
  }
}
