// SPDX-License-Identifier: Apache-2.0
import Glibc
import RuaCLI
import RuaCore
import RuaDocuments
import RuaPaperKit
import RuaRender

/// `bench --worst`: how long one document takes for the most expensive records `import`
/// accepts (`WorstCircle`). The rule it measures: no single document takes more than a second,
/// whatever the input. It prints figures; it is not a timed test.
struct WorstBench {
  let settings: DocumentSettings
  let runs: Int
  let context: Context

  func run() throws(PaperError) {
    let resources = try settings.resources(for: DocumentKind.standard)
    let coverage = try PrintableCheck.coverage(settings.templates)
    let maker = try DocumentMaker(resources)
    context.print("rua-paper-bench --worst, \(ToolVersion.full); \(runs) run(s) per document")
    context.print(BenchRun.machine())
    var slowest = 0.0
    var slowestCPU = 0.0
    for style in WorstCircle.Style.allCases {
      let patient = WorstCircle.patient(style, today: settings.today)
      let size = try accepted(patient, coverage)
      context.print("\n\(style.rawValue): a \(size / 1024) KB record, accepted by import")
      for kind in DocumentKind.standard {
        var times: [Double] = []
        var cpuTimes: [Double] = []
        var pages = 0
        var bytes = 0
        for _ in 0..<runs {
          let start = MonotonicClock.seconds()
          let cpuStart = Self.threadCPUSeconds()
          let made = try maker.make(
            kind, patient: patient, today: settings.today, now: settings.now,
            informationAsOf: nil)
          cpuTimes.append((Self.threadCPUSeconds() - cpuStart) * 1000)
          times.append((MonotonicClock.seconds() - start) * 1000)
          pages = made.pdf.pageCount
          bytes = made.pdf.bytes.count
        }
        times.sort()
        cpuTimes.sort()
        slowest = max(slowest, times.last ?? 0)
        slowestCPU = max(slowestCPU, cpuTimes.last ?? 0)
        context.print(
          "  \(kind.documentName): median \(Self.fixed(times[times.count / 2])) ms,"
            + " max \(Self.fixed(times.last ?? 0)) ms (CPU: median"
            + " \(Self.fixed(cpuTimes[cpuTimes.count / 2])) ms, max"
            + " \(Self.fixed(cpuTimes.last ?? 0)) ms), \(pages) page(s), \(bytes / 1024) KB")
      }
    }
    context.print(
      "\nslowest single document: \(Self.fixed(slowest)) ms wall clock, \(Self.fixed(slowestCPU))"
        + " ms CPU (the rule: under 1000 ms)")
  }

  /// Encodes `patient` as a care-circle file and reads it back the way `import` does; returns
  /// the file's size in bytes. A refusal is a bug in `WorstCircle`, not a figure.
  private func accepted(_ patient: Patient, _ coverage: FontCoverage) throws(PaperError) -> Int {
    let json = CareCircleEncoder.encode(CareCircle(patients: [patient]))
    let bytes = Array(JSONWriter.write(json).utf8)
    do throws(CareCircleError) {
      _ = try CareCircleDecoder.decode(bytes, today: settings.today)
      try PrintableCheck.check(json, coverage: coverage)
    } catch {
      throw PaperError(
        "the worst-case record \(patient.id) is refused: \(error)", kind: .internalFailure)
    }
    return bytes.count
  }

  /// CPU time of this thread: what one document costs, whatever else the machine is doing.
  static func threadCPUSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }

  static func fixed(_ value: Double) -> String { BatchProgress.oneDecimal(value) }
}
