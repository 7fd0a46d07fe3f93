// SPDX-License-Identifier: Apache-2.0
import Foundation
import RuaCLI
import RuaCLITestSupport
import RuaCore
import RuaPaperKit
import RuaTestSupport
import Testing

@testable import RuaStore

@Suite("batch command")
struct BatchCommandTests {
  static let now = "2026-11-29T12:00:00Z"
  static let kinds = ["er-sheet", "medication-list", "fall-guide"]

  /// A store holding the bundled fictional sample circle.
  static func sandbox() -> CLISandbox {
    let box = CLISandbox()
    #expect(box.run(["init"] + box.storeFlags).code == .success)
    #expect(box.run(["import", SampleCircles.shippedPath] + box.storeFlags).code == .success)
    return box
  }

  private func sandbox() -> CLISandbox { Self.sandbox() }

  private func batch(_ box: CLISandbox, _ extra: [String]) -> CLIResult {
    box.run(
      ["batch", "--now", Self.now, "--templates", PackageRoot.templates] + extra
        + box.storeFlags)
  }

  private func patientIDs(_ box: CLISandbox) throws -> [String] {
    let store = try Store.open(
      StoreLocation(database: box.database, keyFile: box.keyFile), actor: .current())
    return try store.loadCareCircle().patients.map(\.id)
  }

  private func manifest(_ path: String) throws -> [JSON] {
    let json = try JSONParser.parse(String(contentsOfFile: path, encoding: .utf8))
    return try #require(json["documents"]?.arrayValue)
  }

  @Test func everyDocumentForEveryPatientMatchesManifestAndLog() throws {
    let box = sandbox()
    let result = batch(box, ["--all", "--out", "docs", "--jobs", "2"])
    #expect(result.code == .success, "\(result.stderr)")
    let ids = try patientIDs(box)
    #expect(ids.count == 3)
    let documents = try manifest(box.file("docs/manifest.json"))
    #expect(documents.count == ids.count * 3)
    let expectedFiles = ids.flatMap { id in Self.kinds.map { "\(id)-\($0).pdf" } }
    #expect(documents.compactMap { $0["file"]?.stringValue } == expectedFiles)
    #expect(result.stderr.contains("batch: 9 documents for 3 patients"))
    #expect(box.mode(box.file("docs")) == 0o700)

    let store = try Store.open(
      StoreLocation(database: box.database, keyFile: box.keyFile), actor: .current())
    let rows = try store.accessLog()
    for entry in documents {
      let file = try #require(entry["file"]?.stringValue)
      let digest = box.hash(box.file("docs/" + file))
      #expect(entry["sha256"]?.stringValue == digest)
      #expect(box.mode(box.file("docs/" + file)) == 0o600)
      let mine = rows.filter { $0.entry.destination == box.file("docs/" + file) }
      #expect(mine.map(\.entry.outcome) == ["intent", AccessOutcome.completed], "\(file)")
      #expect(mine.allSatisfy { $0.entry.sha256 == digest })
      #expect(mine.last?.entry.intentID == mine.first?.id)
      #expect(mine.first?.entry.patientID == entry["patient"]?.stringValue)
    }
    #expect(try store.verifyAccessLog() == nil)
  }

  /// Two workers make the bytes one worker makes, every kind: a document is a function of the
  /// record and the options, never of which thread made it or what that thread made before
  /// (issue 32: Pango's hung break space and cairo's unlocked font-face list made `--jobs 2`
  /// differ from `--jobs 1`; BreakSpaceTests and InterposedCallsTests hold the two causes).
  @Test func twoWorkersMakeTheBytesOneWorkerMakes() throws {
    let box = sandbox()
    let docs = "er,meds,falls,card,mar"
    for jobs in ["1", "2"] {
      let result = batch(
        box,
        ["--all", "--docs", docs, "--out", "jobs\(jobs)", "--jobs", jobs])
      #expect(result.code == .success, "\(result.stderr)")
    }
    let files = try manifest(box.file("jobs1/manifest.json")).compactMap { $0["file"]?.stringValue }
    #expect(files.count == 15)
    for file in files {
      #expect(box.hash(box.file("jobs1/" + file)) == box.hash(box.file("jobs2/" + file)), "\(file)")
    }
  }

