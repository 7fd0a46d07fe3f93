// SPDX-License-Identifier: Apache-2.0
import Foundation
import RuaCLI
import RuaCLITestSupport
import RuaCore
import RuaFiles
import RuaPaperKit
import RuaTestSupport
import Testing

@testable import RuaStore

/// `er -o` through the real delivery path with its file steps recorded (`FileProbe`): the
/// order fsync(file) → link → fsync(folder), and what the user and the access log are told
/// when a step fails or standard output does.
@Suite("Delivery: durability steps and their failures")
struct DeliveryDurabilityTests {
  struct Run {
    let box: CLISandbox
    let result: CLIResult
    let steps: [String]
    var target: String { box.file("out/er.pdf") }
  }

  /// `er rob -o out/er.pdf` with `failing` injected; the steps taken inside `out/`.
  static func deliver(failing: (FileProbe.Step, String)? = nil) -> Run {
    let box = CLISandbox.imported(SampleCircles.small)
    let folder = box.file("out")
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
    let target = folder + "/er.pdf"
    let probe = FileProbe(
      failing: failing.map { [FileProbe.Event($0.0, box.file($0.1)): EIO] } ?? [:])
    let result = FileProbe.$current.withValue(probe) {
      box.run(
        ["er", "rob", "-o", target, "--templates", PackageRoot.templates] + box.storeFlags)
    }
    let steps = probe.events.filter { $0.path.hasPrefix(folder) }.map {
      "\($0.step.rawValue) \($0.path.dropFirst(box.path.count + 1))"
    }
    return Run(box: box, result: result, steps: steps)
  }

  static func outcomes(_ box: CLISandbox) throws -> [AccessOutcome] {
    try Store.open(StoreLocation(database: box.database, keyFile: box.keyFile), actor: .current())
      .accessLog()
      .map(\.entry.outcome)
  }

  @Test func theFileIsSyncedBeforeItIsNamedAndItsFolderAfter() throws {
    let run = Self.deliver()
    #expect(run.result.code == .success, "\(run.result.stderr)")
    #expect(run.steps == ["syncFile out/er.pdf", "link out/er.pdf", "syncFolder out"])
    #expect(try Self.outcomes(run.box) == ["intent", "completed"])
  }

  @Test func aFailedFolderSyncIsAFailedDeliveryThatSaysTheFileIsThere() throws {
    let run = Self.deliver(failing: (.syncFolder, "out"))
    #expect(run.result.code == .ioError)
    #expect(
      run.result.stderr.contains(
        "\(run.target) was written, but its folder could not be synced (Input/output error); "
          + "the file may not survive a crash"), "\(run.result.stderr)")
    #expect(FileManager.default.fileExists(atPath: run.target))
    let outcomes = try Self.outcomes(run.box)
    #expect(outcomes.count == 2)
    #expect(outcomes.first == "intent")
    #expect(outcomes.last?.isFailure == true, "\(outcomes)")
  }

  @Test func aFailedFileSyncDeliversNothing() throws {
    let run = Self.deliver(failing: (.syncFile, "out/er.pdf"))
    #expect(run.result.code == .ioError)
    #expect(
      run.result.stderr.contains("cannot write \(run.target): Input/output error"),
      "\(run.result.stderr)")
    #expect(run.steps == ["syncFile out/er.pdf"])
    #expect(!FileManager.default.fileExists(atPath: run.target))
    #expect(
      try Self.outcomes(run.box) == [
        "intent", .failed("cannot write \(run.target): Input/output error"),
      ])
  }

  @Test func aFailedWriteToStandardOutputIsLoggedFailedNotCompleted() throws {
    let box = CLISandbox.imported(SampleCircles.small)
    let result = box.run(
      ["er", "rob", "-o", "-", "--templates", PackageRoot.templates] + box.storeFlags,
      standardOutputFailure: "No space left on device")
    #expect(result.code == .ioError)
    let message =
      "cannot write to standard output: No space left on device; nothing complete was delivered"
    #expect(result.stderr.contains(message), "\(result.stderr)")
    #expect(try Self.outcomes(box) == ["intent", .failed(message)])
  }
}

/// A batch syncs its folder once for many files: still before any of them is logged completed.
@Suite("Batch delivery: the folder sync")
struct BatchDurabilityTests {
  @Test func aFailedFolderSyncFailsEveryDocumentOfTheBatch() throws {
    let box = BatchCommandTests.sandbox()
    let folder = box.file("docs")
    let probe = FileProbe(failing: [FileProbe.Event(.syncFolder, folder): EIO])
    let result = FileProbe.$current.withValue(probe) {
      box.run(
        [
          "batch", "--all", "--out", "docs", "--jobs", "1", "--now", BatchCommandTests.now,
          "--templates", PackageRoot.templates,
        ] + box.storeFlags)
    }
    #expect(result.code == .ioError, "\(result.stderr)")
    let steps = probe.events.filter { $0.path.hasPrefix(folder) }
    let links = steps.indices.filter { steps[$0].step == .link && steps[$0].path.hasSuffix(".pdf") }
    #expect(links.count == 9, "\(steps)")
    for index in links {
      #expect(steps[..<index].contains(FileProbe.Event(.syncFile, steps[index].path)))
    }
    #expect(steps.contains(FileProbe.Event(.syncFolder, folder)))
    let store = try Store.open(
      StoreLocation(database: box.database, keyFile: box.keyFile), actor: .current())
    let outcomes = try store.accessLog().map(\.entry.outcome).filter { $0 != "intent" }
    #expect(outcomes.count == 9)
    #expect(
      outcomes.allSatisfy {
        $0.isFailure && $0.rawValue.contains("may not survive a crash")
      },
      "\(outcomes)")
    // The summary counts the nine documents, and names the manifest apart.
    #expect(result.stderr.contains("9 documents for 3 patients"), "\(result.stderr)")
    #expect(result.stderr.contains(", 9 failed ("), "\(result.stderr)")
    #expect(result.stderr.contains("; the manifest could not be written"), "\(result.stderr)")
    let json = FileProbe.$current.withValue(
      FileProbe(failing: [FileProbe.Event(.syncFolder, folder): EIO])
    ) {
      box.run(
        [
          "batch", "--all", "--out", "docs", "--jobs", "1", "--now", BatchCommandTests.now,
          "--templates", PackageRoot.templates, "--force", "--format", "json",
        ] + box.storeFlags)
    }
    let summary = try JSONParser.parse(json.stdout)
    #expect(summary["failed"]?.intValue == 9, "\(json.stdout)")
    #expect(summary["manifestFailed"]?.boolValue == true, "\(json.stdout)")
    #expect(summary["binderFailed"]?.boolValue == false, "\(json.stdout)")
  }
}
