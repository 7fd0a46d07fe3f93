// SPDX-License-Identifier: Apache-2.0
import Foundation
import RuaCore
import RuaDocuments
import RuaRender
import RuaVisual
import Synchronization
import Testing

/// Two threads render every document kind in several languages while a third diffs what they
/// made, each round with fresh renderers (fresh font maps) and a new resolution (new scaled
/// fonts), so faces are opened and freed on cairo's and poppler's shared FreeType libraries all
/// the time: the pattern that crashed in `libfreetype` (issue 37; docs/architecture.md,
/// "Threads"). It runs in a child process so a crash is a failing test with its signal named,
/// not a dead test run.
@Suite struct ParallelRenderStressTests {
  static let childVariable = "RUA_PARALLEL_STRESS_SECONDS"
  static let languages = ["en", "ar", "zh-Hans", "ko", "ru", "es"]

  @Test func twoThreadsRenderEveryKindInSeveralLanguagesWhileAThirdDiffs() throws {
    let child = Process()
    child.executableURL = URL(fileURLWithPath: "/proc/self/exe")
    child.arguments = ["--testing-library", "swift-testing", "--filter", "stressRunsInTheChild"]
    var environment = ProcessInfo.processInfo.environment
    environment[Self.childVariable] = environment[Self.childVariable] ?? "6"
    child.environment = environment
    let output = Pipe()
    child.standardOutput = output
    child.standardError = output
    try child.run()
    let bytes = output.fileHandleForReading.readDataToEndOfFile()
    child.waitUntilExit()
    let text = String(decoding: bytes, as: UTF8.self)
    let tail = String(text.suffix(3_000))
    let crashed =
      "the stress child died of signal \(child.terminationStatus) (11: SIGSEGV): two threads "
      + "rendering crashed; see docs/architecture.md, Threads"
    #expect(child.terminationReason == .exit, "\(crashed)\n\(tail)")
    #expect(child.terminationStatus == 0, "\(tail)")
    // The child really ran (a filter matching nothing exits 0 too) and did work on every thread.
    let summary = try #require(
      text.split(separator: "\n").first { $0.hasPrefix("stress: ") }, "\(tail)")
    let numbers = summary.split(separator: " ").prefix(7).compactMap { Int($0) }
    #expect(numbers.count == 3 && numbers.allSatisfy { $0 > 0 }, "\(summary)")
  }

  /// The child's body; enabled only in the child the test above starts.
  @Test(.enabled(if: ProcessInfo.processInfo.environment[childVariable] != nil))
  func stressRunsInTheChild() throws {
    let seconds = Double(ProcessInfo.processInfo.environment[Self.childVariable] ?? "") ?? 6
    #expect(FreeTypeFaceLock.isInstalled, "cairo and poppler would call FreeType unserialised")
    let callsBefore = FreeTypeFaceLock.calls
    let deadline = Date().addingTimeInterval(seconds)
    // Past the deadline the differ still finishes one diff (each renderer does at least one
    // round anyway), so a slow machine or a sanitizer build does less, never nothing.
    let hardStop = deadline.addingTimeInterval(300)
    // The many-script patients first: each worker's first round (every worker makes one, even
    // on a loaded machine) draws with more than ten fonts.
    let patients = Self.manyScripts(try DocumentFixture.sample()) + (try DocumentFixture.sample())
    let shared = Shared()

    let renderers = (0..<2).map { worker in
      Thread {
        var round = 0
        repeat {
          do {
            // A fresh renderer each round: its font map goes, and with it cairo's fonts.
            let language = Self.languages[(round * 2 + worker) % Self.languages.count]
            let patient = patients[(round + worker) % patients.count]
            for built in try Self.documents(patient, language: language) {
              let pdf = try DocumentFixture.render(built)
              shared.made(pdf.bytes)
            }
          } catch {
            shared.fail("renderer \(worker): \(error)")
          }
          round += 1
        } while Date() < deadline && !shared.failed
      }
    }
    let differ = Thread {
      var round = 0
      repeat {
        if let (a, b) = shared.pair() {
          do {
            // Another resolution each time: new scaled fonts, so cairo's cache evicts old ones
            // (and frees their faces) on whichever thread is creating one.
            let first = try PDFDocument(bytes: a, name: "a.pdf")
            let second = try PDFDocument(bytes: b, name: "b.pdf")
            _ = try VisualDiff.compare(first, second, options: DiffOptions(dpi: 24))
            // And each page at a resolution no earlier round used.
            for page in 1...first.pageCount {
              _ = try first.render(page: page, dpi: Double(10 + round))
            }
            shared.diffed()
          } catch {
            shared.fail("differ: \(error)")
          }
          round += 1
        } else {
          usleep(10_000)
        }
      } while !shared.failed && (Date() < deadline || shared.diffs == 0) && Date() < hardStop
    }
    let threads = renderers + [differ]
    for thread in threads { thread.start() }
    while threads.contains(where: { !$0.isFinished }) { usleep(20_000) }

    let (documents, diffs, failures) = shared.counts
    #expect(failures.isEmpty, "\(failures)")
    #expect(FreeTypeFaceLock.calls > callsBefore, "no face was opened or freed through the lock")
    // Past cairo's ten file-opened faces, the count at which it starts closing faces other
    // threads are using (KeptFontFaces).
    #expect(KeptFontFaces.isInstalled, "Pango's fonts would be opened and closed by cairo")
    #expect(KeptFontFaces.count > 10, "the stress run drew with \(KeptFontFaces.count) fonts")
    print(
      "stress: \(documents) documents \(diffs) diffs \(FreeTypeFaceLock.calls) face calls, "
        + "contended: \(FreeTypeFaceLock.contended)")
  }

  /// Scripts none of the ten pinned copies draw: each falls back to a font of its own, so the
  /// renderers use far more than the ten faces cairo 1.16 keeps open by itself.
  static let fallbackWords = [
    "สวัสดี", "გამარჯობა", "Բարեւ", "নমস্কার", "வணக்கம்", "నమస్కారం", "નમસ્તે", "ਸਤਿ",
    "សួស្តី", "ສະບາຍດີ", "ሰላም", "ආයුබෝවන්", "ನಮಸ್ಕಾರ", "നമസ്കാരം", "မင်္ဂလာပါ",
  ]

  /// The sample patients again, each with two of those scripts in the name and all of them in
  /// a condition.
  static func manyScripts(_ patients: [Patient]) -> [Patient] {
    patients.enumerated().map { number, patient in
      var changed = patient
      let first = fallbackWords[number % fallbackWords.count]
      let second = fallbackWords[(number + 7) % fallbackWords.count]
      changed.fullName = "\(patient.fullName) \(first) \(second)"
      changed.conditions.append(Condition(name: fallbackWords.joined(separator: " ")))
      return changed
    }
  }

  static func documents(_ patient: Patient, language: String) throws -> [(Document, Template)] {
    [
      try RenderFixture.sheet(patient, language: language),
      try DocumentFixture.medicationList(patient, language: language),
      try DocumentFixture.fallGuide(patient, language: language),
    ]
  }

  /// What the threads hand each other: the last PDFs made, the counts, the failures.
  final class Shared: Sendable {
    private struct State {
      var recent: [[UInt8]] = []
      var documents = 0
      var diffs = 0
      var failures: [String] = []
    }
    private let state = Mutex(State())

    func made(_ bytes: [UInt8]) {
      state.withLock {
        $0.documents += 1
        $0.recent.append(bytes)
        if $0.recent.count > 4 { $0.recent.removeFirst() }
      }
    }

    /// Two different recent PDFs (different bytes, so the diff rasterizes them).
    func pair() -> ([UInt8], [UInt8])? {
      state.withLock { state in
        guard let last = state.recent.last, let other = state.recent.first(where: { $0 != last })
        else { return nil }
        return (other, last)
      }
    }

    func diffed() { state.withLock { $0.diffs += 1 } }
    var diffs: Int { state.withLock { $0.diffs } }
    func fail(_ message: String) { state.withLock { $0.failures.append(message) } }
    var failed: Bool { state.withLock { !$0.failures.isEmpty } }
    var counts: (Int, Int, [String]) { state.withLock { ($0.documents, $0.diffs, $0.failures) } }
  }
}
