// SPDX-License-Identifier: Apache-2.0
import Foundation
import RuaTestSupport
import Testing

@testable import RuaFiles

/// The order of the durability steps of a real write, recorded by `FileProbe`, and what is
/// left on disk when one of them fails (a failure the probe injects with an errno).
@Suite("The durability steps of a write")
struct DurabilityStepTests {
  /// The probe's events with the sandbox's names made short: "syncFile out.pdf",
  /// "link temporary" (a `.rua-paper-` name), "syncFolder folder".
  static func steps(_ probe: FileProbe, in box: TemporaryFolder) -> [String] {
    probe.events.map { event in
      let name =
        event.path == box.path
        ? "folder"
        : event.path.hasPrefix(box.file(AtomicFile.temporaryPrefix))
          ? "temporary" : String(event.path.dropFirst(box.path.count + 1))
      return "\(event.step.rawValue) \(name)"
    }
  }

  static func write(
    _ bytes: [UInt8], to target: String, replacing: Bool, staging: AtomicFile.Staging,
    probe: FileProbe
  ) throws {
    try FileProbe.$current.withValue(probe) {
      try AtomicFile.write(bytes, to: target, replacing: replacing, staging: staging)
    }
  }

  @Test func aNewFileIsSyncedThenNamedThenItsFolderSynced() throws {
    for staging in [AtomicFile.Staging.unnamedFile, .namedTemporary] {
      let box = TemporaryFolder("rua-files")
      let probe = FileProbe()
      try Self.write(
        [1, 2, 3], to: box.file("out.pdf"), replacing: false, staging: staging,
        probe: probe)
      #expect(
        Self.steps(probe, in: box) == ["syncFile out.pdf", "link out.pdf", "syncFolder folder"],
        "\(staging)")
      #expect(box.contents(box.file("out.pdf")) == [1, 2, 3])
    }
  }

  @Test func aReplacementIsSyncedBeforeItIsRenamedOverTheOldFile() throws {
    let box = TemporaryFolder("rua-files")
    let target = box.file("out.pdf")
    try AtomicFile.write([0], to: target, replacing: false)
    let fallback = FileProbe()
    try Self.write([1], to: target, replacing: true, staging: .namedTemporary, probe: fallback)
    #expect(
      Self.steps(fallback, in: box) == ["syncFile out.pdf", "rename out.pdf", "syncFolder folder"])
    let unnamed = FileProbe()
    try Self.write([2], to: target, replacing: true, staging: .unnamedFile, probe: unnamed)
    // O_TMPFILE gets a private name first (a link), then the rename; a file system without it
    // takes the fallback's steps.
    let withUnnamedFile = [
      "syncFile out.pdf", "link temporary", "rename out.pdf", "syncFolder folder",
    ]
    #expect(
      [withUnnamedFile, Self.steps(fallback, in: box)].contains(Self.steps(unnamed, in: box)),
      "\(Self.steps(unnamed, in: box))")
    #expect(box.contents(target) == [2])
    #expect(box.list() == ["out.pdf"])
  }

  @Test(arguments: [AtomicFile.Staging.unnamedFile, .namedTemporary], [false, true])
  func aFailedFileSyncLeavesNothingNew(staging: AtomicFile.Staging, replacing: Bool) throws {
    let box = TemporaryFolder("rua-files")
    let target = box.file("out.pdf")
    if replacing { try AtomicFile.write(Array("old".utf8), to: target, replacing: false) }
    let probe = FileProbe(failing: [FileProbe.Event(.syncFile, target): EIO])
    let error = #expect(throws: FileError.self) {
      try Self.write(
        Array("new".utf8), to: target, replacing: replacing, staging: staging,
        probe: probe)
    }
    #expect(error == FileError(.sync, target, code: EIO))
    #expect(Self.steps(probe, in: box) == ["syncFile out.pdf"], "nothing named after the failure")
    #expect(box.contents(target) == (replacing ? Array("old".utf8) : nil))
    #expect(box.list() == (replacing ? ["out.pdf"] : []), "no temporary is left")
  }

  @Test(arguments: [AtomicFile.Staging.unnamedFile, .namedTemporary])
  func aFailedFolderSyncSaysTheFileIsInPlace(staging: AtomicFile.Staging) throws {
    let box = TemporaryFolder("rua-files")
    let target = box.file("out.pdf")
    let probe = FileProbe(failing: [FileProbe.Event(.syncFolder, box.path): EIO])
    let error = #expect(throws: FileError.self) {
      try Self.write([7, 7], to: target, replacing: false, staging: staging, probe: probe)
    }
    #expect(error == FileError(.syncFolder, target, code: EIO, fileIsInPlace: true))
    #expect(box.contents(target) == [7, 7], "the file is there, whole")
    #expect(box.list() == ["out.pdf"])
  }

  @Test func aFailedLinkOrRenameOfTheFallbackRemovesItsTemporary() throws {
    let box = TemporaryFolder("rua-files")
    let target = box.file("out.pdf")
    let link = FileProbe(failing: [FileProbe.Event(.link, target): ENOSPC])
    let linkError = #expect(throws: FileError.self) {
      try Self.write([1], to: target, replacing: false, staging: .namedTemporary, probe: link)
    }
    #expect(linkError?.operation == .link)
    #expect(linkError?.isNoSpace == true)
    #expect(box.list().isEmpty)

    try AtomicFile.write(Array("old".utf8), to: target, replacing: false)
    let rename = FileProbe(failing: [FileProbe.Event(.rename, target): EIO])
    let renameError = #expect(throws: FileError.self) {
      try Self.write([2], to: target, replacing: true, staging: .namedTemporary, probe: rename)
    }
    #expect(renameError == FileError(.rename, target, code: EIO))
    #expect(box.contents(target) == Array("old".utf8))
    #expect(box.list() == ["out.pdf"])
  }

  @Test func aWriteWithoutAProbeRecordsNothingInAnother() async throws {
    let box = TemporaryFolder("rua-files")
    let probe = FileProbe()
    let elsewhere = box.file("elsewhere")
    // A write in another task (a detached one inherits no task-local) leaves the probe empty.
    try await FileProbe.$current.withValue(probe) {
      try await Task.detached {
        try AtomicFile.write([1], to: elsewhere, replacing: false)
      }.value
    }
    #expect(probe.events.isEmpty)
    #expect(box.contents(box.file("elsewhere")) == [1])
  }
}
