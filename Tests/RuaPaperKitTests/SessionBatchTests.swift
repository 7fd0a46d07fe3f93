// SPDX-License-Identifier: Apache-2.0
import Foundation
import RuaCore
import RuaDocuments
import RuaFiles
import RuaPaperKit
import RuaVisual
import Testing

@testable import RuaStore

/// A whole batch through `Session`, without argv: files, manifest, binder and log rows, with
/// typed outcomes.
@Suite struct SessionBatchTests {
  @Test func aBatchDeliversFilesManifestBinderAndTheirLogRows() throws {
    let fixture = try KitFixture()
    let session = try fixture.session()
    let patients = try session.store.listPatients()
    let out = fixture.folder + "/out"
    var reports: [BatchProgress] = []
    let outcome = try session.batch(
      BatchRequest(
        all: true, kinds: [.er, .falls], folder: out, binder: fixture.folder + "/binder.pdf",
        workers: 2, settings: try fixture.settings(), anchorsFooter: true)
    ) { reports.append($0) }

    #expect(outcome.failures.isEmpty, "\(outcome.failures.map(\.error.message))")
    #expect(outcome.patients == patients.count)
    #expect(outcome.documents == patients.count * 2)
    #expect(outcome.delivered == outcome.documents)
    #expect(outcome.signal == 0)
    let lastDocument = reports.last { $0.binderPages == nil }
    #expect(
      lastDocument
        == BatchProgress(
          done: outcome.documents, total: outcome.documents, elapsed: lastDocument?.elapsed ?? 0))
    #expect(outcome.manifest == out + "/manifest.json")
    #expect(outcome.binder == fixture.folder + "/binder.pdf")

