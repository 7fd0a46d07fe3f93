// SPDX-License-Identifier: Apache-2.0
import Foundation
import RuaTestSupport
import Testing

@testable import RuaFiles

@Suite("Writing a file atomically")
struct AtomicFileTests {
  @Test(arguments: [AtomicFile.Staging.unnamedFile, .namedTemporary])
  func anExistingFileIsRefusedUnlessReplacing(staging: AtomicFile.Staging) throws {
    let box = TemporaryFolder("rua-files")
    let target = box.file("out.json")
    try AtomicFile.write(Array("one".utf8), to: target, replacing: false, staging: staging)
    #expect(box.contents(target) == Array("one".utf8))
    #expect(box.mode(target) == 0o600)
    let refusal = #expect(throws: FileError.self) {
      try AtomicFile.write(Array("two".utf8), to: target, replacing: false, staging: staging)
    }
    #expect(refusal?.isExisting == true)
    #expect(box.contents(target) == Array("one".utf8))
    try AtomicFile.write(Array("three".utf8), to: target, replacing: true, staging: staging)
    #expect(box.contents(target) == Array("three".utf8))
    #expect(box.mode(target) == 0o600)
    #expect(box.list() == ["out.json"], "no temporary is left beside the file")
  }

  @Test func theNamedTemporaryIsPrivateWhateverTheUmask() throws {
    let box = TemporaryFolder("rua-files")
    let old = umask(0)
    defer { umask(old) }
    let target = box.file("wide.pdf")
    try AtomicFile.write([1, 2, 3], to: target, replacing: false, staging: .namedTemporary)
    #expect(box.mode(target) == 0o600)
    try AtomicFile.write([4], to: target, replacing: true, staging: .namedTemporary)
    #expect(box.mode(target) == 0o600)
    #expect(box.list() == ["wide.pdf"])
  }

  @Test func aMissingFolderIsNamed() {
    let box = TemporaryFolder("rua-files")
    let error = #expect(throws: FileError.self) {
      try AtomicFile.write([1], to: box.file("nope/out.json"), replacing: false)
    }
    #expect(error?.path.hasSuffix("/nope/out.json") == true)
    #expect(error?.isMissingFolder == true)
    #expect(box.list().isEmpty)
  }

  @Test func onlyARegularFileIsReplaced() throws {
    let box = TemporaryFolder("rua-files")
    let fifo = box.file("pipe")
    #expect(mkfifo(fifo, 0o600) == 0)
    let folder = box.file("folder")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
    let victim = box.file("victim")
    try AtomicFile.write(Array("keep".utf8), to: victim, replacing: false)
    let link = box.file("link")
    #expect(symlink(victim, link) == 0)
    // A device of the sandbox's own (root may make one; /dev/null's numbers), never the
    // machine's: under a planted bug that replaces devices, root would replace /dev/null.
    let device = box.file("null")
    let devices = mknod(device, S_IFCHR | 0o600, dev_t(1 << 8 | 3)) == 0 ? [device] : []
    for path in [fifo, folder, link] + devices {
      let error = #expect(throws: FileError.self, "\(path)") {
        try AtomicFile.write([9], to: path, replacing: true)
      }
      #expect(error?.operation == .replace, "\(path)")
    }
    #expect(box.contents(victim) == Array("keep".utf8), "the symlink's target is untouched")
    #expect(Files.entry(link) == .symlink)
    #expect(Files.entry(fifo) == .other)
    if !devices.isEmpty { #expect(Files.entry(device) == .other) }
    #expect(
      Set(box.list()) == Set(["pipe", "folder", "victim", "link"] + devices.map { _ in "null" }))
  }
}

@Suite("Reading and writing whole files")
struct WholeFileTests {
  @Test func readsBackLargeFilesWhole() throws {
    let box = TemporaryFolder("rua-files")
    let bytes = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
    try Files.createExclusive(box.file("big"), bytes)
    #expect(try Files.read(box.file("big"), limit: ReadLimit.small) == bytes)
    #expect(try Files.head(box.file("big"), count: 10) == Array(bytes.prefix(10)))
    #expect(throws: FileError.self) { try Files.read(box.file("big"), limit: 10) }
    #expect(box.mode(box.file("big")) == 0o600)
  }

  @Test func aMissingFileIsNilOnlyForReadIfPresent() throws {
    let box = TemporaryFolder("rua-files")
    #expect(try Files.readIfPresent(box.file("none"), limit: ReadLimit.small) == nil)
    let error = #expect(throws: FileError.self) {
      try Files.read(box.file("none"), limit: ReadLimit.small)
    }
    #expect(error?.isMissing == true)
    #expect(error?.description.contains("No such file") == true)
  }

  @Test func createExclusiveNeverFollowsOrOverwrites() throws {
    let box = TemporaryFolder("rua-files")
    try Files.createExclusive(box.file("a"), [1])
    #expect(throws: FileError.self) { try Files.createExclusive(box.file("a"), [2]) }
    #expect(symlink(box.file("elsewhere"), box.file("l")) == 0)
    #expect(throws: FileError.self) { try Files.createExclusive(box.file("l"), [3]) }
    #expect(!Files.exists(box.file("elsewhere")))
    #expect(box.contents(box.file("a")) == [1])
  }

  @Test func aFullDeviceIsAWriteError() throws {
    let fd = open("/dev/full", O_WRONLY | O_CLOEXEC)
    try #require(fd >= 0)
    defer { close(fd) }
    let error = #expect(throws: FileError.self) {
      try FileDescriptor.writeAll(fd, [UInt8](repeating: 7, count: 10), path: "/dev/full")
    }
    #expect(error?.isNoSpace == true)
  }

  @Test func writeAllDeliversEveryByteThroughAPipe() async throws {
    var ends: [Int32] = [0, 0]
    try #require(pipe(&ends) == 0)
    let bytes = (0..<1_000_000).map { UInt8(truncatingIfNeeded: $0) }
    let reader = ends[0]
    let received = Task.detached {
      try FileDescriptor.readAll(reader, path: "pipe", limit: ReadLimit.small)
    }
    // A pipe holds 64 KiB: writes are short and resume until all is sent.
    try FileDescriptor.writeAll(ends[1], bytes, path: "pipe")
    close(ends[1])
    #expect(try await received.value == bytes)
    close(reader)
  }

  @Test func makeDirectoriesCreatesPrivateParents() throws {
    let box = TemporaryFolder("rua-files")
    try Files.makeDirectories(box.file("a/b/c"))
    #expect(Files.isDirectory(box.file("a/b/c")))
    #expect(box.mode(box.file("a/b")) == 0o700)
    #expect(Files.list(box.path).isEmpty, "list names regular files only")
  }

  @Test(arguments: [
    ("/a/b", "/a"), ("b", "."), ("/b", "/"), ("a/b/c.pdf", "a/b"),
  ])
  func parentFolders(path: String, parent: String) {
    #expect(Files.parent(path) == parent)
  }
}