  /// The usage line and --help name every kind --docs takes, not only the default three.
  @Test func usageListsEveryDocumentDocsTakes() {
    let every = "er,meds,falls,card,mar,fhir-ips"
    let help = CLISandbox().run(["batch", "--help"])
    #expect(
      help.stdout.hasPrefix("usage: rua-paper batch (PATIENT… | --all) [--docs \(every)]"),
      "\(help.stdout)")
    #expect(help.stdout.contains("documents to make: \(every) (default er,meds,falls)"))
    let wrong = CLISandbox().run(["batch"])
    #expect(wrong.code == .usage)
    #expect(wrong.stderr.contains("[--docs \(every)]"), "\(wrong.stderr)")
  }

  @Test func fhirIPSGoesBesideThePDFsListedAndLoggedLikeAnExport() throws {
    let box = sandbox()
    let result = batch(box, ["--all", "--docs", "er,fhir-ips", "--out", "docs"])
    #expect(result.code == .success, "\(result.stderr)")
    let ids = try patientIDs(box)
    let documents = try manifest(box.file("docs/manifest.json"))
    let files = documents.compactMap { $0["file"]?.stringValue }
    #expect(
      files
        == ids.map { "\($0)-er-sheet.pdf" }
        + ids.map { "\($0)-international-patient-summary.json" })
    let store = try Store.open(
      StoreLocation(database: box.database, keyFile: box.keyFile), actor: .current())
    let rows = try store.accessLog()
    for entry in documents where entry["document"]?.stringValue == "fhir-ips" {
      let file = try #require(entry["file"]?.stringValue)
      let path = box.file("docs/" + file)
      #expect(entry["sha256"]?.stringValue == box.hash(path))
      #expect(box.mode(path) == 0o600)
      let bundle = try JSONParser.parse(String(contentsOfFile: path, encoding: .utf8))
      #expect(bundle["resourceType"]?.stringValue == "Bundle")
      let mine = rows.filter { $0.entry.destination == path }
      #expect(mine.map(\.entry.outcome) == ["intent", AccessOutcome.completed], "\(file)")
      #expect(mine.allSatisfy { $0.entry.action == "export" && $0.entry.document == "fhir-ips" })
      #expect(mine.first?.entry.patientID == entry["patient"]?.stringValue)
      // What it was made from, as every document has: the same record, so the same hash as
      // the patient's ER sheet of this run.
      let record = try #require(entry["recordSHA256"]?.stringValue, "\(file)")
      #expect(record.count == 64)
      let sheet = documents.first {
        $0["document"]?.stringValue == "er-sheet"
          && $0["patient"]?.stringValue == entry["patient"]?.stringValue
      }
      #expect(sheet?["recordSHA256"]?.stringValue == record, "\(file)")
    }
    // The same rows as `export --format fhir-ips` writes.
    #expect(
      box.run(["export", ids[0], "--format", "fhir-ips", "-o", "one.json"] + box.storeFlags).code
        == .success)
    let single = try store.accessLog().filter { $0.entry.destination == box.file("one.json") }
    #expect(single.map(\.entry.action) == ["export", "export"])
    #expect(single.allSatisfy { $0.entry.document == "fhir-ips" })
    // A second run is refused for the IPS files too, unless --force or --resume.
    let again = batch(box, ["--all", "--docs", "fhir-ips", "--out", "docs"])
    #expect(again.code == .cannotCreate)
    #expect(again.stderr.contains("-international-patient-summary.json"), "\(again.stderr)")
    let resumed = batch(box, ["--all", "--docs", "er,fhir-ips", "--out", "docs", "--resume"])
    #expect(resumed.code == .success, "\(resumed.stderr)")
    #expect(try manifest(box.file("docs/manifest.json")).count == ids.count * 2)
  }

  @Test(arguments: [["--binder", "b.pdf"], ["--print"]])
  func fhirIPSNeverGoesIntoABinderOrToAPrinter(_ option: [String]) {
    let box = sandbox()
    let result = batch(box, ["--all", "--docs", "er,fhir-ips", "--out", "docs"] + option)
    #expect(result.code == .usage)
    #expect(result.stderr.contains("drop \(option[0]) or fhir-ips"), "\(result.stderr)")
    #expect(!FileManager.default.fileExists(atPath: box.file("docs")))
    let unknown = batch(box, ["--all", "--docs", "er,ips", "--out", "docs"])
    #expect(unknown.stderr.contains("card, mar and fhir-ips separated by commas, not 'ips'"))
  }

  @Test func parallelOutputIsByteIdenticalToOneWorker() throws {
    let box = sandbox()
    #expect(batch(box, ["--all", "--out", "one", "--jobs", "1"]).code == .success)
    #expect(batch(box, ["--all", "--out", "four", "--jobs", "4"]).code == .success)
    let one = try Data(contentsOf: URL(fileURLWithPath: box.file("one/manifest.json")))
    let four = try Data(contentsOf: URL(fileURLWithPath: box.file("four/manifest.json")))
    #expect(one == four)
    for entry in try manifest(box.file("one/manifest.json")) {
      let file = try #require(entry["file"]?.stringValue)
      #expect(box.hash(box.file("one/" + file)) == box.hash(box.file("four/" + file)))
    }
  }

  @Test func binderHoldsEveryPageWithBookmarksPerPatientAndDocument() throws {
    let box = sandbox()
    let result = batch(box, ["--all", "--out", "docs", "--binder", "binder.pdf"])
    #expect(result.code == .success, "\(result.stderr)")
    let documents = try manifest(box.file("docs/manifest.json"))
    let pages = documents.compactMap { $0["pages"]?.intValue }.reduce(0, +)
    let info = try Tool.run("pdfinfo", [box.file("binder.pdf")])
    #expect(info.contains(try #require(Self.pagesLine(pages))), "\(info)")
    let xml = try Tool.run("pdftohtml", ["-xml", "-i", "-stdout", box.file("binder.pdf")])
    let items = xml.components(separatedBy: "<item ").count - 1
    #expect(items == 3 + 9)
    #expect(xml.contains(">ER sheet</item>"))
    #expect(xml.contains(">Fall guide</item>"))

    let store = try Store.open(
      StoreLocation(database: box.database, keyFile: box.keyFile), actor: .current())
    let binderRows = try store.accessLog().filter { $0.entry.document == "binder" }
    #expect(binderRows.map(\.entry.outcome) == ["intent", AccessOutcome.completed])
    #expect(binderRows.allSatisfy { $0.entry.patientID == nil && $0.entry.pages == pages })
    #expect(binderRows.last?.entry.sha256 == box.hash(box.file("binder.pdf")))
  }

  static func pagesLine(_ pages: Int) -> String? { "Pages:" + "           \(pages)" }

  @Test func aFolderHoldingThisRunsFilesIsRefusedBeforeAnythingIsTouched() throws {
    let box = sandbox()
    #expect(batch(box, ["--all", "--out", "docs"]).code == .success)
    let manifestBefore = try String(contentsOfFile: box.file("docs/manifest.json"), encoding: .utf8)
    let rowsBefore = try log(box).count
    let again = batch(box, ["--all", "--out", "docs"])
    #expect(again.code.rawValue == 73)
    #expect(again.stderr.contains("already holds 9 of this run's files"), "\(again.stderr)")
    #expect(again.stderr.contains("and 4 more"), "only five names, then a count")
    #expect(!again.stderr.contains("p-meiling-03-fall-guide.pdf"))
    #expect(again.stderr.count < 800)
    #expect(
      try String(contentsOfFile: box.file("docs/manifest.json"), encoding: .utf8)
        == manifestBefore)
    #expect(try log(box).count == rowsBefore, "nothing rendered, nothing logged")
  }

  @Test func resumeKeepsMatchingFilesAndMakesTheRest() throws {
    let box = sandbox()
    let ids = try patientIDs(box)
    #expect(batch(box, ["--all", "--out", "docs"]).code == .success)
    let removed = "\(ids[1])-medication-list.pdf"
    try FileManager.default.removeItem(atPath: box.file("docs/" + removed))
    let rowsBefore = try log(box).count
    let resumed = batch(box, ["--all", "--out", "docs", "--resume"])
    #expect(resumed.code == .success, "\(resumed.stderr)")
    #expect(resumed.stderr.contains("8 already delivered and kept (--resume)"))
    #expect(try log(box).count == rowsBefore + 2, "one intent and one outcome")
    let documents = try manifest(box.file("docs/manifest.json"))
    #expect(documents.count == 9)
    let expectedFiles = ids.flatMap { id in Self.kinds.map { "\(id)-\($0).pdf" } }
    #expect(documents.compactMap { $0["file"]?.stringValue } == expectedFiles)

    // A file that no longer matches the manifest is a collision, not a skip.
    box.write("docs/\(ids[0])-er-sheet.pdf", "changed")
    let changed = batch(box, ["--all", "--out", "docs", "--resume"])
    #expect(changed.code.rawValue == 73)
    #expect(changed.stderr.contains("already holds 1 of this run's files"))
  }

  @Test func forceReplacesFilesAndTheManifestKeepsWhatItListed() throws {
    let box = sandbox()
    let ids = try patientIDs(box)
    #expect(batch(box, ["--all", "--out", "docs"]).code == .success)
    let forced = batch(box, ["--all", "--out", "docs", "--force", "--docs", "er"])
    #expect(forced.code == .success, "\(forced.stderr)")
    let json = try JSONParser.parse(
      String(contentsOfFile: box.file("docs/manifest.json"), encoding: .utf8))
    let documents = try #require(json["documents"]?.arrayValue)
    #expect(documents.count == 9, "the six other files are still there and still listed")
    #expect(json["complete"] == .bool(true))
    for entry in documents {
      let file = try #require(entry["file"]?.stringValue)
      #expect(entry["sha256"]?.stringValue == box.hash(box.file("docs/" + file)))
    }
    #expect(
      documents.compactMap { $0["file"]?.stringValue }.prefix(3)
        == ids.map { "\($0)-er-sheet.pdf" }[...])
  }

  @Test func shardsCoverEveryPatientExactlyOnce() throws {
    let box = sandbox()
    var seen: [String] = []
    for shard in ["1/2", "2/2"] {
      let result = batch(
        box, ["--all", "--docs", "er", "--out", "s", "--shard", shard, "--resume"])
      #expect(result.code == .success, "\(result.stderr)")
    }
    for entry in try manifest(box.file("s/manifest.json")) {
      seen.append(try #require(entry["patient"]?.stringValue))
    }
    #expect(seen.sorted() == (try patientIDs(box)).sorted())
    let first = batch(box, ["--all", "--docs", "er", "--out", "t", "--shard", "1/2"])
    #expect(first.stderr.contains("batch: 2 documents for 2 patients"), "\(first.stderr)")
    for bad in ["0/2", "3/2", "1/0", "x", "1/2/3"] {
      #expect(batch(box, ["--all", "--out", "u", "--shard", bad]).code == .usage, "\(bad)")
    }
    #expect(!FileManager.default.fileExists(atPath: box.file("u")))
  }

  private func log(_ box: CLISandbox) throws -> [AccessRecord] {
    try Store.open(StoreLocation(database: box.database, keyFile: box.keyFile), actor: .current())
      .accessLog()
  }

  @Test(arguments: [
    ["--all", "--out", "d", "--docs", "er,er"],
    ["--all", "--out", "d", "--docs", "xray"],
    ["--all", "--out", "d", "--jobs", "0"],
    ["--all", "--out", "d", "--jobs", "many"],
    ["--all"],
    ["--out", "d"],
  ])
  func badArgumentsAreUsageErrors(_ extra: [String]) {
    let box = CLISandbox()
    let result = batch(box, extra)
    #expect(result.code == .usage, "\(result.stderr)")
    #expect(!FileManager.default.fileExists(atPath: box.file("d")))
  }

  @Test func namedPatientsOnlyAndChosenDocuments() throws {
    let box = sandbox()
    let ids = try patientIDs(box)
    let result = batch(box, [ids[1], "--docs", "meds,er", "--out", "docs"])
    #expect(result.code == .success, "\(result.stderr)")
    let files = try manifest(box.file("docs/manifest.json")).compactMap { $0["file"]?.stringValue }
    #expect(files == ["\(ids[1])-medication-list.pdf", "\(ids[1])-er-sheet.pdf"])
  }
}