    // Every file is where the manifest says, with the bytes it says.
    let manifest = try JSONParser.parse(
      [UInt8](try Data(contentsOf: URL(fileURLWithPath: out + "/manifest.json"))))
    let entries = try #require(manifest["documents"]?.arrayValue)
    #expect(entries.count == outcome.documents)
    #expect(manifest["complete"]?.boolValue == true)
    for entry in entries {
      let file = try #require(entry["file"]?.stringValue)
      let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: out + "/" + file)))
      #expect(SHA256.hex(bytes) == entry["sha256"]?.stringValue)
    }

    // One completed export row per file and one for the binder, after their intents.
    let rows = try session.store.accessLog()
    let completed = rows.filter { $0.entry.outcome == AccessOutcome.completed }
    #expect(completed.count == outcome.documents + 1)
    let binderRow = try #require(completed.first { $0.entry.document == "binder" })
    #expect(binderRow.entry.patients?.sorted() == patients.map(\.id).sorted())
    #expect(rows.filter { $0.entry.outcome == AccessOutcome.intent }.count == outcome.documents + 1)
  }

  /// The manifest of every finished document is on disk before the binder is drawn (a run
  /// killed then keeps them for --resume), and the binder step is announced with its pages.
  @Test func theManifestIsWrittenBeforeTheBinderAndTheBinderIsAnnounced() throws {
    let fixture = try KitFixture()
    let session = try fixture.session()
    let out = fixture.folder + "/out"
    var reports: [BatchProgress] = []
    var onDiskAtBinder: [JSON]?
    var completeAtBinder: JSON?
    let outcome = try session.batch(
      BatchRequest(
        all: true, kinds: [.er], folder: out, binder: fixture.folder + "/binder.pdf",
        settings: try fixture.settings())
    ) { report in
      reports.append(report)
      guard report.binderPages != nil,
        let data = FileManager.default.contents(atPath: out + "/manifest.json"),
        let manifest = try? JSONParser.parse([UInt8](data))
      else { return }
      onDiskAtBinder = manifest["documents"]?.arrayValue
      completeAtBinder = manifest["complete"]
    }
    #expect(outcome.failures.isEmpty, "\(outcome.failures.map(\.error.message))")
    let announced = try #require(reports.last, "a binder report comes last")
    let pages = try #require(announced.binderPages)
    #expect(pages >= outcome.documents)
    let entries = try #require(onDiskAtBinder, "manifest.json existed when the binder began")
    #expect(entries.count == outcome.documents)
    #expect(completeAtBinder == .bool(false))
    // The binder step then rewrites it, complete and naming the binder.
    let final = try JSONParser.parse(
      [UInt8](try Data(contentsOf: URL(fileURLWithPath: out + "/manifest.json"))))
    #expect(final["complete"] == .bool(true))
    #expect(final["binder"] != nil)
  }

  /// A shard reads only its own share: another share's patient, whose stored row cannot be
  /// decoded, is never loaded (before, every patient's record was read and decoded).
  @Test func aShardDecodesOnlyItsOwnPatients() throws {
    let fixture = try KitFixture()
    let session = try fixture.session()
    let ids = try session.store.listPatients().map(\.id).sorted()
    try #require(ids.count >= 2)
    // The second id in sorted order belongs to shard 2/2; break its record.
    try session.store.connection.execute(
      "UPDATE patients SET sex = 'not-a-sex' WHERE external_id = '\(ids[1])'")
    let outcome = try session.batch(
      BatchRequest(
        all: true, kinds: [.er], folder: fixture.folder + "/out", shard: (index: 1, count: 2),
        settings: try fixture.settings()))
    #expect(outcome.failures.isEmpty, "\(outcome.failures.map(\.error.message))")
    #expect(outcome.patients == (ids.count + 1) / 2)
    // The broken one is still refused by the shard that owns it.
    #expect(throws: PaperError.self) {
      try session.batch(
        BatchRequest(
          all: true, kinds: [.er], folder: fixture.folder + "/out2", shard: (index: 2, count: 2),
          settings: try fixture.settings()))
    }
  }

  /// Two shards run from two copies of the store into one folder: with `--resume` the second
  /// cannot vouch for the first's files (its log never delivered them), so it is refused
  /// untouched instead of writing a manifest that lists half; without `--resume` it lists all.
  @Test func aShardFromAnotherStoreCopyIsNotMergedSilently() throws {
    let first = try KitFixture()
    let second = try KitFixture()
    let out = first.folder + "/out"
    let request = { (fixture: KitFixture, shard: Int, resume: Bool) throws in
      BatchRequest(
        all: true, kinds: [.er], folder: out, resume: resume, shard: (shard, 2),
        settings: try fixture.settings())
    }
    let one = try first.session().batch(try request(first, 1, false))
    let manifest = try String(contentsOfFile: out + "/manifest.json", encoding: .utf8)
    let before = try FileManager.default.contentsOfDirectory(atPath: out).sorted()
    #expect {
      try second.session().batch(try request(second, 2, true))
    } throws: { error in
      let message = (error as? PaperError)?.message ?? ""
      return message.contains("this store's access log never delivered")
        && message.contains("-er-sheet.pdf")
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: out).sorted() == before)
    #expect(try String(contentsOfFile: out + "/manifest.json", encoding: .utf8) == manifest)
    let two = try second.session().batch(try request(second, 2, false))
    let listed = try String(contentsOfFile: out + "/manifest.json", encoding: .utf8)
    #expect(one.documents + two.documents == (try first.session().store.listPatients().count))
    for file in try FileManager.default.contentsOfDirectory(atPath: out)
    where file.hasSuffix(".pdf") {
      #expect(listed.contains(file), "\(file) not listed")
    }
  }

  /// A run into a folder another run is writing (its lock held) is refused at once.
  @Test func aRunIntoAFolderAnotherRunHoldsIsRefused() throws {
    let fixture = try KitFixture()
    let session = try fixture.session()
    let out = fixture.folder + "/out"
    try FileManager.default.createDirectory(
      atPath: out, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
    try withExtendedLifetime(try #require(try FolderLock.tryAcquire(out))) { () throws in
      #expect(try FolderLock.tryAcquire(out) == nil)
      #expect {
        try session.batch(
          BatchRequest(all: true, kinds: [.er], folder: out, settings: try fixture.settings()))
      } throws: { error in
        (error as? PaperError)?.message.contains("another rua-paper batch is writing into")
          == true
      }
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: out).isEmpty)
    // Released with its holder; then the run goes ahead, and leaves no lock file behind.
    let outcome = try session.batch(
      BatchRequest(all: true, kinds: [.er], folder: out, settings: try fixture.settings()))
    #expect(outcome.failures.isEmpty)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: out).allSatisfy {
        $0 == "manifest.json" || $0.hasSuffix(".pdf")
      })
  }

  /// A binder of fall guides is logged with the guide's content version, as each guide is.
  @Test func aBinderOfFallGuidesIsLoggedWithTheGuidesContentVersion() throws {
    let fixture = try KitFixture()
    let session = try fixture.session()
    _ = try session.batch(
      BatchRequest(
        all: true, kinds: [.falls], folder: fixture.folder + "/out",
        binder: fixture.folder + "/binder.pdf", settings: try fixture.settings()))
    let rows = try session.store.accessLog().filter {
      $0.entry.outcome == AccessOutcome.completed
    }
    let guide = try #require(rows.first { $0.entry.document == "fall-guide" })
    let binder = try #require(rows.first { $0.entry.document == "binder" })
    #expect(guide.entry.contentVersion?.hasPrefix("falls ") == true)
    #expect(binder.entry.contentVersion == guide.entry.contentVersion)
  }

  /// A batch carries the log's head at the start of the run on every page: the files and the
  /// binder alike (the binder used to read the head again after the files were delivered).
  @Test func theBinderCarriesTheSameLogAnchorAsTheFiles() throws {
    let fixture = try KitFixture()
    let session = try fixture.session()
    // Something in the log first, so there is a head to anchor.
    _ = try session.export(to: .file(path: fixture.folder + "/circle.json", replace: false))
    let head = try session.store.accessHead()
    let out = fixture.folder + "/out"
    let binderPath = fixture.folder + "/binder.pdf"
    let outcome = try session.batch(
      BatchRequest(
        all: true, kinds: [.er], folder: out, binder: binderPath,
        settings: try fixture.settings(), anchorsFooter: true))
    #expect(outcome.failures.isEmpty)
    let anchor = head.footer
    let file = try #require(
      try FileManager.default.contentsOfDirectory(atPath: out).first { $0.hasSuffix(".pdf") })
    let sheet = try PDFDocument(path: out + "/" + file)
    #expect(try sheet.text(page: 1).contains(anchor))
    let binder = try PDFDocument(path: binderPath)
    for page in 1...binder.pageCount {
      let text = try binder.text(page: page)
      #expect(text.contains(anchor), "binder page \(page) carries \(anchor)")
    }
    #expect(try session.store.accessHead().sequence > head.sequence)
  }
}
