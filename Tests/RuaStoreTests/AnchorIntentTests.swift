// SPDX-License-Identifier: Apache-2.0
import Foundation
import RuaCore
import RuaFiles
import RuaTestSupport
import Testing

@testable import RuaStore

/// Issue 34: an anchor set back behind a non-empty chain (`0:000…` needs no secret) is a cut,
/// not "intact"; a process killed between its COMMIT and its anchor write is told from one by
/// the intent it wrote before committing; a migration cannot leave a store without anchor; and
/// a killed anchor write's `.rua-paper-PID-N.tmp` is swept once its process is gone.
@Suite("Access log: the anchor behind the head")
struct AnchorIntentTests {
  func entry(_ note: String) -> AccessEntry {
    AccessEntry(
      patientID: "p-robert", document: "er-sheet", action: "export", destination: "er.pdf",
      toolVersion: "0.1.0", outcome: .other(note))
  }

  func store(rows: Int) throws -> (TemporaryFolder, Store) {
    let folder = TemporaryFolder()
    let store = try Store.create(folder.location, actor: .tester)
    for index in 0..<rows { try store.appendAccess(entry("row \(index)")) }
    return (folder, store)
  }

  /// The id of a process that has exited (and been reaped).
  func deadProcessID() throws -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/true")
    try process.run()
    process.waitUntilExit()
    return process.processIdentifier
  }

  /// Cuts the rows after `keep`, as someone with the key and the triggers' SQL could.
  func cut(_ store: Store, keeping keep: Int) throws {
    try store.connection.execute(
      """
      DROP TRIGGER access_log_no_delete;
      DELETE FROM access_log WHERE id > \(keep);
      \(AccessLogGuard.triggers[1].sql);
      """)
  }

  @Test(arguments: [0, 1])
  func anAnchorSetBackAfterACutFails(to sequence: Int) throws {
    let (folder, store) = try store(rows: 5)
    try cut(store, keeping: 3)
    let anchor = try #require(try store.accessPosition(sequence: Int64(sequence)))
    try AnchorFile.write(folder.location.anchorFile, anchor)
    let head = try store.accessHead()
    #expect(head.sequence == 3)
    let review = try store.reviewAccessLog()
    #expect(
      review.anchor == .behind(anchor: anchor, head: head, file: folder.location.anchorFile))
    #expect(!review.isSound)
    #expect(review.anchor.problem?.contains("the anchor was set back") == true)
    let refused = #expect(throws: StoreError.self) { try store.appendAccess(entry("more")) }
    #expect(refused?.kind == .accessLogTampered)
    // doctor --repair re-anchors at the head and says what the anchor named.
    let repaired = try store.repairAccessLog(toolVersion: "0.1.0")
    #expect(repaired.count == 1 && repaired[0].hasPrefix("re-anchored at 3:"), "\(repaired)")
    #expect(try store.reviewAccessLog().isSound)
  }

  /// How a process killed after its COMMIT left its intent: a line in the anchor file (this
  /// build), or a `KEY.anchor.next-PID` file of its own (an older rua-paper).
  enum LeftIntent: CaseIterable { case line, olderFile }

  @Test(arguments: LeftIntent.allCases)
  func aWriteKilledAfterItsCommitIsNoCutAndTheNextWriteSettlesIt(left: LeftIntent) throws {
    let (folder, store) = try store(rows: 2)
    let anchorFile = folder.location.anchorFile
    let anchored = try store.accessHead()
    // What a process killed after COMMIT leaves: its row, its intent, the old anchor.
    let dead = try deadProcessID()
    let record = try store.connection.transaction(immediate: true) { () throws(StoreError) in
      let record = try store.insertAccess(entry("killed"), now: Store.clock())
      switch left {
      case .line:
        do throws(FileError) {
          try AnchorFile.changePending(anchorFile) {
            $0 + [.init(processID: dead, position: record.position)]
          }
        } catch { throw StoreError(error) }
      case .olderFile:
        try AnchorFile.write(AnchorIntent.path(anchorFile, processID: dead), record.position)
      }
      return record
    }
    #expect(AnchorFile.read(anchorFile) == .position(anchored))
    #expect(try store.reviewAccessLog().isSound, "an interrupted write, not a cut")
    // The next write settles it: the anchor moves to the killed write's head, the intent goes.
    let next = try store.appendAccess(entry("next"))
    #expect(next.id == record.id + 1)
    #expect(AnchorFile.read(anchorFile) == .position(next.position))
    #expect(AnchorIntent.all(anchorFile).isEmpty)
    #expect(try store.reviewAccessLog().isSound)
  }

  @Test func anIntentThatDoesNotNameTheHeadExplainsNothing() throws {
    let (folder, store) = try store(rows: 4)
    let anchorFile = folder.location.anchorFile
    try cut(store, keeping: 3)
    try AnchorFile.write(anchorFile, .empty)
    let head = try store.accessHead()
    // A forged intent without the head's hash, and one of a write that rolled back.
    try AnchorFile.write(
      AnchorIntent.path(anchorFile, processID: try deadProcessID()),
      LogPosition(sequence: 3, hash: AccessChain.genesis))
    let live = getppid()
    try AnchorFile.write(
      AnchorIntent.path(anchorFile, processID: live), LogPosition(sequence: 99, hash: head.hash))
    #expect(
      try store.reviewAccessLog().anchor == .behind(anchor: .empty, head: head, file: anchorFile))
    #expect(throws: StoreError.self) { try store.appendAccess(entry("more")) }
    #expect(AnchorIntent.all(anchorFile).map(\.processID) == [live], "the dead one is swept")
    #expect(AnchorFile.read(anchorFile) == .position(.empty), "and the anchor is not moved")
    Files.remove(AnchorIntent.path(anchorFile, processID: live))
  }

  @Test func aLiveWritesIntentNamingTheHeadExplainsTheLag() throws {
    let (folder, store) = try store(rows: 3)
    let anchorFile = folder.location.anchorFile
    let head = try store.accessHead()
    try AnchorFile.write(anchorFile, try #require(try store.accessPosition(sequence: 2)))
    try AnchorFile.write(AnchorIntent.path(anchorFile), head)
    #expect(try store.reviewAccessLog().isSound)
    Files.remove(AnchorIntent.path(anchorFile))
    #expect(!(try store.reviewAccessLog().isSound))
  }

  @Test func aWriteLeavesNoIntentBehind() throws {
    let (folder, store) = try store(rows: 1)
    try store.appendAccess([entry("a"), entry("b")])
    _ = try store.repairAccessLog(toolVersion: "0.1.0")
    #expect(AnchorIntent.all(folder.location.anchorFile).isEmpty)
    #expect(!FileManager.default.fileExists(atPath: AnchorIntent.path(folder.location.anchorFile)))
    #expect(try store.reviewAccessLog().isSound)
  }

  /// A migration whose anchor write fails (as a kill between the migration's COMMIT and that
  /// write would leave it) must not leave every later command refusing.
  @Test func aMigrationCannotLeaveTheStoreWithoutAnchor() throws {
    let folder = try SchemaOneFixture.copy()
    let location = folder.location
    let probe = FileProbe(failing: [FileProbe.Event(.rename, location.anchorFile): EIO])
    FileProbe.$current.withValue(probe) {
      #expect(throws: StoreError.self) { try Store.open(location, actor: .tester) }
    }
    let store = try Store.open(location, actor: .tester)
    #expect(try store.reviewAccessLog().isSound)
    try store.appendAccess(entry("after the migration"))
    #expect(try store.reviewAccessLog().isSound)
  }

  @Test func aKilledAnchorWritesTemporaryIsSweptOnceItsProcessIsGone() throws {
    let (folder, store) = try store(rows: 1)
    _ = store
    let keyFolder = Files.parent(folder.location.keyFile)
    let dead = keyFolder + "/.rua-paper-\(try deadProcessID())-4.tmp"
    let live = keyFolder + "/.rua-paper-\(getpid())-4.tmp"
    for path in [dead, live] { try Files.createExclusive(path, Array("1:00".utf8)) }
    _ = try Store.open(folder.location, actor: .tester)
    #expect(!FileManager.default.fileExists(atPath: dead))
    #expect(FileManager.default.fileExists(atPath: live), "a running process's is left alone")
    Files.remove(live)
  }
}
