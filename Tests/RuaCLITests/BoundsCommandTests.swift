// SPDX-License-Identifier: Apache-2.0
import Foundation
import Glibc
import RuaCLI
import RuaCLITestSupport
import RuaTestSupport
import Testing

/// Issue 34's exit codes: refusals that used to exit 0 or say the wrong thing.
@Suite("bounds and refusals (issue 34)")
struct BoundsCommandTests {
  private func store() -> CLISandbox {
    let box = CLISandbox()
    box.write("circle.json", DocumentCommandTests.circle)
    #expect(box.run(["init"] + box.storeFlags).code == .success)
    #expect(box.run(["import", "circle.json"] + box.storeFlags).code == .success)
    return box
  }

  @Test func aDryRunExitsAsTheImportWould() {
    let box = store()
    #expect(box.run(["export", "-o", "before.json"] + box.storeFlags).code == .success)
    let fill = box.run(
      ["fill", "rob", "warfarin", "--days", "30"] + box.storeFlags, now: box.now + 3600)
    #expect(fill.code == .success, "\(fill.stderr)")
    let after = box.now + 7200
    let dry = box.run(["import", "before.json", "--dry-run"] + box.storeFlags, now: after)
    let real = box.run(["import", "before.json"] + box.storeFlags, now: after)
    #expect(dry.code == .dataError && real.code == .dataError, "\(dry.stderr)")
    #expect(dry.stderr.contains("would undo 1 newer change"))
    #expect(dry.stderr.contains("dry run: the import would be refused"))
    let forced = box.run(
      ["import", "before.json", "--dry-run", "--force"] + box.storeFlags, now: after)
    #expect(forced.code == .success && forced.stdout.contains("dry run, nothing written"))
  }

  @Test func anExportDatedInTheFutureIsRefused() {
    let box = store()
    #expect(
      box.run(["export", "-o", "ahead.json"] + box.storeFlags, now: box.now + 7200)
        .code == .success)
    let refused = box.run(["import", "ahead.json", "--force"] + box.storeFlags)
    #expect(refused.code == .dataError)
    #expect(refused.stderr.contains("is later than this computer's clock"), "\(refused.stderr)")
    let bytes = [UInt8](FileManager.default.contents(atPath: box.file("ahead.json")) ?? Data())
    let piped = box.run(["import", "-"] + box.storeFlags, standardInput: bytes)
    #expect(piped.code == .dataError)
    #expect(piped.stderr.contains("standard input: exportedAt"), "\(piped.stderr)")
  }

  @Test func anUnknownLogActionIsAUsageError() {
    let box = store()
    let result = box.run(["log", "--action", "delete"] + box.storeFlags)
    #expect(result.code == .usage)
    #expect(result.stderr.contains("export, print, share, repair, remove"), "\(result.stderr)")
    #expect(box.run(["log", "--action", "export"] + box.storeFlags).code == .success)
  }

  @Test(arguments: ["text", "json"])
  func theMedicineListingRefusesADateBeforeTheBirth(_ format: String) {
    let box = store()
    let result = box.run(
      [
        "meds", "rob", "--today", "1900-01-01", "--format", format, "--templates",
        PackageRoot.templates,
      ] + box.storeFlags)
    #expect(result.code == .usage, "\(result.stdout)")
    #expect(result.stderr.contains("before the person's birth (1941-03-09)"), "\(result.stderr)")
    #expect(result.stdout.isEmpty)
  }

  @Test func aShareFolderThatIsNotAFolderIsNamedForWhatItIs() {
    let box = store()
    let flags = ["--templates", PackageRoot.templates, "--today", "2026-11-20"] + box.storeFlags
    box.write("file", "x")
    box.write("usb/.keep", "")
    #expect(mkfifo(box.file("fifo"), 0o600) == 0)
    #expect(symlink(box.file("usb"), box.file("link")) == 0)
    for (target, words) in [
      ("file", "is a file, not a folder"), ("fifo", "is a FIFO (named pipe), not a folder"),
      ("link", "is a symbolic link"), ("link/", "is a symbolic link"),
      ("nowhere", "does not exist"),
    ] {
      let result = box.run(["share", "rob", "er", "--to", target] + flags)
      #expect(result.code == .cannotCreate, "\(target)")
      #expect(result.stderr.contains("the share folder \(target) \(words)"), "\(result.stderr)")
    }
    let long = String(repeating: "n", count: 296) + ".pdf"
    let named = box.run(["share", "rob", "er", "--to", "usb", "--name", long] + flags)
    #expect(named.code == .usage)
    #expect(named.stderr.contains("--name is 300 bytes long"), "\(named.stderr)")
    #expect(box.run(["share", "rob", "er", "--to", "usb"] + flags).code == .success)
    // -o with a name the file system cannot hold: a clear refusal, not an I/O error.
    let output = box.run(["er", "rob", "-o", long] + flags)
    #expect(output.code == .cannotCreate)
    #expect(output.stderr.contains("the name is too long"), "\(output.stderr)")
  }

  @Test func anOutFolderWithoutWritePermissionIsRefusedOnce() throws {
    // Root may write anywhere: there is nothing to refuse.
    guard geteuid() != 0 else { return }
    let box = store()
    box.write("locked/.keep", "")
    #expect(chmod(box.file("locked"), 0o500) == 0)
    defer { chmod(box.file("locked"), 0o700) }
    let result = box.run(
      ["batch", "--all", "--out", "locked", "--templates", PackageRoot.templates]
        + box.storeFlags)
    #expect(result.code == .cannotCreate)
    #expect(result.stderr.contains("--out"), "\(result.stderr)")
    #expect(result.stderr.contains("cannot write files in it"))
    #expect(result.stderr.split(separator: "\n").count <= 2, "\(result.stderr)")
  }

  @Test func anExactDuplicateMedicineIsAddedWithAWarning() {
    let box = store()
    let args = ["med", "add", "rob", "--name", "warfarin", "--strength", "5 mg"]
    let result = box.run(args + ["--dose", "1 tablet"] + box.storeFlags)
    #expect(result.code == .success, "\(result.stderr)")
    #expect(result.stderr.contains("warning:"), "\(result.stderr)")
    #expect(result.stderr.contains("identical entries for warfarin"))
  }
}