/// Runs a poppler-utils tool and returns its standard output.
enum Tool {
  static func run(_ name: String, _ arguments: [String]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/" + name)
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
  }
}

/// The benchmark is its own executable, `rua-paper-bench`, built beside the tool and the tests.
@Suite("bench executable")
struct BenchCommandTests {
  /// `rua-paper-bench` beside the test bundle (SwiftPM builds every executable with the tests).
  static var executable: String? {
    ProcessRunTests.executable.map {
      ($0 as NSString).deletingLastPathComponent + "/rua-paper-bench"
    }
    .flatMap { FileManager.default.isExecutableFile(atPath: $0) ? $0 : nil }
  }

  static func run(_ arguments: [String], in box: CLISandbox) throws -> (Int32, String, String) {
    try ProcessRunTests.run(
      try #require(executable), arguments,
      environment: ["HOME": box.path + "/home", "TMPDIR": box.path, "PATH": "/usr/bin:/bin"])
  }

  @Test(.enabled(if: executable != nil, "rua-paper-bench is not built beside the tests"))
  func smallRunReportsThroughputSizesAndTheFloor() throws {
    let box = CLISandbox()
    let (code, stdout, stderr) = try Self.run(
      ["--sizes", "4", "--runs", "0", "--jobs", "2", "--templates", PackageRoot.templates],
      in: box)
    #expect(code == 0, "\(stderr)")
    #expect(stdout.contains("N = 4 patients"))
    #expect(stdout.contains("ER sheets, 2 workers:"))
    #expect(stdout.contains("median PDF size, fall-guide:"))
    #expect(stdout.contains("FLOOR (bare Pango/Cairo"))
    let left = (try? FileManager.default.contentsOfDirectory(atPath: box.path)) ?? []
    #expect(!left.contains { $0.hasPrefix("rua-bench-") })
  }

