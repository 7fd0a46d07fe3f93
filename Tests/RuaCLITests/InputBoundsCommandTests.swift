// SPDX-License-Identifier: Apache-2.0
import Foundation
import RuaCLI
import RuaCLITestSupport
import RuaTestSupport
import Testing

/// Issue 34, items 6–9 through the command line: every input capped, FIFOs refused at once,
/// hostile page sizes refused before drawing, and text output that cannot be forged.
@Suite("input bounds")
struct InputBoundsCommandTests {
  /// A file of `size` bytes that takes no disk space (a hole).
  private func sparse(_ path: String, size: Int) {
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    #expect(fd >= 0 && ftruncate(fd, off_t(size)) == 0)
    close(fd)
  }

  /// Runs `body`; a thread opens the FIFO at `path` for writing after `seconds` and closes it,
  /// so a reader blocked in open(2) comes free. Returns how long `body` took: a reader that
  /// waited for the writer took at least `seconds`.
  private func timedWithRescue<T>(_ path: String, after seconds: Double, _ body: () -> T) -> (
    T, Double
  ) {
    let rescuer = Thread {
      Thread.sleep(forTimeInterval: seconds)
      for _ in 0..<100 {
        let fd = open(path, O_WRONLY | O_NONBLOCK)
        if fd >= 0 {
          close(fd)
          return
        }
        Thread.sleep(forTimeInterval: 0.05)
      }
    }
    rescuer.start()
    let start = Date()
    let result = body()
    return (result, Date().timeIntervalSince(start))
  }

