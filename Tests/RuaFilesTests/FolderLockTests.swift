// SPDX-License-Identifier: Apache-2.0
import Foundation
import RuaFiles
import RuaTestSupport
import Testing

/// The lock two batch runs into one folder contend for: one holder at a time, released with
/// its holder, never taken through a link, and no file left behind.
@Suite struct FolderLockTests {
  @Test func oneHolderAtATimeAndNothingLeftBehind() throws {
    let box = TemporaryFolder("rua-folder-lock")
    try withExtendedLifetime(try #require(try FolderLock.tryAcquire(box.path))) { () throws in
      #expect(try FolderLock.tryAcquire(box.path) == nil)
    }
    let again = try FolderLock.tryAcquire(box.path)
    #expect(again != nil)
    #expect(box.list().isEmpty)
  }

  @Test func aLinkOrAMissingFolderIsRefused() throws {
    let box = TemporaryFolder("rua-folder-lock-link")
    try FileManager.default.createDirectory(
      atPath: box.file("real"), withIntermediateDirectories: false)
    try FileManager.default.createSymbolicLink(
      atPath: box.file("link"), withDestinationPath: box.file("real"))
    #expect(throws: FileError.self) { try FolderLock.tryAcquire(box.file("link")) }
    #expect(throws: FileError.self) { try FolderLock.tryAcquire(box.file("missing")) }
  }
}
