// SPDX-License-Identifier: Apache-2.0
import Foundation
import RuaCLITestSupport
import RuaCore
import RuaTestSupport
import Testing

@testable import RuaCLI
@testable import RuaPaperKit

/// For scripts: `-q/--quiet`, `batch --format json`, and a long failure list capped on stderr.
@Suite("scripting")
struct ScriptingTests {
  static let now = "2026-11-29T12:00:00Z"

  /// A store of `count` fictional patients.
  private func sandbox(patients count: Int) -> CLISandbox {
    let box = CLISandbox()
    let patients = (1...count).map { n in
      "{ \"id\": \"p-\(n)\", \"fullName\": \"Person \(n)\", \"dateOfBirth\": \"1940-01-01\" }"
    }
    box.write(
      "circle.json",
      "{ \"format\": \"rua-care-circle\", \"version\": 1, \"patients\": ["
        + patients.joined(separator: ",") + "] }")
    #expect(box.run(["init"] + box.storeFlags).code == .success)
    let imported = box.run(["import", "circle.json"] + box.storeFlags)
    #expect(imported.code == .success, "\(imported.stderr)")
    return box
  }

  private func batch(_ box: CLISandbox, _ extra: [String]) -> CLIResult {
    box.run(
      [
        "batch", "--all", "--docs", "er", "--now", Self.now, "--templates",
        PackageRoot.templates,
      ] + extra + box.storeFlags)
  }

  @Test func quietLeavesOutNotesButNotErrorsOrData() throws {
    let box = sandbox(patients: 2)
    let flags = ["--now", Self.now, "--templates", PackageRoot.templates] + box.storeFlags
    let loud = box.run(["er", "p-1", "-o", "loud.pdf"] + flags)
    #expect(loud.stderr.contains("wrote"))
    let quiet = box.run(["er", "p-1", "-o", "quiet.pdf", "-q"] + flags)
    #expect(quiet.code == .success)
    #expect(quiet.stderr.isEmpty, "\(quiet.stderr)")
    #expect(FileManager.default.fileExists(atPath: box.file("quiet.pdf")))
    let refused = box.run(["er", "p-1", "-o", "quiet.pdf", "--quiet"] + flags)
    #expect(refused.code == .cannotCreate)
    #expect(refused.stderr.contains("rua-paper: "), "errors still appear")
    let data = box.run(["patients", "-q"] + box.storeFlags)
    #expect(data.stdout.contains("Person 1"))
    let batchQuiet = batch(box, ["--out", "docs", "-q"])
    #expect(batchQuiet.code == .success)
    #expect(batchQuiet.stderr.isEmpty, "\(batchQuiet.stderr)")
    #expect(box.run(["er", "--help"]).stdout.contains("-q, --quiet"))
  }

  @Test func batchFormatJSONSummarisesOnStandardOutput() throws {
    let box = sandbox(patients: 2)
    let result = batch(box, ["--out", "docs", "--binder", "binder.pdf", "--format", "json"])
    #expect(result.code == .success, "\(result.stderr)")
    let summary = try JSONParser.parse(result.stdout)
    #expect(summary["documents"]?.intValue == 2)
    #expect(summary["patients"]?.intValue == 2)
    #expect(summary["completed"]?.intValue == 2)
    #expect(summary["failed"]?.intValue == 0)
    #expect(summary["exitCode"]?.intValue == 0)
    #expect(summary["manifest"]?.stringValue == box.file("docs/manifest.json"))
    #expect(summary["binder"]?.stringValue == box.file("binder.pdf"))
    #expect(summary["failures"]?.arrayValue?.isEmpty == true)
    let bad = batch(box, ["--out", "docs", "--format", "yaml"])
    #expect(bad.code == .usage)
    #expect(bad.stderr.contains("--format takes text or json, not 'yaml'"))
  }

  /// Twelve failed documents: stderr shows the first few and says how many more; the JSON
  /// lists all twelve with their exit codes. (A batch into a folder that already holds its
  /// files is refused before rendering now, so the failures are made here directly.)
  @Test func aLongFailureListIsCappedOnStandardError() throws {
    let failures = (1...12).map { n in
      BatchOutcome.Failure(
        index: n, what: "p-\(n) er-sheet", patientID: "p-\(n)", document: "er-sheet",
        error: PaperError("p-\(n)-er-sheet.pdf already exists", kind: .cannotCreate))
    }
    let summary = BatchOutcome(
      documents: 12, patients: 12, delivered: 0, resumed: 0, failures: failures, seconds: 1.25,
      folder: "docs", manifest: nil, binder: nil, signal: 0)
    let lines = summary.failureLines()
    #expect(lines.count == BatchPlan.namesShown + 1, "\(lines)")
    #expect(lines.last?.contains("… and 7 more failed documents") == true)
    let json = try JSONParser.parse(summary.json())
    let listed = try #require(json["failures"]?.arrayValue)
    #expect(listed.count == 12)
    #expect(listed.allSatisfy { $0["exitCode"]?.intValue == 73 })
    #expect(listed.first?["patient"]?.stringValue == "p-1")
    #expect(listed.first?["document"]?.stringValue == "er-sheet")
    #expect(json["failed"]?.intValue == 12 && json["completed"]?.intValue == 0)
    #expect(json["exitCode"]?.intValue == 73)
    #expect(summary.summaryLine.contains("12 failed (p-1 er-sheet, "))
    #expect(summary.summaryLine.contains("and 7 more)"))
  }
}
