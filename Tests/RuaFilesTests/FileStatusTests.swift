// SPDX-License-Identifier: Apache-2.0
import Foundation
import RuaTestSupport
import Testing

@testable import RuaFiles

/// A file in `box` owned by another user (root can give it away; anyone else reads one root owns).
private func foreignFile(_ box: TemporaryFolder) throws -> String? {
  if geteuid() == 0 {
    let path = box.file("foreign")
    try Files.createExclusive(path, Array("secret".utf8))
    guard chown(path, 65534, 65534) == 0 else { return nil }
    return path
  }
  return "/etc/passwd"
}

@Suite("File status, private reads, folders")
struct FileStatusTests {
  @Test func statusSaysKindModeOwnerAndNeverFollowsALink() throws {
    let box = TemporaryFolder("rua-files")
    let file = box.file("a.txt")
    try Files.createExclusive(file, Array("hello".utf8))
    let status = try #require(try Files.status(file))
    #expect(status.kind == .regular)
    #expect(status.size == 5)
    #expect(status.mode == 0o600)
    #expect(status.owner == UInt32(geteuid()))
    #expect(status.isOwnedByCurrentUser)
    #expect(!status.isOpenToOthers)
    #expect(status.inode != 0)

    let link = box.file("link")
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: file)
    #expect(try Files.status(link)?.kind == .symlink)
    #expect(try Files.status(box.path)?.kind == .directory)
    let fifo = box.file("fifo")
    #expect(mkfifo(fifo, 0o600) == 0)
    #expect(try Files.status(fifo)?.kind == .fifo)
    #expect(try Files.status("/dev/null")?.kind == .device)
    #expect(try Files.status(box.file("none")) == nil)
    #expect(chmod(file, 0o640) == 0)
    #expect(try Files.status(file)?.isOpenToOthers == true)
  }

  @Test func statusThrowsWhenAComponentIsNotAFolder() throws {
    let box = TemporaryFolder("rua-files")
    let file = box.file("plain")
    try Files.createExclusive(file, [])
    let error = #expect(throws: FileError.self) { try Files.status(file + "/below") }
    #expect(error?.code == ENOTDIR)
    #expect(error?.operation == .inspect)
  }

  @Test func readPrivateReadsTheOwnersPrivateFile() throws {
    let box = TemporaryFolder("rua-files")
    let file = box.file("key")
    try Files.createExclusive(file, Array("0123".utf8))
    #expect(try Files.readPrivate(file, limit: 4096) == Array("0123".utf8))
    // More than the limit is refused, never cut short.
    #expect(
      throws: PrivateFileError.failed(
        FileError(.read, file, code: EFBIG, refusal: .tooLarge(limit: 2)))
    ) {
      try Files.readPrivate(file, limit: 2)
    }
  }

  /// `readOwned` lets others have the bits it names (a checked-out golden is 0644), no more.
  @Test func readOwnedAllowsOnlyTheNamedBitsForOthers() throws {
    let box = TemporaryFolder("rua-files")
    let file = box.file("golden.pdf")
    try Files.createExclusive(file, Array("%PDF-".utf8))
    #expect(chmod(file, 0o644) == 0)
    #expect(try Files.readOwned(file, limit: 64, othersMay: 0o044) == Array("%PDF-".utf8))
    #expect(throws: PrivateFileError.openToOthers(mode: 0o644)) {
      try Files.readPrivate(file, limit: 64)
    }
    #expect(chmod(file, 0o664) == 0)
    #expect(throws: PrivateFileError.openToOthers(mode: 0o664)) {
      try Files.readOwned(file, limit: 64, othersMay: 0o044)
    }
    let link = box.file("link")
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: file)
    #expect(throws: PrivateFileError.symlink) {
      try Files.readOwned(link, limit: 64, othersMay: 0o077)
    }
  }

  @Test func readPrivateRefusesLinksKindsOwnersAndOpenModes() throws {
    let box = TemporaryFolder("rua-files")
    let file = box.file("key")
    try Files.createExclusive(file, Array("0123".utf8))
    let link = box.file("link")
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: file)
    #expect(throws: PrivateFileError.symlink) { try Files.readPrivate(link, limit: 64) }
    #expect(throws: PrivateFileError.missing) {
      try Files.readPrivate(box.file("none"), limit: 64)
    }
    #expect(throws: PrivateFileError.wrongKind(.directory)) {
      try Files.readPrivate(box.path, limit: 64)
    }
    let fifo = box.file("fifo")
    #expect(mkfifo(fifo, 0o600) == 0)
    // Opened without blocking, then refused: a FIFO with no writer must not hang the reader.
    #expect(throws: PrivateFileError.wrongKind(.fifo)) { try Files.readPrivate(fifo, limit: 64) }
    #expect(chmod(file, 0o604) == 0)
    #expect(throws: PrivateFileError.openToOthers(mode: 0o604)) {
      try Files.readPrivate(file, limit: 64)
    }
    if let foreign = try foreignFile(box) {
      let owner = try #require(try Files.status(foreign)).owner
      #expect(throws: PrivateFileError.foreignOwner(owner: owner, user: UInt32(geteuid()))) {
        try Files.readPrivate(foreign, limit: 64)
      }
    }
    let error = #expect(throws: PrivateFileError.self) {
      try Files.readPrivate(file + "/below", limit: 64)
    }
    guard case .failed(let failure)? = error else {
      Issue.record("a path below a file is a failure to open, not \(String(describing: error))")
      return
    }
    #expect(failure.operation == .open)
    #expect(failure.code == ENOTDIR)
  }

  @Test func makeFolderCreatesPrivateAndAcceptsOnlyARealOwnFolder() throws {
    let box = TemporaryFolder("rua-files")
    let folder = box.file("out")
    #expect(try Files.makeFolder(folder))
    #expect(box.mode(folder) == 0o700)
    #expect(try Files.makeFolder(folder) == false, "an existing own folder is accepted")
    #expect(try Files.makeFolder(box.file("images"), mode: 0o755))
    #expect(box.mode(box.file("images")) == 0o755)

    let file = box.file("plain")
    try Files.createExclusive(file, [])
    #expect(throws: FileError(.makeFolder, file, code: ENOTDIR)) { try Files.makeFolder(file) }
    let link = box.file("link")
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: folder)
    #expect(throws: FileError(.makeFolder, link, code: ELOOP)) { try Files.makeFolder(link) }
    let deep = box.file("missing/out")
    #expect(throws: FileError(.makeFolder, deep, code: ENOENT)) { try Files.makeFolder(deep) }
    if geteuid() == 0 {
      let foreign = box.file("theirs")
      #expect(mkdir(foreign, 0o755) == 0 && chown(foreign, 65534, 65534) == 0)
      #expect(throws: FileError(.makeFolder, foreign, code: EPERM)) {
        try Files.makeFolder(foreign)
      }
    }
  }

  @Test func listFolderNamesEverythingWithItsKindSorted() throws {
    let box = TemporaryFolder("rua-files")
    try Files.createExclusive(box.file("b.pdf"), [])
    try Files.createExclusive(box.file(".hidden"), [])
    try Files.makeFolder(box.file("a-folder"))
    try FileManager.default.createSymbolicLink(
      atPath: box.file("c-link"), withDestinationPath: box.file("a-folder"))
    let items = try Files.listFolder(box.path)
    #expect(
      items == [
        Files.Item(name: ".hidden", kind: .regular), Files.Item(name: "a-folder", kind: .directory),
        Files.Item(name: "b.pdf", kind: .regular), Files.Item(name: "c-link", kind: .symlink),
      ])
    let error = #expect(throws: FileError.self) { try Files.listFolder(box.file("none")) }
    #expect(error?.isMissing == true)
    #expect(throws: FileError(.open, box.file("b.pdf"), code: ENOTDIR)) {
      try Files.listFolder(box.file("b.pdf"))
    }
  }

  @Test func removeFileRemovesNamesButNotFoldersOrLinkTargets() throws {
    let box = TemporaryFolder("rua-files")
    let file = box.file("a")
    try Files.createExclusive(file, [])
    let link = box.file("link")
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: file)
    try Files.removeFile(link)
    #expect(try Files.status(link) == nil)
    #expect(try Files.status(file)?.kind == .regular, "the link's target stays")
    try Files.removeFile(file)
    #expect(try Files.status(file) == nil)
    let missing = #expect(throws: FileError.self) { try Files.removeFile(file) }
    #expect(missing?.isMissing == true)
    #expect(missing?.operation == .remove)
    try Files.makeFolder(box.file("folder"))
    let folder = #expect(throws: FileError.self) { try Files.removeFile(box.file("folder")) }
    #expect(folder?.code == EISDIR)
    #expect(try Files.status(box.file("folder"))?.kind == .directory)
  }

  @Test func freeNameSkipsEveryTakenNameDanglingLinksIncluded() throws {
    let box = TemporaryFolder("rua-files")
    #expect(Files.freeName(in: box.path, base: "er-sheet", suffix: ".pdf") == "er-sheet.pdf")
    try Files.createExclusive(box.file("er-sheet.pdf"), [])
    try FileManager.default.createSymbolicLink(
      atPath: box.file("er-sheet-2.pdf"), withDestinationPath: box.file("nowhere"))
    #expect(Files.freeName(in: box.path, base: "er-sheet", suffix: ".pdf") == "er-sheet-3.pdf")
  }

  @Test func temporaryFolderIsPrivateAndRemoveTreeNeverFollowsLinks() throws {
    let box = TemporaryFolder("rua-files")
    let outside = box.file("outside")
    try Files.makeFolder(outside)
    try Files.createExclusive(outside + "/keep", Array("kept".utf8))
    let folder = try Files.makeTemporaryFolder(in: box.path, prefix: "rua-bench-")
    #expect(Files.parent(folder) == box.path)
    #expect(Files.entries(box.path).contains { $0.hasPrefix("rua-bench-") && $0.count == 16 })
    #expect(box.mode(folder) == 0o700)
    try Files.makeFolder(folder + "/100")
    try Files.createExclusive(folder + "/100/store.db", [1, 2, 3])
    try Files.createExclusive(folder + "/top", [])
    try FileManager.default.createSymbolicLink(
      atPath: folder + "/100/escape", withDestinationPath: outside)
    try Files.removeTree(folder)
    #expect(try Files.status(folder) == nil)
    #expect(box.contents(outside + "/keep") == Array("kept".utf8), "a link's target is kept")
    try Files.removeTree(folder)  // nothing there: nothing to do

    let link = box.file("link-to-outside")
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: outside)
    #expect(throws: FileError(.remove, link, code: ENOTDIR)) { try Files.removeTree(link) }
    #expect(box.contents(outside + "/keep") == Array("kept".utf8))
    let error = #expect(throws: FileError.self) {
      try Files.makeTemporaryFolder(in: box.file("none"), prefix: "x-")
    }
    #expect(error?.isMissing == true)
  }
}
