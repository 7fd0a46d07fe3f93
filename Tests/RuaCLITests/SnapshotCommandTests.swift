// SPDX-License-Identifier: Apache-2.0
import Foundation
import RuaCLI
import RuaCLITestSupport
import RuaTestSupport
import Testing

/// `rua-paper snapshot record|check` on the bundled sample care circle, ER sheets only (three
/// patients, one page each) to keep the suite quick.
@Suite struct SnapshotCommandTests {
  static let erSheet = "en-letter/p-agnes-01-er-sheet"

  private func run(
    _ box: CLISandbox, _ verb: String, _ extra: [String] = [], templates: String? = nil,
    environment: [String: String] = [:]
  ) -> CLIResult {
    box.run(
      [
        "snapshot", verb, "--sample-file", SampleCircles.shippedPath, "--golden",
        box.file("golden"),
        "--docs", "er", "--templates", templates ?? PackageRoot.templates, "--artifacts",
        box.file("artifacts"),
      ] + extra, environment: environment.isEmpty ? ["HOME": box.path] : environment)
  }

  private func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }

  /// A copy of the templates whose ER sheet has a wider left margin.
  private func changedTemplates(_ box: CLISandbox) throws -> String {
    let copy = box.file("templates-changed")
    try FileManager.default.copyItem(atPath: PackageRoot.templates, toPath: copy)
    let file = copy + "/er-sheet.json"
    let text = try String(contentsOfFile: file, encoding: .utf8)
    let changed = text.replacingOccurrences(of: "\"left\": 30", with: "\"left\": 44")
    #expect(changed != text)
    try changed.write(toFile: file, atomically: true, encoding: .utf8)
    return copy
  }

  @Test func recordThenCheckPasses() throws {
    let box = CLISandbox()
    let record = run(box, "record")
    #expect(record.code == .success, "\(record.stderr)")
    #expect(record.stdout.contains("recorded  \(Self.erSheet) (1 page(s))"))
    #expect(exists(box.file("golden/\(Self.erSheet).pdf")))
    #expect(exists(box.file("golden/\(Self.erSheet)-p1.png")))
    let manifest = try String(contentsOfFile: box.file("golden/snapshot.json"), encoding: .utf8)
    #expect(manifest.contains("\"dpi\": 50"))
    #expect(manifest.contains("\"now\": \"2026-11-01T09:00:00Z\""))

    let check = run(box, "check")
    #expect(check.code == .success, "\(check.stdout)\(check.stderr)")
    #expect(check.stdout.contains("ok        \(Self.erSheet) (identical bytes)"))
    #expect(check.stdout.contains("3 ok, 0 recorded, 0 failed, 0 missing"))
  }

  /// A sample file is dated as a store dates it: a patient's older `sourceDate` is the ER
  /// sheet's "information as of", with the stale band, not the file's export time.
  @Test func aSamplePatientIsDatedByItsSource() throws {
    let box = CLISandbox()
    box.write(
      "old.json",
      """
      {"format": "rua-care-circle", "version": 1, "exportedAt": "2026-10-30T09:00:00Z",
       "patients": [
        {"id": "p-old", "fullName": "Ada Old", "dateOfBirth": "1940-02-03",
         "sourceDate": "2017-06-15T12:00:00Z"},
        {"id": "p-new", "fullName": "Ben New", "dateOfBirth": "1940-02-03"}]}
      """)
    let record = box.run(
      [
        "snapshot", "record", "--sample-file", box.file("old.json"), "--golden", box.file("g"),
        "--docs", "er", "--lang", "en", "--paper", "letter", "--templates",
        PackageRoot.templates,
      ], environment: ["HOME": box.path])
    #expect(record.code == .success, "\(record.stderr)")
    let old = try PDFText.of(box.file("g/en-letter/p-old-er-sheet.pdf"))
    #expect(old.contains("Information as of Jun 15, 2017"), "\(old.prefix(300))")
    #expect(old.contains("MAY BE OUT OF DATE"))
    let new = try PDFText.of(box.file("g/en-letter/p-new-er-sheet.pdf"))
    #expect(new.contains("Information as of Oct 30, 2026"), "\(new.prefix(300))")
    #expect(!new.contains("MAY BE OUT OF DATE"))
  }

  @Test func changedTemplateFailsNamingDocumentAndPageAndWritesArtifacts() throws {
    let box = CLISandbox()
    #expect(run(box, "record").code == .success)
    let check = run(box, "check", templates: try changedTemplates(box))
    #expect(check.code == .failure)
    #expect(check.stdout.contains("FAILED    \(Self.erSheet)"))
    #expect(check.stdout.contains("page 1: "))
    #expect(check.stdout.contains("pixel(s) differ"))
    #expect(check.stdout.contains("0 ok, 0 recorded, 3 failed, 0 missing"))
    for suffix in [".pdf", "-p1.png", "-p1-diff.png", "-p1-side-by-side.png"] {
      let path = box.file("artifacts/\(Self.erSheet)\(suffix)")
      #expect(exists(path), "\(suffix)")
      #expect(check.stdout.contains("wrote \(path)"))
    }
  }

  /// `--junit FILE`: one test case per document, failing ones with their verdict, so a CI
  /// test view shows which golden broke; written on a pass too.
  @Test func junitHasOneCasePerDocumentAndNamesTheFailures() throws {
    let box = CLISandbox()
    #expect(run(box, "record").code == .success)
    let passing = box.file("pass.xml")
    #expect(run(box, "check", ["--junit", passing]).code == .success)
    let passed = try String(contentsOfFile: passing, encoding: .utf8)
    #expect(passed.contains("<testsuites tests=\"3\" failures=\"0\">"), "\(passed)")
    #expect(passed.contains("name=\"\(Self.erSheet)\"/>"))
    let failing = box.file("fail.xml")
    let check = run(box, "check", ["--junit", failing], templates: try changedTemplates(box))
    #expect(check.code == .failure)
    let failed = try String(contentsOfFile: failing, encoding: .utf8)
    #expect(failed.contains("<testsuites tests=\"3\" failures=\"3\">"), "\(failed)")
    #expect(failed.contains("name=\"\(Self.erSheet)\">"))
    #expect(failed.contains("<failure message=\"FAILED"), "\(failed)")
  }

  @Test func bytesThatDifferButPagesThatMatchPass() throws {
    let box = CLISandbox()
    #expect(run(box, "record").code == .success)
    // One second later changes the PDF dates (bytes) but no pixel: the sheet prints minutes.
    let check = run(box, "check", ["--now", "2026-11-01T09:00:01Z"])
    #expect(check.stdout.contains("bytes differ"), "\(check.stdout)")
    #expect(check.code == .success, "\(check.stdout)")
  }

  @Test func missingModeRecordsOnlyAbsentGoldens() throws {
    let box = CLISandbox()
    #expect(run(box, "record").code == .success)
    let golden = box.file("golden/\(Self.erSheet).pdf")
    let other = box.file("golden/en-letter/p-tomasz-02-er-sheet.pdf")
    try FileManager.default.removeItem(atPath: golden)
    let before = box.hash(other)
    let result = run(box, "check", ["--record", "missing"])
    #expect(result.code == .success, "\(result.stdout)")
    #expect(result.stdout.contains("recorded  \(Self.erSheet) (was missing; 1 page(s))"))
    #expect(result.stdout.contains("2 ok, 1 recorded"))
    #expect(exists(golden))
    #expect(box.hash(other) == before)
  }

  @Test func missingModeStillFailsAChangedGolden() throws {
    let box = CLISandbox()
    #expect(run(box, "record").code == .success)
    let result = run(box, "record", ["--record", "missing"], templates: try changedTemplates(box))
    #expect(result.code == .failure)
    #expect(result.stdout.contains("FAILED"))
  }

  @Test func neverModeFailsOnAMissingGolden() throws {
    let box = CLISandbox()
    #expect(run(box, "record").code == .success)
    try FileManager.default.removeItem(atPath: box.file("golden/\(Self.erSheet).pdf"))
    let result = run(box, "check")
    #expect(result.code == .failure)
    #expect(result.stdout.contains("missing   \(Self.erSheet)"))
    #expect(!exists(box.file("golden/\(Self.erSheet).pdf")))
    // The environment sets the mode when --record is absent.
    let fromEnvironment = run(
      box, "check", environment: ["HOME": box.path, "RUA_SNAPSHOT_RECORD": "missing"])
    #expect(fromEnvironment.code == .success)
    #expect(exists(box.file("golden/\(Self.erSheet).pdf")))
  }

  @Test func failedModeRewritesTheFailingGolden() throws {
    let box = CLISandbox()
    #expect(run(box, "record").code == .success)
    let golden = box.file("golden/\(Self.erSheet).pdf")
    let before = box.hash(golden)
    let changed = try changedTemplates(box)
    let result = run(box, "check", ["--record", "failed"], templates: changed)
    #expect(result.code == .success, "\(result.stdout)")
    #expect(result.stdout.contains("recorded  \(Self.erSheet) (was failing"))
    #expect(box.hash(golden) != before)
    #expect(exists(box.file("artifacts/\(Self.erSheet)-p1-diff.png")))
    #expect(run(box, "check", templates: changed).code == .success)
  }

  @Test(arguments: [
    (["--record", "sometimes"], "--record takes all, missing, failed, never, not 'sometimes'"),
    (
      ["--lang", "fr"],
      "--lang takes languages from en, es, zh-Hans, vi, tl, ar, ko, ru, ht, or any of them but en followed by +en, separated by commas, not 'fr'"
    ),
    (["--paper", "a3"], "--paper takes letter and a4 separated by commas, not 'a3'"),
    (["--paper", "letter,card"], "--paper card is for the wallet card alone (--docs card)"),
    (["--dpi", "0"], "--dpi must be a number from 1 to 1200, not '0'"),
    (["--tolerance", "300"], "--tolerance must be a whole number from 0 to 255, not '300'"),
    (["--now", "yesterday"], "--now must be an RFC 3339 time"),
    (["--sample"], "give one source: --sample, --sample-file FILE or --store"),
    (["--store"], "give one source: --sample, --sample-file FILE or --store"),
    (["--unknown"], "--unknown"),
  ])
  func badOptionsExitTwo(arguments: [String], message: String) {
    let box = CLISandbox()
    let result = run(box, "check", arguments)
    #expect(result.code.rawValue == 2)
    #expect(result.stderr.contains(message), "\(result.stderr)")
  }

  @Test func missingGoldenOrVerbExitsTwo() {
    let box = CLISandbox()
    let noGolden = box.run(["snapshot", "check", "--sample"])
    #expect(noGolden.code.rawValue == 2)
    #expect(noGolden.stderr.contains("snapshot check needs --golden DIR"))
    let noVerb = box.run(["snapshot", "--golden", box.file("g"), "--sample"])
    #expect(noVerb.code.rawValue == 2)
    #expect(noVerb.stderr.contains("snapshot takes record, check, prune or accept"))
    let noSample = box.run(
      ["snapshot", "check", "--golden", box.file("g"), "--sample-file", box.file("none.json")])
    #expect(noSample.code.rawValue == 2)
    #expect(noSample.stderr.contains("cannot read the sample care circle"))
  }

  @Test func aDifferentDPIFromTheRecordedOneIsRefused() {
    let box = CLISandbox()
    #expect(run(box, "record").code == .success)
    let result = run(box, "check", ["--dpi", "72"])
    #expect(result.code.rawValue == 2)
    #expect(result.stderr.contains("differs from the 50 dpi the goldens"))
  }
}

