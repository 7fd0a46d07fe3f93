// SPDX-License-Identifier: Apache-2.0
import Foundation
import RuaCLI
import RuaCLITestSupport
import RuaCore
import RuaTestSupport
import Testing

/// Orphan goldens, the fonts.conf hash, prune, accept and the JSON report of `snapshot`.
@Suite struct SnapshotHygieneTests {
  private func run(_ box: CLISandbox, _ verb: String, _ extra: [String] = []) -> CLIResult {
    box.run(
      [
        "snapshot", verb, "--sample-file", SampleCircles.shippedPath, "--golden",
        box.file("golden"), "--docs", "er", "--templates", PackageRoot.templates,
        "--artifacts", box.file("artifacts"),
      ] + extra)
  }

  private func recorded() -> CLISandbox {
    let box = CLISandbox()
    #expect(run(box, "record").code == .success)
    return box
  }

  @Test func anOrphanGoldenFailsTheCheckAndPruneRemovesIt() throws {
    let box = recorded()
    let orphan = box.file("golden/en-letter/p-gone-09-er-sheet.pdf")
    try FileManager.default.copyItem(
      atPath: box.file("golden/\(SnapshotCommandTests.erSheet).pdf"), toPath: orphan)
    try Data().write(
      to: URL(fileURLWithPath: box.file("golden/en-letter/p-agnes-01-er-sheet-p2.png")))
    let check = run(box, "check")
    #expect(check.code == .failure)
    #expect(check.stdout.contains("orphan    en-letter/p-gone-09-er-sheet.pdf"))
    #expect(check.stdout.contains("orphan    en-letter/p-agnes-01-er-sheet-p2.png"))
    #expect(check.stdout.contains("3 ok, 0 recorded, 0 failed, 0 missing, 2 orphan(s)"))
    // Goldens of documents left out with --docs are not orphans.
    try Data().write(
      to: URL(fileURLWithPath: box.file("golden/en-letter/p-agnes-01-fall-guide.pdf")))
    let prune = run(box, "prune")
    #expect(prune.code == .success)
    #expect(prune.stdout.contains("removed   en-letter/p-gone-09-er-sheet.pdf"))
    #expect(!FileManager.default.fileExists(atPath: orphan))
    #expect(
      FileManager.default.fileExists(atPath: box.file("golden/en-letter/p-agnes-01-fall-guide.pdf"))
    )
    #expect(run(box, "check").code == .success)
  }

  @Test func goldensFromAnotherFontsConfFailNamingIt() throws {
    let box = recorded()
    let manifest = box.file("golden/snapshot.json")
    let text = try String(contentsOfFile: manifest, encoding: .utf8)
    let changed = text.replacingOccurrences(
      of: #""fontsConfSHA256": "[0-9a-f]+""#, with: #""fontsConfSHA256": "0000000000000000""#,
      options: .regularExpression)
    #expect(changed != text)
    try changed.write(toFile: manifest, atomically: true, encoding: .utf8)
    let check = run(box, "check")
    #expect(check.code == .failure)
    #expect(check.stdout.contains("FAILED    fonts.conf: the goldens in"))
    #expect(check.stdout.contains("fonts.conf SHA-256 000000000000…"))
  }

  @Test func acceptTakesTheFailedDocumentsOfTheLastCheck() throws {
    let box = recorded()
    // Make the golden differ: another patient's sheet in its place.
    let golden = box.file("golden/\(SnapshotCommandTests.erSheet).pdf")
    try FileManager.default.removeItem(atPath: golden)
    try FileManager.default.copyItem(
      atPath: box.file("golden/en-letter/p-tomasz-02-er-sheet.pdf"), toPath: golden)
    let check = run(box, "check", ["--format", "json"])
    #expect(check.code == .failure)
    let json = try JSONParser.parse(check.stdout)
    #expect(json["result"]?.stringValue == "fail")
    let documents = try #require(json["documents"]?.arrayValue)
    #expect(documents.count == 3)
    let failed = try #require(documents.first { $0["verdict"]?.stringValue == "failed" })
    #expect(failed["document"]?.stringValue == SnapshotCommandTests.erSheet)
    let structure = try #require(failed["comparison"]?["structure"]?.arrayValue)
    #expect(structure.isEmpty == false || failed["comparison"]?["pages"] != nil)
    #expect(
      failed["comparison"]?["pages"]?.arrayValue?.first?["regions"]?.arrayValue?.isEmpty == false)

    let accept = run(box, "accept")
    #expect(accept.code == .success, "\(accept.stderr)")
    #expect(accept.stdout.contains("accepted  \(SnapshotCommandTests.erSheet)"))
    #expect(run(box, "check").code == .success)
    // Nothing left to accept.
    #expect(run(box, "accept").stdout.contains("0 golden(s)"))
  }

  @Test func acceptWithoutACheckIsRefused() {
    let box = CLISandbox()
    let accept = run(box, "accept")
    #expect(accept.code == ExitCode(rawValue: 2))
    #expect(accept.stderr.contains("no record of a check"))
  }
}
