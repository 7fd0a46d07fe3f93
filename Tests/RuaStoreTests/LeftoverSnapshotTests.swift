// SPDX-License-Identifier: Apache-2.0
import Foundation
import RuaCore
import RuaTestSupport
import Testing

@testable import RuaStore

/// A migration killed part-way leaves `store.db.pre-migration`; the next open settles it.
@Suite("A snapshot left by an interrupted migration")
struct LeftoverSnapshotTests {
  private func madeStore(_ folder: TemporaryFolder) throws -> StoreLocation {
    let location = folder.location
    do {
      let store = try Store.create(location, actor: .tester)
      _ = try store.save(Fixture.circle(), now: Fixture.now)
    }
    return location
  }

  private func copy(_ from: String, _ to: String) throws {
    let bytes = try #require(FileManager.default.contents(atPath: from))
    #expect(FileManager.default.createFile(atPath: to, contents: bytes))
  }

  @Test func anIdenticalSnapshotIsRemovedAndTheStoreOpens() throws {
    let folder = TemporaryFolder()
    let location = try madeStore(folder)
    let snapshot = Migrator.snapshotPath(location.database)
    try copy(location.database, snapshot)
    let before = Fixture.fileHash(location.database)
    let store = try Store.open(location, actor: .tester)
    #expect(store.notices.count == 1)
    #expect(store.notices.first?.contains("matched the store") == true)
    #expect(!FileManager.default.fileExists(atPath: snapshot))
    #expect(Fixture.fileHash(location.database) == before)
    #expect(try store.listPatients().count == 2)
  }

  @Test func aHealthyStoreKeepsItsDataAndLosesTheStaleSnapshot() throws {
    let folder = TemporaryFolder()
    let location = try madeStore(folder)
    let snapshot = Migrator.snapshotPath(location.database)
    try copy(location.database, snapshot)
    do {  // the store moves on after the snapshot was taken
      let store = try Store.open(location, actor: .tester)
      var circle = Fixture.circle()
      circle.patients.removeLast()
      _ = try store.save(circle, now: Fixture.now + 60)
    }
    try copy(location.database, folder.file("after"))
    // That open removed the identical snapshot; an older one stands where a killed run left it.
    #expect(FileManager.default.createFile(atPath: snapshot, contents: Data("older".utf8)))
    let store = try Store.open(location, actor: .tester)
    #expect(store.notices.first?.contains("whole without it") == true)
    #expect(!FileManager.default.fileExists(atPath: snapshot))
    #expect(Fixture.fileHash(location.database) == Fixture.fileHash(folder.file("after")))
  }

  @Test func aDamagedStoreIsRestoredFromTheSnapshot() throws {
    let folder = TemporaryFolder()
    let location = try madeStore(folder)
    let snapshot = Migrator.snapshotPath(location.database)
    try copy(location.database, snapshot)
    let good = Fixture.fileHash(location.database)
    // Damage every page after the first: the HMACs fail and quick_check cannot pass.
    var bytes = try #require(FileManager.default.contents(atPath: location.database))
    for index in stride(from: 4096, to: bytes.count, by: 97) { bytes[index] ^= 0xFF }
    #expect(FileManager.default.createFile(atPath: location.database, contents: bytes))
    let store = try Store.open(location, actor: .tester)
    #expect(store.notices.first?.contains("restored") == true)
    #expect(Fixture.fileHash(location.database) == good)
    #expect(!FileManager.default.fileExists(atPath: snapshot))
    #expect(try store.listPatients().count == 2)
  }
}
