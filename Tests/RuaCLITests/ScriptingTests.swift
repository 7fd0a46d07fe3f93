import Foundation
import RuaCore
import Testing

@testable import RuaCLI

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
        MedsCommandTests.templates,
      ] + extra + box.storeFlags)
  }

  @Test func quietLeavesOutNotesButNotErrorsOrData() throws {
    let box = sandbox(patients: 2)
    let flags = ["--now", Self.now, "--templates", MedsCommandTests.templates] + box.storeFlags
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

  /// Twelve documents that cannot be written (the files exist, no --force): stderr shows ten
  /// and says how many more; the JSON lists all twelve with their exit codes.
  @Test func aLongFailureListIsCappedOnStandardError() throws {
    let box = sandbox(patients: 12)
    #expect(batch(box, ["--out", "docs", "-q"]).code == .success)
    let result = batch(box, ["--out", "docs", "--format", "json"])
    #expect(result.code == .cannotCreate)
    let lines = result.stderr.split(separator: "\n")
    let failureLines = lines.filter { $0.hasPrefix("rua-paper: p-") }
    #expect(failureLines.count == BatchSummary.shownFailures, "\(result.stderr)")
    #expect(result.stderr.contains("… and 2 more failed; 'batch --format json' lists them all"))
    let summary = try JSONParser.parse(result.stdout)
    let failures = try #require(summary["failures"]?.arrayValue)
    #expect(failures.count == 12)
    #expect(failures.allSatisfy { $0["exitCode"]?.intValue == 73 })
    #expect(failures.first?["patient"]?.stringValue == "p-1")
    #expect(failures.first?["document"]?.stringValue == "er-sheet")
    #expect(summary["failed"]?.intValue == 12 && summary["completed"]?.intValue == 0)
    let text = batch(box, ["--out", "docs"])
    let summaryLine = try #require(text.stderr.split(separator: "\n").last)
    #expect(summaryLine.contains("12 failed (p-1 er-sheet, "))
    #expect(summaryLine.contains(", …)"))
  }
}
