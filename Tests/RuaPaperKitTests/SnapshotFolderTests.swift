// SPDX-License-Identifier: Apache-2.0
import Foundation
import RuaCore
import RuaDocuments
import RuaPaperKit
import RuaStore
import RuaTestSupport
import RuaVisual
import Testing

/// The golden and artifacts folders of `snapshot` are the user's own (issue 34): `accept`
/// copies only the bytes `check` wrote, never through a link or from a folder others can
/// write, and `prune` never deletes through a linked folder.
@Suite struct SnapshotFolderTests {
  let box = TemporaryFolder("rua-snapshot-folders")
  var golden: String { box.file("golden") }
  var artifacts: String { box.file("artifacts") }

  func plan(_ mode: RecordMode, artifacts: String? = nil) throws -> SnapshotPlan {
    let host = HostEnvironment(
      environment: [:], now: Instant(secondsSinceEpoch: 0),
      today: Instant(secondsSinceEpoch: 0).utcDate, workingDirectory: PackageRoot.path)
    let now = try #require(Instant(rfc3339: SnapshotPlan.defaultNow))
    return SnapshotPlan(
      mode: mode, golden: golden, goldenShown: "golden", artifacts: artifacts ?? self.artifacts,
      source: .sample(path: SampleCircles.shippedPath), kinds: [.card], languages: ["en"],
      papers: [.letter], diff: DiffOptions(dpi: 20), now: now, today: now.utcDate,
      templates: try TemplatesLocation.resolve(PackageRoot.templates, host), format: "text",
      report: nil)
  }

  @discardableResult
  func run(_ mode: RecordMode, artifacts: String? = nil) throws -> (Bool, String) {
    let plan = try plan(mode, artifacts: artifacts)
    let patients = try SnapshotPatients.load(plan) { () throws(PaperError) in
      throw PaperError("no store in these tests", kind: .invalidRequest)
    }
    var output = ""
    let passed = try SnapshotRunner(plan: plan, patients: patients) { output += $0 }.run()
    return (passed, output)
  }

  /// `snapshot prune` of the plan's sample patients.
  func prune(_ output: (String) -> Void) throws -> Bool {
    let plan = try plan(.never)
    let patients = try SnapshotPatients.load(plan) { () throws(PaperError) in
      throw PaperError("no store in these tests", kind: .invalidRequest)
    }
    return try SnapshotAccept.prune(plan, patients: patients, output: output)
  }

  @Test func pruneRemovesTheOrphansAndKeepsWhatThePlanProduces() throws {
    try run(.all)
    let kept = box.list("golden/en-letter")
    try box.write("golden/en-letter/p-nobody-card.pdf", "an orphan")
    var output = ""
    #expect(try prune { output += $0 })
    #expect(box.list("golden/en-letter") == kept, "\(output)")
    #expect(output.contains("removed   en-letter/p-nobody-card.pdf"), "\(output)")
    #expect(try run(.never).0)
  }

  func accept() throws -> String {
    var output = ""
    _ = try SnapshotAccept.accept(try plan(.never)) { output += $0 }
    return output
  }

  /// Records the goldens, then puts the first card's PDF in place of the second's, so a check
  /// fails on the second and writes its artifacts. Returns the failing document's name.
  func failingCheck() throws -> String {
    try run(.all)
    let cards = box.list("golden/en-letter").filter { $0.hasSuffix(".pdf") }
    #expect(cards.count >= 2, "\(cards)")
    try box.write("golden/en-letter/" + cards[1], try box.read("golden/en-letter/" + cards[0]))
    let (passed, output) = try run(.never)
    #expect(!passed, "\(output)")
    return "en-letter/" + String(cards[1].dropLast(4))
  }

