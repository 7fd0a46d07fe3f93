// SPDX-License-Identifier: Apache-2.0
import Foundation
import RuaCore
import RuaDocuments
import RuaPaperKit
import RuaStore
import RuaTestSupport
import RuaVisual
import Testing

/// The operations the shell only words and exits on, called without argv: the demo's store,
/// `log verify`'s verdict, the content gate over a templates folder, and `diff`'s run.
@Suite struct ApplicationOperationsTests {
  @Test func theDemoSampleIsDatedForTodayAndStoredOnceAFolderIsFresh() throws {
    let box = TemporaryFolder("rua-demo-setup")
    let host = HostEnvironment(
      environment: [:], now: Instant(secondsSinceEpoch: 0),
      today: CivilDate(year: 2026, month: 11, day: 1)!,
      workingDirectory: PackageRoot.path)
    let templates = try TemplatesLocation.resolve(PackageRoot.templates, host)
    #expect(DemoSetup.findSample(workingDirectory: PackageRoot.path) == SampleCircles.shippedPath)
    let asWritten = try DemoSetup.circle(
      from: SampleCircles.shippedPath, templates: templates,
      today: CivilDate(year: 2026, month: 11, day: 1)!)
    let tenDaysOn = try DemoSetup.circle(
      from: SampleCircles.shippedPath, templates: templates,
      today: CivilDate(year: 2026, month: 11, day: 11)!)
    let fills = { (circle: CareCircle) in
      circle.patients.flatMap(\.medications).flatMap(\.fills).map(\.fillDate)
    }
    #expect(!fills(asWritten).isEmpty)
    #expect(zip(fills(asWritten), fills(tenDaysOn)).allSatisfy { $0.days(until: $1) == 10 })
    #expect(tenDaysOn.patients.allSatisfy { $0.sourceDate == nil })

    let location = StoreLocation(database: box.file("store.db"), keyFile: box.file("key"))
    let now = Instant(secondsSinceEpoch: 1_795_000_000)
    let first = try DemoSetup.store(tenDaysOn, at: location, now: now)
    #expect(try first.store.listPatients().count == tenDaysOn.patients.count)
    // A second run opens the store it made: nothing new to write.
    let again = try DemoSetup.store(tenDaysOn, at: location, now: now)
    #expect(first.summary.added == tenDaysOn.patients.count)
    #expect(again.summary.added == 0 && again.summary.changes == 0)
    #expect(try again.store.listPatients().count == tenDaysOn.patients.count)
  }

