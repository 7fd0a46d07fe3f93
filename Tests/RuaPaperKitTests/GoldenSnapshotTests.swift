import Foundation
import RuaCore
import RuaDocuments
import RuaPaperKit
import RuaVisual
import Testing

/// The golden snapshots of the sample documents, checked inside `swift test` by the same
/// `SnapshotRunner` `rua-paper snapshot check` runs: every language and paper of
/// `scripts/test`, never recording, failing by the document's name.
@Suite struct GoldenSnapshotTests {
  static let sets: [(languages: [String], papers: [Paper])] = [
    (["en", "es"], [.letter, .a4]),
    (["zh-Hans", "vi", "tl", "ar", "ko", "ru", "ht", "zh-Hans+en", "ar+en"], [.letter]),
  ]

  @Test(arguments: 0..<sets.count)
  func theSampleDocumentsMatchTheirGoldens(set: Int) throws {
    let root = KitFixture.packageRoot
    let artifacts = NSTemporaryDirectory() + "rua-golden-test-" + UUID().uuidString
    defer { try? FileManager.default.removeItem(atPath: artifacts) }
    let host = HostEnvironment(
      environment: [:], now: Instant(secondsSinceEpoch: 0),
      today: Instant(secondsSinceEpoch: 0).utcDate,
      workingDirectory: root)
    let now = try #require(Instant(rfc3339: SnapshotPlan.defaultNow))
    var diff = DiffOptions(dpi: SnapshotPlan.defaultDPI)
    diff.compareStructure = true
    let plan = SnapshotPlan(
      mode: .never, golden: root + "/Tests/Golden", goldenShown: "Tests/Golden",
      artifacts: artifacts, source: .sample(path: root + "/samples/care-circle.json"),
      kinds: DocumentKind.allCases, languages: Self.sets[set].languages,
      papers: Self.sets[set].papers, diff: diff, now: now, today: now.utcDate,
      templates: try TemplatesLocation.resolve(root + "/templates", host), format: "text",
      report: nil)
    let patients = try SnapshotPatients.load(plan) { () throws(PaperError) in
      throw PaperError("the golden check reads the sample, never a store", kind: .invalidRequest)
    }
    var lines: [String] = []
    let passed = try SnapshotRunner(plan: plan, patients: patients) { lines.append($0) }.run()
    let failing = lines.filter { !$0.hasPrefix("ok ") && !$0.contains(" ok,") }
    #expect(passed, "\(failing.joined())")
    #expect(lines.contains { $0.contains("0 failed, 0 missing") })
  }
}
