// SPDX-License-Identifier: Apache-2.0
import Foundation
import RuaTestSupport
import Testing

@testable import RuaStore

/// The stamp that lets a start skip the full quick_check vouches only for the file exactly as a
/// rua-paper process left it; any other change brings the full check back.
@Suite("checked stamp")
struct CheckedStampTests {
  private func makeStore(_ folder: TemporaryFolder) throws -> StoreLocation {
    let location = folder.location
    let store = try Store.create(location, actor: .tester)
    _ = try store.save(Fixture.circle(), now: Fixture.now)
    return location
  }

  private func stamp(_ location: StoreLocation) throws -> CheckedStamp {
    CheckedStamp(database: location.database, storeKey: try KeyFile.load(location.keyFile).bytes)
  }

  @Test func aStoreLeftByItsOwnWritesIsStampedAndTrusted() throws {
    let folder = TemporaryFolder()
    let location = try makeStore(folder)
    do {
      let store = try Store.open(location, actor: .tester)
      try store.appendAccess(
        AccessEntry(
          patientID: nil, document: "binder", action: "export", toolVersion: "test",
          outcome: AccessOutcome.intent), now: Fixture.now)
    }
    #expect(try stamp(location).matches(), "the process's own commit is vouched for")
    var info = stat()
    #expect(stat(location.database + "-checked", &info) == 0)
    #expect(info.st_mode & 0o777 == 0o600)
  }

  @Test func aBitFlippedAfterTheStampIsStillCaught() throws {
    let folder = TemporaryFolder()
    let location = try makeStore(folder)
    _ = try Store.open(location, actor: .tester)  // checks in full, then stamps the file
    #expect(try stamp(location).matches())
    // Flip one bit in the last page in place: same inode and size, new change time.
    let handle = try #require(FileHandle(forUpdatingAtPath: location.database))
    let size = try handle.seekToEnd()
    try handle.seek(toOffset: size - 100)
    var byte = try #require(try handle.read(upToCount: 1))
    byte[0] ^= 0x01
    try handle.seek(toOffset: size - 100)
    try handle.write(contentsOf: byte)
    try handle.close()
    #expect(try !stamp(location).matches())
    #expect(throws: StoreError.self) { _ = try Store.open(location, actor: .tester) }
  }

  @Test func aForgedStampIsNotTrusted() throws {
    let folder = TemporaryFolder()
    let location = try makeStore(folder)
    _ = try Store.open(location, actor: .tester)
    let other = CheckedStamp(
      database: location.database, storeKey: [UInt8](repeating: 7, count: 32))
    other.record(try #require(other.fingerprint()))  // a stamp made without the store key
    #expect(try !stamp(location).matches())
  }
}