  @Test(.enabled(if: executable != nil, "rua-paper-bench is not built beside the tests"))
  func badSizesAreRefused() throws {
    let box = CLISandbox()
    let (sizes, _, sizesError) = try Self.run(["--sizes", "0"], in: box)
    #expect(sizes == 64)
    #expect(sizesError.contains("--sizes"))
    let (jobs, _, jobsError) = try Self.run(["--jobs", "x"], in: box)
    #expect(jobs == 64)
    #expect(jobsError.contains("--jobs"))
  }

  /// The shipped tool has no benchmark in it.
  @Test func theToolItselfHasNoBenchCommand() {
    let result = CLISandbox().run(["bench", "--sizes", "4"])
    #expect(result.code == .usage)
    #expect(result.stderr.contains("unknown command 'bench'"))
  }
}

@Suite("batch progress")
struct BatchProgressTests {
  @Test func terminalGetsARedrawnProgressLineThenTheSummary() throws {
    let box = CLISandbox()
    #expect(box.run(["init"] + box.storeFlags).code == .success)
    box.write("circle.json", SampleCircles.small)
    #expect(box.run(["import", "circle.json"] + box.storeFlags).code == .success)
    let captured = box.run(
      [
        "batch", "--all", "--docs", "er", "--out", "docs", "--templates",
        PackageRoot.templates,
      ]
        + box.storeFlags, environment: ["HOME": box.path + "/home"],
      standardErrorIsTerminal: true)
    #expect(captured.code == .success, "\(captured.stderr)")
    #expect(captured.stderr.contains("\rbatch: 2/2 documents"))
    #expect(captured.stderr.contains("ETA"))
    #expect(captured.stderr.contains("batch: 2 documents for 2 patients"))
  }

