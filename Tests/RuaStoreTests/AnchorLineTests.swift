// SPDX-License-Identifier: Apache-2.0
import Foundation
import RuaCore
import RuaFiles
import RuaTestSupport
import Testing

@testable import RuaStore

/// Issue 32 item 7: a write's intent is a line in the anchor file, written in place before the
/// COMMIT and dropped in the same in-place write that moves the anchor after it: two
/// `fdatasync`s of one file per commit, no folder sync, and the same tell-a-crash-from-a-cut.
extension AnchorIntentTests {
  @Test func aCommitSyncsTheAnchorFileTwiceInPlaceAndNoFolder() throws {
    let (folder, store) = try store(rows: 1)
    let anchorFile = folder.location.anchorFile
    let probe = FileProbe()
    let record = try FileProbe.$current.withValue(probe) {
      try store.appendAccess(entry("one"))
    }
    #expect(
      probe.events == [FileProbe.Event(.syncFile, anchorFile), .init(.syncFile, anchorFile)],
      "the intent before the COMMIT, the anchor after it")
    let bytes = try Files.read(anchorFile, limit: 4096)
    #expect(bytes == Array((record.position.text + "\n").utf8), "one line again afterwards")
  }

  @Test func theIntentLineIsThereWhileTheWriteIsInFlight() throws {
    let (folder, store) = try store(rows: 1)
    let anchorFile = folder.location.anchorFile
    let anchored = try store.accessHead()
    let record = try store.connection.transaction(immediate: true) { () throws(StoreError) in
      let record = try store.insertAccess(entry("in flight"), now: Store.clock())
      try AnchorIntent.write(anchorFile, record.position)
      #expect(
        AnchorFile.pending(anchorFile) == [.init(processID: getpid(), position: record.position)])
      #expect(AnchorFile.read(anchorFile) == .position(anchored), "the anchor has not moved yet")
      return record
    }
    #expect(try store.reviewAccessLog().isSound, "a live write's line naming the head")
    try AnchorIntent.advance(store.connection, anchorFile: anchorFile, to: record.position)
    #expect(AnchorFile.pending(anchorFile).isEmpty)
    #expect(AnchorFile.read(anchorFile) == .position(record.position))
  }

  @Test func aCutTailIsCaughtWhateverLineAProcessLeft() throws {
    let (folder, store) = try store(rows: 4)
    let anchorFile = folder.location.anchorFile
    let cutAway = try store.accessHead()
    try cut(store, keeping: 2)
    // Set back to the empty log, with a dead process's line naming the row that was cut.
    try Files.overwrite(
      anchorFile,
      Array("\(LogPosition.empty.text)\nnext \(try deadProcessID()) \(cutAway.text)\n".utf8))
    #expect(!(try store.reviewAccessLog().isSound))
    let refused = #expect(throws: StoreError.self) { try store.appendAccess(entry("more")) }
    #expect(refused?.kind == .accessLogTampered)
  }

  /// A process killed between the in-place write and the cut of the old bytes' tail.
  @Test func theTailOfALongerOldFileIsIgnored() throws {
    let (folder, store) = try store(rows: 3)
    let anchorFile = folder.location.anchorFile
    let head = try store.accessHead()
    let remnant = "xt 4242 3:" + String(repeating: "a", count: 64) + "\n"
    try Files.overwrite(anchorFile, Array((head.text + "\n" + remnant).utf8))
    #expect(AnchorFile.read(anchorFile) == .position(head))
    #expect(AnchorFile.pending(anchorFile).isEmpty)
    #expect(try store.reviewAccessLog().isSound)
    let next = try store.appendAccess(entry("next"))
    #expect(try Files.read(anchorFile, limit: 4096) == Array((next.position.text + "\n").utf8))
  }

  /// The signal thread writes `cancelled` rows on a connection of its own, with the same pid.
  @Test func aSecondConnectionOfThisProcessKeepsTheFirstsLine() throws {
    let (folder, store) = try store(rows: 1)
    let anchorFile = folder.location.anchorFile
    let other = try Store.open(folder.location, actor: .tester)
    let first = try store.connection.transaction(immediate: true) { () throws(StoreError) in
      let record = try store.insertAccess(entry("first"), now: Store.clock())
      try AnchorIntent.write(anchorFile, record.position)
      return record
    }
    // Committed, its anchor not moved yet: the other connection writes in between.
    let second = try other.appendAccess(entry("second"))
    #expect(
      AnchorFile.pending(anchorFile) == [.init(processID: getpid(), position: first.position)])
    #expect(AnchorFile.read(anchorFile) == .position(second.position))
    try AnchorIntent.advance(store.connection, anchorFile: anchorFile, to: first.position)
    #expect(AnchorFile.pending(anchorFile).isEmpty)
    #expect(AnchorFile.read(anchorFile) == .position(second.position), "never set back")
  }
}
