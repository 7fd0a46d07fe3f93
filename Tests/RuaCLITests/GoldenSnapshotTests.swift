import RuaCLI
import RuaCLITestSupport
import RuaCore
import RuaTestSupport
import Testing

/// The goldens in Tests/Golden, checked inside `swift test` as scripts/test's two
/// `snapshot check --sample` calls check them (the same languages and papers, every kind of
/// document), in-process; each document that differs, is missing or is left over is named.
@Suite struct GoldenSnapshotTests {
  /// scripts/test's two calls: `--lang` and `--paper` of each.
  static let sets = [
    ("en,es", "letter,a4"),
    ("zh-Hans,vi,tl,ar,ko,ru,ht,zh-Hans+en,ar+en", "letter"),
  ]

  @Test(arguments: sets)
  func theSampleDocumentsMatchTheirGoldens(languages: String, papers: String) throws {
    // Artifacts (diff images, last-check.json) go to a private folder removed afterwards; a
    // failure says how to get the images with the command itself.
    let artifacts = TemporaryFolder("rua-golden-check")
    let arguments = [
      "snapshot", "check", "--sample", "--golden", PackageRoot.golden, "--lang", languages,
      "--paper", papers, "--templates", PackageRoot.templates,
    ]
    // An empty environment: a RUA_SNAPSHOT_RECORD of the caller's cannot turn the check into a
    // recording.
    let result = runInProcess(
      arguments + ["--artifacts", artifacts.path, "--format", "json"], in: PackageRoot.path)
    let report = try JSONParser.parse(result.stdout)
    let documents = try #require(report["documents"]?.arrayValue, "\(result.stderr)")
    let again =
      "see the diff images with: rua-paper " + arguments.joined(separator: " ")
      + " --artifacts .build/snapshot-artifacts"
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
    #expect(result.code == .success, "\(result.stderr)")
    #expect(report["result"]?.stringValue == "pass")
  }
}
