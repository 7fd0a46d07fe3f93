// SPDX-License-Identifier: Apache-2.0
import Foundation
import RuaTestSupport
import Testing

@testable import RuaFiles

@Suite("Every read is bounded and never blocks on a FIFO or a device")
struct BoundedReadTests {
  @Test func aFileOfExactlyTheLimitIsReadAndOneByteMoreIsRefusedFromItsSize() throws {
    let box = TemporaryFolder("rua-files")
    let path = box.file("record.json")
    try Files.createExclusive(path, [UInt8](repeating: 0x20, count: 1000))
    #expect(try Files.read(path, limit: 1000).count == 1000)
    let error = #expect(throws: FileError.self) { try Files.read(path, limit: 999) }
    #expect(error?.refusal == .tooLarge(limit: 999))
    #expect(error?.path == path)
    #expect(error?.reason == "it is larger than the 999 bytes limit for this input")
  }

  @Test func aSparseThreeGigabyteFileIsRefusedWithoutReadingIt() throws {
    let box = TemporaryFolder("rua-files")
    let path = box.file("huge.json")
    try Files.createExclusive(path, [])
    #expect(truncate(path, 3 << 30) == 0)
    let start = Date()
    let error = #expect(throws: FileError.self) { try Files.read(path, limit: ReadLimit.record) }
    #expect(error?.reason == "it is larger than the 64 MiB limit for this input")
    #expect(Date().timeIntervalSince(start) < 1)
  }

  @Test func anEndlessStreamStopsOneByteAfterTheLimit() throws {
    let fd = open("/dev/zero", O_RDONLY)
    #expect(fd >= 0)
    defer { close(fd) }
    let error = #expect(throws: FileError.self) {
      try FileDescriptor.readAll(fd, path: "standard input", limit: 1 << 20)
    }
    #expect(error?.refusal == .tooLarge(limit: 1 << 20))
    #expect(error?.reason == "it is larger than the 1 MiB limit for this input")
  }

  @Test func aPipeIsReadToItsEndWithinTheLimit() throws {
    var ends: [Int32] = [0, 0]
    #expect(pipe(&ends) == 0)
    let writer = ends[1]
    let bytes = [UInt8](repeating: 7, count: 200_000)
    let sent = Thread {
      bytes.withUnsafeBytes { _ = write(writer, $0.baseAddress, $0.count) }
      close(writer)
    }
    sent.start()
    defer { close(ends[0]) }
    #expect(try FileDescriptor.readAll(ends[0], path: "pipe", limit: 200_000) == bytes)
  }

  @Test func aDeviceIsRefusedAsNotARegularFile() {
    let error = #expect(throws: FileError.self) { try Files.read("/dev/zero", limit: 16) }
    #expect(error?.refusal == .notRegular(kind: "device"))
    #expect(error?.reason == "it is a device, not a regular file")
  }

  @Test(.timeLimit(.minutes(1))) func aFIFOIsRefusedAtOnceForReadingAndWriting() throws {
    let box = TemporaryFolder("rua-files")
    let path = box.file("S-checked")
    #expect(mkfifo(path, 0o600) == 0)
    let start = Date()
    let read = #expect(throws: FileError.self) { try Files.read(path, limit: 256) }
    #expect(read?.refusal == .notRegular(kind: "FIFO (named pipe)"))
    #expect(throws: FileError.self) { try Files.readIfPresent(path, limit: 256) }
    #expect(throws: FileError.self) { try Files.head(path, count: 16) }
    // No reader is there: a blocking open for writing would wait forever.
    #expect(throws: FileError.self) { try Files.overwrite(path, Array("stamp".utf8)) }
    #expect(Date().timeIntervalSince(start) < 1)
    #expect(Files.entry(path) == .other, "the FIFO is left as it is")
  }

  @Test func overwriteStillReplacesARegularFile() throws {
    let box = TemporaryFolder("rua-files")
    let path = box.file("stamp")
    try Files.overwrite(path, Array("a longer first text".utf8))
    try Files.overwrite(path, Array("short".utf8))
    #expect(try Files.read(path, limit: 64) == Array("short".utf8))
  }

  @Test func theHeadOfAFileIsItsFirstBytes() throws {
    let box = TemporaryFolder("rua-files")
    let path = box.file("store.db")
    try Files.createExclusive(path, Array("SQLite format 3\u{0}and more".utf8))
    #expect(try Files.head(path, count: 16) == Array("SQLite format 3\u{0}".utf8))
    #expect(try Files.head(path, count: 100).count == 24)
  }

  @Test func limitsAreNamedInWords() {
    #expect(ReadLimit.describe(ReadLimit.record) == "64 MiB")
    #expect(ReadLimit.describe(ReadLimit.pdf) == "256 MiB")
    #expect(ReadLimit.describe(4096) == "4 KiB")
    #expect(ReadLimit.describe(100) == "100 bytes")
  }
}