  @Test func acceptCopiesTheCheckedFilesAndTheGoldensPassAgain() throws {
    let failing = try failingCheck()
    let record = try JSONParser.parse(try box.read("artifacts/last-check.json"))
    let failed = try #require(record["failed"]?.arrayValue)
    #expect(failed.map { $0["document"]?.stringValue } == [failing])
    #expect(
      failed.first?["pdfSHA256"]?.stringValue
        == SHA256.hex(try box.read("artifacts/" + failing + ".pdf")))
    #expect(box.mode(artifacts) == 0o700)
    let output = try accept()
    #expect(output.contains("accepted  \(failing)"), "\(output)")
    #expect(try run(.never).0)
  }

  @Test func acceptRefusesAnArtifactSwappedForALinkToTheKey() throws {
    let failing = try failingCheck()
    try box.write("key", "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef")
    let pdf = artifacts + "/" + failing + ".pdf"
    try FileManager.default.removeItem(atPath: pdf)
    try FileManager.default.createSymbolicLink(atPath: pdf, withDestinationPath: box.file("key"))
    let before = try box.read("golden/" + failing + ".pdf")
    #expect {
      _ = try accept()
    } throws: { error in
      (error as? PaperError)?.message.contains("is a symbolic link") == true
    }
    #expect(try box.read("golden/" + failing + ".pdf") == before, "the golden is unchanged")
  }

  @Test func acceptRefusesAFileTheCheckDidNotWrite() throws {
    let failing = try failingCheck()
    let page = "artifacts/" + failing + "-p1.png"
    try box.write(page, Array("not the page the check wrote".utf8))
    let before = try box.read("golden/" + failing + ".pdf")
    #expect {
      _ = try accept()
    } throws: { error in
      (error as? PaperError)?.message.contains("is not the file 'snapshot check' wrote") == true
    }
    #expect(try box.read("golden/" + failing + ".pdf") == before, "nothing was accepted")
  }

  @Test func acceptRefusesARecordOfAnOlderFormat() throws {
    let failing = try failingCheck()
    try box.write("artifacts/last-check.json", "{\"failed\":[\"\(failing)\"]}")
    #expect {
      _ = try accept()
    } throws: { error in
      (error as? PaperError)?.message.contains("is not a check record this rua-paper wrote")
        == true
    }
  }

  @Test func foldersOthersCanWriteAreRefused() throws {
    let failing = try failingCheck()
    chmod(artifacts, 0o777)
    #expect {
      _ = try accept()
    } throws: { error in
      (error as? PaperError)?.message.contains("can be written by other users (mode 0777)")
        == true
    }
    #expect(throws: PaperError.self) { try run(.never) }
    chmod(artifacts, 0o700)
    chmod(golden + "/en-letter", 0o775)
    #expect {
      try run(.never)
    } throws: { error in
      (error as? PaperError)?.message.contains("golden folder \(golden)/en-letter can be written")
        == true
    }
    _ = failing
  }

  /// Only root can hand a folder to another user; elsewhere this test has nothing to make.
  @Test func anotherUsersArtifactsFolderIsRefused() throws {
    guard geteuid() == 0 else { return }
    let failing = try failingCheck()
    chown(artifacts, 65534, 65534)
    #expect {
      _ = try accept()
    } throws: { error in
      (error as? PaperError)?.message.contains("belongs to user id 65534") == true
    }
    _ = failing
  }

  @Test func aLinkedArtifactsFolderIsRefused() throws {
    try run(.all)
    try FileManager.default.createDirectory(
      atPath: box.file("elsewhere"), withIntermediateDirectories: false)
    try FileManager.default.createSymbolicLink(
      atPath: artifacts, withDestinationPath: box.file("elsewhere"))
    #expect {
      try run(.never)
    } throws: { error in
      (error as? PaperError)?.message.contains("is a symbolic link") == true
    }
    #expect(box.list("elsewhere").isEmpty)
  }

  @Test func pruneNeverDeletesThroughALinkedFolder() throws {
    try run(.all)
    try box.write("outside/stray.pdf", "not a golden")
    try FileManager.default.removeItem(atPath: golden + "/en-letter")
    try FileManager.default.createSymbolicLink(
      atPath: golden + "/en-letter", withDestinationPath: box.file("outside"))
    var output = ""
    #expect {
      _ = try prune { output += $0 }
    } throws: { error in
      (error as? PaperError)?.message.contains("en-letter is a symbolic link") == true
    }
    #expect(box.list("outside") == ["stray.pdf"], "\(output)")
  }

  @Test func theDefaultArtifactsAreInTheUsersOwnCache() throws {
    #expect(
      SnapshotFolders.defaultArtifacts(environment: ["XDG_CACHE_HOME": "/c", "HOME": "/h"])
        == "/c/rua-paper/snapshot-artifacts")
    #expect(
      SnapshotFolders.defaultArtifacts(environment: ["HOME": "/h", "TMPDIR": "/tmp"])
        == "/h/.cache/rua-paper/snapshot-artifacts")
    #expect(SnapshotFolders.defaultArtifacts(environment: ["HOME": "relative"]) == nil)
    #expect(SnapshotFolders.defaultArtifacts(environment: [:]) == nil)
    // Made with its parents, private, on the first failing check.
    let cache = box.file("cache/rua-paper/snapshot-artifacts")
    try run(.all)
    let cards = box.list("golden/en-letter").filter { $0.hasSuffix(".pdf") }
    try box.write("golden/en-letter/" + cards[1], try box.read("golden/en-letter/" + cards[0]))
    #expect(try !run(.never, artifacts: cache).0)
    #expect(box.mode(cache) == 0o700)
    #expect(box.mode(box.file("cache/rua-paper")) == 0o700)
  }
}