  /// `demo`'s store in one call: the sample found from the working directory, dated to
  /// today, in DIR/store.db with DIR/key; run again, the same store with nothing new.
  @Test func theDemoStoreIsMadeInItsFolderFromTheSampleItFinds() throws {
    let box = TemporaryFolder("rua-demo-store")
    let host = HostEnvironment(
      environment: ["RUA_TEMPLATES": PackageRoot.templates], now: Instant(secondsSinceEpoch: 0),
      today: CivilDate(year: 2026, month: 11, day: 1)!, workingDirectory: PackageRoot.path)
    let made = try DemoSetup.store(in: box.path + "/demo", host: host)
    #expect(made.location.database == box.path + "/demo/store.db")
    #expect(made.location.keyFile == box.path + "/demo/key")
    #expect(made.summary.added == 3)
    #expect(
      try made.store.listPatients().map(\.id) == ["p-agnes-01", "p-tomasz-02", "p-meiling-03"])
    let again = try DemoSetup.store(in: box.path + "/demo", host: host)
    #expect(again.summary.added == 0 && again.summary.changes == 0)
  }

  @Test func theDemoRefusesAFolderWithOnlyAKey() throws {
    let box = TemporaryFolder("rua-demo-key-only")
    try box.write("key", Array(repeating: 0x61, count: 64))
    let location = StoreLocation(database: box.file("store.db"), keyFile: box.file("key"))
    let circle = try CareCircleDecoder.decode(
      try SampleCircles.shipped(), today: CivilDate(year: 2026, month: 11, day: 1)!)
    #expect(throws: PaperError.self) {
      try DemoSetup.store(circle, at: location, now: Instant(secondsSinceEpoch: 1_795_000_000))
    }
    #expect(box.list() == ["key"])
  }

  @Test func logVerifyTellsASoundLogFromACutOne() throws {
    let fixture = try KitFixture()
    let store = try fixture.session().store
    let sound = try AccessLogVerdict.verify(store, claim: nil)
    guard case .verified(let line) = sound.finding else {
      Issue.record("a fresh store's log: \(sound.finding) \(sound.messages)")
      return
    }
    #expect(line.hasPrefix("access log verified:"))
    #expect(sound.messages.isEmpty)
    let claim = try #require(LogAnchorClaim("999999:abcdef"))
    let cut = try AccessLogVerdict.verify(store, claim: claim)
    #expect(cut.finding == .tampered)
    #expect(cut.messages.contains { $0.contains("does not contain the anchor 999999:abcdef") })
  }

  @Test func theContentGatePassesTheShippedTemplatesAndLocksOnlyWhatPasses() throws {
    let host = HostEnvironment(
      environment: [:], now: Instant(secondsSinceEpoch: 0),
      today: CivilDate(year: 2026, month: 11, day: 1)!,
      workingDirectory: PackageRoot.path)
    let shipped = try TemplatesLocation.resolve(PackageRoot.templates, host)
    let check = try ContentReview.check(shipped, release: false)
    #expect(check.problems.isEmpty, "\(check.problems)")
    #expect(check.contentFiles > 0 && check.localeFiles > 0)

    // A copy whose guide changed its text but not its version: the lock is refused, unwritten.
    let box = TemporaryFolder("rua-content-review")
    try FileManager.default.copyItem(atPath: PackageRoot.templates, toPath: box.file("templates"))
    let copy = try TemplatesLocation.resolve(box.file("templates"), host)
    let guide = try #require(copy.files(in: "content", suffix: ".json").first)
    let path = box.file("templates/content/" + guide)
    let text = try String(contentsOfFile: path, encoding: .utf8)
    let lockBefore = box.contents(box.file("templates/content.lock.json"))
    try text.replacingOccurrences(
      of: "\"text\": \"", with: "\"text\": \"Changed. ", options: [],
      range: text.range(of: "\"text\": \"")
    )
    .write(toFile: path, atomically: true, encoding: .utf8)
    guard case .refused(let problems) = try ContentReview.lock(copy) else {
      Issue.record("a changed guide with its old version was locked")
      return
    }
    #expect(problems.contains { $0.file == "content/" + guide }, "\(problems)")
    #expect(box.contents(box.file("templates/content.lock.json")) == lockBefore)
  }

  @Test func aDiffRunWritesPicturesOnlyForWhatDiffers() throws {
    let box = TemporaryFolder("rua-diff-run")
    try box.write("a.pdf", MinimalPDF.base.bytes())
    try box.write("b.pdf", MinimalPDF.reworded.bytes())
    let host = HostEnvironment(
      environment: [:], now: Instant(secondsSinceEpoch: 0),
      today: CivilDate(year: 2026, month: 11, day: 1)!,
      workingDirectory: box.path)
    let a = try DiffRun.open("a.pdf", host: host)
    let b = try DiffRun.open("b.pdf", host: host)
    let options = DiffOptions(dpi: 30)
    try DiffRun.check(options, a, b)
    let run = DiffRun(images: "out", sideBySide: true, reportFolder: box.file("report"), host: host)
    let outcome = try run.compare(a, b, options: options)
    #expect(!outcome.report.isSame)
    #expect(outcome.images.keys.sorted() == [3])
    #expect(outcome.images[3]?["sideBySide"] == "out/page-003-side-by-side.png")
    #expect(box.list("out") == ["page-003-diff.png", "page-003-side-by-side.png"])
    try run.writeReport(outcome, nameA: "a.pdf", nameB: "b.pdf")
    #expect(box.list("report").contains("report.html") && box.list("report").contains("summary.md"))

    let same = try DiffRun(images: "same", sideBySide: false, reportFolder: nil, host: host)
      .compare(a, try DiffRun.open("a.pdf", host: host), options: options)
    #expect(same.report.isSame && same.images.isEmpty && box.list("same").isEmpty)

    var masked = options
    masked.masks = [try Mask(parsing: "9:0,0,10,10")]
    #expect {
      try DiffRun.check(masked, a, b)
    } throws: { error in
      (error as? PaperError)?.message.contains("page 9 is past the last page") == true
    }
    #expect(throws: PaperError.self) { try DiffRun.open("missing.pdf", host: host) }
  }
}