@Suite struct SnapshotStoreTests {
  @Test func goldensFromTheStoreAreAccessLogged() throws {
    let box = CLISandbox()
    box.write("circle.json", SampleCircles.small)
    #expect(box.run(["init"] + box.storeFlags).code == .success)
    #expect(box.run(["import", "circle.json"] + box.storeFlags).code == .success)
    let arguments =
      [
        "snapshot", "record", "--golden", box.file("golden"), "--docs", "meds", "--templates",
        PackageRoot.templates, "--store",
      ] + box.storeFlags
    let record = box.run(arguments)
    #expect(record.code == .success, "\(record.stderr)")
    #expect(record.stdout.contains("recorded  en-letter/p-robert-medication-list"))
    let check = box.run(arguments.map { $0 == "record" ? "check" : $0 })
    #expect(check.code == .success, "\(check.stdout)\(check.stderr)")
    let log = box.run(["log"] + box.storeFlags)
    #expect(log.stdout.contains("p-robert-medication-list.pdf"), "\(log.stdout)")
  }

  /// Without --store the user's own store is never opened, even when it is there and the
  /// default location would find it.
  @Test func theUsersStoreIsReadOnlyWithStore() throws {
    let box = CLISandbox()
    box.write("circle.json", SampleCircles.small)
    let environment = ["HOME": box.path, "RUA_DB": box.database, "RUA_KEY_FILE": box.keyFile]
    #expect(box.run(["init"] + box.storeFlags).code == .success)
    #expect(box.run(["import", "circle.json"] + box.storeFlags).code == .success)
    let base = [
      "snapshot", "record", "--golden", box.file("golden"), "--docs", "meds", "--templates",
      PackageRoot.templates,
    ]
    let none = box.run(base, environment: environment)
    #expect(none.code.rawValue == 2)
    #expect(none.stderr.contains("snapshot needs a source: --sample"), "\(none.stderr)")
    let namedOnly = box.run(base + box.storeFlags, environment: environment)
    #expect(namedOnly.code.rawValue == 2)
    #expect(namedOnly.stderr.contains("--db and --key-file are read only with --store"))
    #expect(!FileManager.default.fileExists(atPath: box.file("golden")))
    let log = box.run(["log", "--format", "json"] + box.storeFlags)
    #expect(!log.stdout.contains("medication-list"), "\(log.stdout)")
    let explicit = box.run(base + ["--store"], environment: environment)
    #expect(explicit.code == .success, "\(explicit.stderr)")
    #expect(explicit.stdout.contains("recorded  en-letter/p-robert-medication-list"))
  }
}
