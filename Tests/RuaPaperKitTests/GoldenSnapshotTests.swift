// SPDX-License-Identifier: Apache-2.0
import Foundation
import RuaCore
import RuaDocuments
import RuaPaperKit
import RuaTestSupport
import RuaVisual
import Testing

/// The golden snapshots of the sample documents (Tests/Golden), checked inside `swift test` by
/// the `SnapshotRunner` that `rua-paper snapshot check` runs, for every kind, language and paper
/// the goldens hold, never recording; each document that differs, is missing or is left over is named.
@Suite struct GoldenSnapshotTests {
  /// The checks scripts/test used to run with `rua-paper snapshot check`: kinds, languages,
  /// papers.
  static let everyLanguage = [
    "en", "es", "zh-Hans", "vi", "tl", "ar", "ko", "ru", "ht", "zh-Hans+en", "ar+en", "es+en",
  ]
  static let sets: [(kinds: [DocumentKind], languages: [String], papers: [Paper])] = [
    (DocumentKind.standard, ["en", "es"], [.letter, .a4]),
    (DocumentKind.standard, Array(everyLanguage.dropFirst(2)), [.letter]),
    ([.card, .mar], everyLanguage, [.letter]),
    ([.card, .mar], ["en", "es"], [.a4]),
    ([.card], ["en", "ar"], [.card]),
  ]

  @Test(arguments: 0..<sets.count)
  func theSampleDocumentsMatchTheirGoldens(set: Int) throws {
    // Artifacts (diff images, last-check.json) go to a private folder removed afterwards.
    let artifacts = TemporaryFolder("rua-golden-check")
    let host = HostEnvironment(
      environment: [:], now: Instant(secondsSinceEpoch: 0),
      today: Instant(secondsSinceEpoch: 0).utcDate, workingDirectory: PackageRoot.path)
    let now = try #require(Instant(rfc3339: SnapshotPlan.defaultNow))
    var diff = DiffOptions(dpi: SnapshotPlan.defaultDPI)
    diff.compareStructure = true
    let plan = SnapshotPlan(
      mode: .never, golden: PackageRoot.golden, goldenShown: "Tests/Golden",
      artifacts: artifacts.path, source: .sample(path: SampleCircles.shippedPath),
      kinds: Self.sets[set].kinds, languages: Self.sets[set].languages,
      papers: Self.sets[set].papers, diff: diff, now: now, today: now.utcDate,
      templates: try TemplatesLocation.resolve(PackageRoot.templates, host), format: "json",
      report: nil)
    let patients = try SnapshotPatients.load(plan) { () throws(PaperError) in
      throw PaperError("the golden check reads the sample, never a store", kind: .invalidRequest)
    }
    var output = ""
    let passed = try SnapshotRunner(plan: plan, patients: patients) { output += $0 }.run()
    let report = try JSONParser.parse(Array(output.utf8))
    let documents = try #require(report["documents"]?.arrayValue)
    let again =
      "see the diff images with: rua-paper snapshot check --sample --golden Tests/Golden --docs "
      + Self.sets[set].kinds.map(\.rawValue).joined(separator: ",") + " --lang "
      + Self.sets[set].languages.joined(separator: ",") + " --paper "
      + Self.sets[set].papers.map(\.rawValue).joined(separator: ",")
    for document in documents where document["verdict"]?.stringValue != "ok" {
      let name = document["document"]?.stringValue ?? "?"
      let verdict = document["verdict"]?.stringValue ?? "?"
      Issue.record(
        "\(name): \(verdict)\(document["detail"]?.stringValue.map { " (\($0))" } ?? ""); \(again)")
    }
    for orphan in report["orphans"]?.arrayValue ?? [] {
      Issue.record("orphan golden \(orphan.stringValue ?? "?"): no document produces it")
    }
    if let fonts = report["fontsConf"]?.stringValue { Issue.record(Comment(rawValue: fonts)) }
    #expect(!documents.isEmpty, "no document was checked")
    #expect(passed)
  }
}