  @Test func anImportFileOverTheLimitIsRefusedNamingItAndTheLimit() throws {
    let box = BatchCommandTests.sandbox()
    let before = box.hash(box.database)
    sparse(box.file("big.json"), size: (64 << 20) + 1)
    let run = box.run(["import", "big.json"] + box.storeFlags)
    #expect(run.code == .dataError)
    #expect(
      run.stderr.contains(
        "big.json: larger than 64 MiB, the most a care-circle or FHIR file may hold; nothing was "
          + "imported"), "\(run.stderr)")
    #expect(box.hash(box.database) == before)
  }

  @Test func aDeviceOrFIFOGivenToImportIsRefusedAtOnce() throws {
    let box = BatchCommandTests.sandbox()
    let zero = box.run(["import", "/dev/zero"] + box.storeFlags)
    #expect(zero.code == .usage)
    #expect(zero.stderr.contains("/dev/zero: is a device, not a regular file"), "\(zero.stderr)")
    let fifo = box.file("circle.json")
    #expect(mkfifo(fifo, 0o600) == 0)
    let (run, seconds) = timedWithRescue(fifo, after: 3) {
      box.run(["import", "circle.json"] + box.storeFlags)
    }
    #expect(seconds < 2, "import waited for a writer on the FIFO")
    #expect(run.code == .usage)
    #expect(run.stderr.contains("circle.json: is a FIFO (named pipe), not a regular file"))
  }

  @Test func aPDFOverTheLimitOrAFIFOIsRefusedByDiffAndRasterize() throws {
    let folder = TemporaryFolder("rua-visual")
    try folder.write("a.pdf", MinimalPDF.base.bytes())
    sparse(folder.file("big.pdf"), size: (256 << 20) + 1)
    let diff = runInProcess(["diff", "a.pdf", "big.pdf"], in: folder)
    #expect(diff.code.rawValue == 2)
    #expect(
      diff.stderr.contains("big.pdf is larger than 256 MiB, the most rua-paper reads from one PDF"),
      "\(diff.stderr)")
    let raster = runInProcess(["rasterize", "big.pdf", "-o", "out"], in: folder)
    #expect(raster.stderr.contains("big.pdf is larger than 256 MiB"), "\(raster.stderr)")
    #expect(mkfifo(folder.file("pipe.pdf"), 0o600) == 0)
    let (fifo, seconds) = timedWithRescue(folder.file("pipe.pdf"), after: 3) {
      runInProcess(["diff", "a.pdf", "pipe.pdf"], in: folder)
    }
    #expect(seconds < 2)
    #expect(fifo.code.rawValue == 2)
    #expect(fifo.stderr.contains("pipe.pdf is a FIFO (named pipe), not a regular file"))
    #expect(!FileManager.default.fileExists(atPath: folder.file("out")))
  }

  @Test func aHugePageIsRefusedBeforeDrawingWithTheDPIThatFits() throws {
    let folder = TemporaryFolder("rua-visual")
    var huge = MinimalPDF.base
    (huge.width, huge.height) = (14_400, 14_400)
    try folder.write("huge.pdf", huge.bytes())
    let start = Date()
    let run = runInProcess(["rasterize", "huge.pdf", "--pages", "1", "-o", "out"], in: folder)
    #expect(run.code == .usage)
    #expect(
      run.stderr.contains(
        "page 1 of huge.pdf would be 30000 × 30000 pixels at 150 dpi (14400 × 14400 pt), more "
          + "than the 100,000,000 pixels rua-paper renders of one page; use --dpi 50 or lower"),
      "\(run.stderr)")
    let diff = runInProcess(["diff", "huge.pdf", "huge.pdf", "--dpi", "100"], in: folder)
    #expect(diff.code.rawValue == 2)
    #expect(diff.stderr.contains("use --dpi 50 or lower"))
    #expect(Date().timeIntervalSince(start) < 5)
    #expect(folder.list() == ["huge.pdf"])
    let fits = runInProcess(
      ["rasterize", "huge.pdf", "--pages", "1", "--dpi", "2", "-o", "out"], in: folder)
    #expect(fits.code == .success, "\(fits.stderr)")
  }

  @Test(arguments: ["0", "-1", "abc", "4000", "nan"])
  func aBadPageTimeoutIsAUsageError(value: String) throws {
    let folder = TemporaryFolder("rua-visual")
    try folder.write("a.pdf", MinimalPDF.base.bytes())
    let run = runInProcess(
      ["rasterize", "a.pdf", "-o", "out", "--page-timeout", value], in: folder)
    #expect(run.code == .usage)
    #expect(run.stderr.contains("--page-timeout must be a number of seconds from 0.1 to 3600"))
    let diff = runInProcess(["diff", "a.pdf", "a.pdf", "--page-timeout", value], in: folder)
    #expect(diff.code.rawValue == 2)
  }

  @Test func aFIFOAsTheLogAnchorOrTheCheckedStampDoesNotHangACommand() throws {
    let box = BatchCommandTests.sandbox()
    for fifo in [box.keyFile + ".anchor", box.database + "-checked"] {
      try? FileManager.default.removeItem(atPath: fifo)
      #expect(mkfifo(fifo, 0o600) == 0)
      let (run, seconds) = timedWithRescue(fifo, after: 4) {
        box.run(["patients"] + box.storeFlags)
      }
      #expect(seconds < 3, "\(fifo): the command waited \(seconds) s on the FIFO; \(run.stderr)")
      try? FileManager.default.removeItem(atPath: fifo)
    }
  }

  @Test func aFIFONamedManifestStopsBatchResumeAtOnce() throws {
    let box = BatchCommandTests.sandbox()
    #expect(
      box.run(
        ["batch", "--all", "--docs", "er", "--out", "docs", "--templates", PackageRoot.templates]
          + box.storeFlags
      )
      .code == .success)
    let manifest = box.file("docs/manifest.json")
    try FileManager.default.removeItem(atPath: manifest)
    #expect(mkfifo(manifest, 0o600) == 0)
    let (run, seconds) = timedWithRescue(manifest, after: 4) {
      box.run(
        [
          "batch", "--all", "--docs", "er", "--out", "docs", "--resume", "--templates",
          PackageRoot.templates,
        ]
          + box.storeFlags)
    }
    #expect(seconds < 3, "batch waited on the FIFO")
    #expect(run.code != .success)
    #expect(run.stderr.contains("FIFO (named pipe), not a regular file"), "\(run.stderr)")
  }

  @Test func aDestinationWithANewlineOrEscapeCannotForgeALogRow() throws {
    let box = BatchCommandTests.sandbox()
    let forged =
      "a\n99  2026-11-18T00:00:00Z  p-x  er-sheet  print  completed  forged.pdf"
      + "\u{1B}[2J\u{202E}.pdf"
    let er = box.run(
      ["er", "p-agnes-01", "-o", forged, "--templates", PackageRoot.templates] + box.storeFlags)
    #expect(er.code == .success, "\(er.stderr)")
    let log = box.run(["log"] + box.storeFlags)
    #expect(log.code == .success)
    let lines = log.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
    #expect(lines.count == 2, "one intent and one outcome row: \(log.stdout)")
    #expect(!log.stdout.contains("\u{1B}") && !log.stdout.contains("\u{202E}"))
    #expect(log.stdout.contains("/a\\n99  2026-11-18T00:00:00Z"))
    #expect(log.stdout.contains("\\u{001B}[2J\\u{202E}.pdf"))
    // JSON keeps the real name.
    let json = box.run(["log", "--format", "json"] + box.storeFlags)
    #expect(json.stdout.contains("\\n99  2026"))
    // Messages that quote the name escape it too.
    let again = box.run(
      ["er", "p-agnes-01", "-o", forged, "--templates", PackageRoot.templates] + box.storeFlags)
    #expect(!again.stderr.contains("\u{1B}") && !again.stderr.contains("\u{202E}"))
    #expect(again.stderr.split(separator: "\n").count == 1, "\(again.stderr)")
    #expect(again.stderr.contains("a\\n99  2026-11-18T00:00:00Z"))
    let named = box.run(["diff", "x\nrua-paper: forged.pdf", "y.pdf"])
    #expect(named.stderr.split(separator: "\n").count == 1, "\(named.stderr)")
  }
}