  /// A long binder is announced, not minutes of a frozen "ETA 0.0 s".
  @Test func theBinderStepIsAnnouncedOnTheTerminal() throws {
    let box = CLISandbox()
    #expect(box.run(["init"] + box.storeFlags).code == .success)
    box.write("circle.json", SampleCircles.small)
    #expect(box.run(["import", "circle.json"] + box.storeFlags).code == .success)
    let captured = box.run(
      [
        "batch", "--all", "--docs", "er", "--out", "docs", "--binder", "binder.pdf",
        "--templates", PackageRoot.templates,
      ]
        + box.storeFlags, environment: ["HOME": box.path + "/home"],
      standardErrorIsTerminal: true)
    #expect(captured.code == .success, "\(captured.stderr)")
    #expect(captured.stderr.contains("\rbatch: writing the binder ("), "\(captured.stderr)")
    #expect(captured.stderr.contains(" pages)…"))
  }
}

@Suite("batch refuses an unwritable access log once")
struct BatchAccessLogPreflightTests {
  @Test func anAnchorFromAnotherCopyRefusesTheRunBeforeAnyRendering() throws {
    let box = BatchCommandTests.sandbox()
    // The anchor of a store copy that moved on: no append to this store may go ahead.
    let anchor = box.keyFile + ".anchor"
    try "999:\(String(repeating: "ab", count: 32))\n".write(
      toFile: anchor, atomically: false, encoding: .utf8)
    let result = box.run(
      [
        "batch", "--all", "--out", "docs", "--now", BatchCommandTests.now, "--templates",
        PackageRoot.templates,
      ] + box.storeFlags)
    #expect(result.code == .dataError, "\(result.stderr)")
    let lines = result.stderr.split(separator: "\n")
    #expect(lines.count == 1, "\(result.stderr)")
    #expect(result.stderr.contains("no longer holds row 999"))
    #expect(result.stderr.contains("doctor --repair"))
    #expect(!FileManager.default.fileExists(atPath: box.file("docs")), "nothing is made")
  }
}
