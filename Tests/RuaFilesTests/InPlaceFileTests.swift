// SPDX-License-Identifier: Apache-2.0
import Foundation
import RuaTestSupport
import Testing

@testable import RuaFiles

/// The access-log anchor's writer: one file changed in place, synced once, never a link.
@Suite("Changing a small file in place")
struct InPlaceFileTests {
  @Test func theFileKeepsItsInodeAndModeAndIsSyncedOnce() throws {
    let box = TemporaryFolder("rua-files")
    let target = box.file("anchor")
    try AtomicFile.write(Array("a longer first line\n".utf8), to: target, replacing: false)
    let before = try #require(try Files.status(target))
    let probe = FileProbe()
    try FileProbe.$current.withValue(probe) {
      try InPlaceFile.update(target, limit: 4096) { old in
        #expect(old == Array("a longer first line\n".utf8))
        return Array("short\n".utf8)
      }
    }
    #expect(box.contents(target) == Array("short\n".utf8), "the old tail is cut")
    let after = try #require(try Files.status(target))
    #expect(after.inode == before.inode)
    #expect(box.mode(target) == 0o600)
    #expect(probe.events == [FileProbe.Event(.syncFile, target)], "no link, no folder sync")
    try InPlaceFile.update(target, limit: 4096) { _ in nil }
    #expect(box.contents(target) == Array("short\n".utf8), "nil writes nothing")
  }

  @Test func aSymlinkAFIFOAndAMissingFileAreRefused() throws {
    let box = TemporaryFolder("rua-files")
    let real = box.file("real")
    try AtomicFile.write(Array("x\n".utf8), to: real, replacing: false)
    let link = box.file("link")
    #expect(symlink(real, link) == 0)
    let fifo = box.file("fifo")
    #expect(mkfifo(fifo, 0o600) == 0)
    for path in [link, fifo] {
      #expect(throws: FileError.self) {
        try InPlaceFile.update(path, limit: 4096) { _ in Array("y\n".utf8) }
      }
    }
    #expect(box.contents(real) == Array("x\n".utf8))
    let missing = #expect(throws: FileError.self) {
      try InPlaceFile.update(box.file("gone"), limit: 4096) { _ in [] }
    }
    #expect(missing?.isMissing == true)
    #expect(!Files.exists(box.file("gone")), "nothing is created")
  }

  @Test func aFailedSyncIsReported() throws {
    let box = TemporaryFolder("rua-files")
    let target = box.file("anchor")
    try AtomicFile.write(Array("x\n".utf8), to: target, replacing: false)
    let probe = FileProbe(failing: [FileProbe.Event(.syncFile, target): EIO])
    let failure = FileProbe.$current.withValue(probe) {
      #expect(throws: FileError.self) {
        try InPlaceFile.update(target, limit: 4096) { _ in Array("y\n".utf8) }
      }
    }
    #expect(failure?.code == EIO)
  }
}
