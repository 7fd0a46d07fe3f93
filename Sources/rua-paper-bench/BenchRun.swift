// SPDX-License-Identifier: Apache-2.0
import Glibc
import RuaCLI
import RuaCore
import RuaDocuments
import RuaFiles
import RuaPaperKit
import RuaRender
import RuaStore

/// The benchmark: a synthetic store per size, cold single ER sheets, throughput with one worker
/// and with all, latency percentiles, peak RSS, PDF sizes, and the bare Pango/Cairo floor.
struct BenchRun {
  let sizes: [Int]
  let workers: Int
  let coldRuns: Int
  /// Also the PDF sizes, the floor and the cold process (once, for the first N).
  let extras: Bool
  let settings: DocumentSettings
  let context: Context

  /// Documents per second and per-document milliseconds of one pass.
  struct Pass {
    var rate: Double
    var p50: Double
    var p95: Double
    var sizes: [Int]
  }

  func run(folder: String) throws(PaperError) {
    let resources = try settings.resources(for: DocumentKind.standard)
    if extras {
      context.print("rua-paper-bench, \(ToolVersion.full), \(workers) worker(s) for 'all'")
      context.print(Self.machine())
    }
    var floorDone = !extras
    for size in sizes {
      let location = StoreLocation(
        database: folder + "/\(size)/store.db", keyFile: folder + "/\(size)/key")
      _ = try? Files.makeFolder(folder + "/\(size)", mode: 0o700)
      let saveStart = MonotonicClock.seconds()
      let store = try write(size, to: location)
      let saveSeconds = MonotonicClock.seconds() - saveStart
      let loadStart = MonotonicClock.seconds()
      let patients = try StoreAccess.perform { () throws(StoreError) in
        try store.loadCareCircle().patients
      }
      let loadSeconds = MonotonicClock.seconds() - loadStart
      context.print(
        "\nN = \(size) patients: store written in \(ms(saveSeconds)) ms, read in "
          + "\(ms(loadSeconds)) ms; RSS now \(Self.currentRSSMegabytes()) MB")
      let jobs = patients.enumerated().map {
        BatchJob(index: $0.offset, patient: $0.element, kind: .er, informationAsOf: nil)
      }
      let one = try pass(jobs, resources: resources, workers: 1)
      let all = try pass(jobs, resources: resources, workers: workers)
      context.print(
        "  ER sheets, 1 worker:  \(fixed(one.rate)) documents/s, p50 \(fixed(one.p50)) ms, p95 \(fixed(one.p95)) ms"
      )
      context.print(
        "  ER sheets, \(workers) workers: \(fixed(all.rate)) documents/s, p50 \(fixed(all.p50)) ms, p95 \(fixed(all.p95)) ms"
      )
      context.print(
        "  RSS now \(Self.currentRSSMegabytes()) MB; peak RSS so far \(Self.peakRSSMegabytes()) MB")
      if !floorDone {
        floorDone = true
        try otherKinds(jobs, resources: resources, erSizes: one.sizes)
        try floor(jobs, resources: resources, realRate: one.rate)
        if coldRuns > 0 { coldStart(location, patientID: patients.first?.id ?? "") }
      }
    }
  }

  /// A new store holding the synthetic circle; the circle itself is freed on return.
  private func write(_ size: Int, to location: StoreLocation) throws(PaperError) -> Store {
    let circle = BenchCircle.make(patients: size, today: settings.today)
    return try StoreAccess.perform { () throws(StoreError) -> Store in
      let store = try Store.create(location, actor: .current())
      _ = try store.save(circle, now: settings.now)
      return store
    }
  }

  /// `bench --write-store`: the synthetic store in `folder` (created 0700), for profiling and
  /// for timing the real `batch` command on it.
  static func writeStore(_ size: Int, folder: String, settings: DocumentSettings) throws(PaperError)
  {
    try BatchRun.makeFolder(folder)
    let location = StoreLocation(database: folder + "/store.db", keyFile: folder + "/key")
    let circle = BenchCircle.make(patients: size, today: settings.today)
    _ = try StoreAccess.perform { () throws(StoreError) in
      try Store.create(location, actor: .current()).save(circle, now: settings.now)
    }
  }

  private func pass(_ jobs: [BatchJob], resources: DocumentResources, workers: Int)
    throws(PaperError) -> Pass
  {
    let pool = BatchPool(
      jobs: jobs, resources: resources, today: settings.today, now: settings.now, workers: workers)
    var times: [Double] = []
    var sizes: [Int] = []
    var failure: PaperError?
    let started = MonotonicClock.seconds()
    pool.run { results in
      for result in results {
        switch result.outcome {
        case .success(let made): sizes.append(made.pdf.bytes.count)
        case .failure(let error): failure = failure ?? error
        }
        times.append(result.seconds * 1000)
      }
      return true
    }
    let seconds = MonotonicClock.seconds() - started
    if let failure { throw failure }
    times.sort()
    return Pass(
      rate: Double(jobs.count) / seconds, p50: Self.percentile(times, 0.5),
      p95: Self.percentile(times, 0.95), sizes: sizes)
  }

  /// Median PDF size of each kind (medication list and fall guide over the same patients).
  private func otherKinds(_ jobs: [BatchJob], resources: DocumentResources, erSizes: [Int])
    throws(PaperError)
  {
    context.print("  median PDF size, er-sheet: \(Self.median(erSizes) / 1024) KB")
    for kind in [DocumentKind.meds, .falls] {
      let kindJobs = jobs.map {
        BatchJob(index: $0.index, patient: $0.patient, kind: kind, informationAsOf: nil)
      }
      let result = try pass(kindJobs, resources: resources, workers: workers)
      context.print(
        "  median PDF size, \(kind.documentName): \(Self.median(result.sizes) / 1024) KB "
          + "(\(fixed(result.rate)) documents/s with \(workers) workers)")
    }
  }

  /// The same ER text drawn with bare Pango/Cairo on one thread, against the real one-worker rate.
  private func floor(_ jobs: [BatchJob], resources: DocumentResources, realRate: Double)
    throws(PaperError)
  {
    let maker = try DocumentMaker(resources)
    var documents: [[FloorPage]] = []
    for job in jobs {
      let (document, template, _) = try maker.describe(
        .er, patient: job.patient, today: settings.today, now: settings.now, informationAsOf: nil)
      do { documents.append(try maker.floorPages(document, template: template)) } catch {
        throw PaperError("floor: \(error)", kind: .internalFailure)
      }
    }
    let started = MonotonicClock.seconds()
    var bytes = 0
    for pages in documents {
      do { bytes += try maker.drawFloor(pages, now: settings.now).bytes.count } catch {
        throw PaperError("floor: \(error)", kind: .internalFailure)
      }
    }
    let rate = Double(documents.count) / (MonotonicClock.seconds() - started)
    context.print(
      "  FLOOR (bare Pango/Cairo, same text, 1 thread): \(fixed(rate)) documents/s; "
        + "rua-paper ER sheets at 1 worker are \(fixed(rate / realRate))x slower than the floor "
        + "(median floor PDF \(bytes / max(1, documents.count) / 1024) KB)")
  }

  /// One ER sheet as a whole process: spawn, open the store, render, write, exit.
  private func coldStart(_ location: StoreLocation, patientID: String) {
    var times: [Double] = []
    for run in 0..<coldRuns {
      let output = Files.parent(location.database) + "/cold-\(run).pdf"
      let arguments = [
        "er", patientID, "-o", output, "--now", settings.now.rfc3339, "--templates",
        settings.templates.root, "--db", location.database, "--key-file", location.keyFile,
      ]
      if let seconds = BenchSpawn.time(.tool, arguments, environment: context.environment) {
        times.append(seconds * 1000)
      }
    }
    guard !times.isEmpty else {
      context.print("  cold single ER sheet: the child process failed")
      return
    }
    times.sort()
    context.print(
      "  cold single ER sheet (whole process, \(times.count) runs): median "
        + "\(fixed(Self.percentile(times, 0.5))) ms, min \(fixed(times[0])) ms")
  }

  static func percentile(_ sorted: [Double], _ fraction: Double) -> Double {
    guard !sorted.isEmpty else { return 0 }
    let index = Int((Double(sorted.count - 1) * fraction).rounded())
    return sorted[index]
  }

  static func median(_ values: [Int]) -> Int {
    let sorted = values.sorted()
    return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
  }

  static func peakRSSMegabytes() -> Int {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return usage.ru_maxrss / 1024
  }

  /// Resident set size now, from /proc/self/statm (pages).
  static func currentRSSMegabytes() -> Int {
    guard let bytes = try? Files.read("/proc/self/statm", limit: 128), !bytes.isEmpty else {
      return 0
    }
    let fields = String(decoding: bytes, as: UTF8.self).split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE))) / (1024 * 1024)
  }

  static func machine() -> String {
    var names = utsname()
    uname(&names)
    func text<T>(_ field: inout T) -> String {
      withUnsafeBytes(of: &field) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }
    return "machine: \(text(&names.sysname)) \(text(&names.release)) \(text(&names.machine)), "
      + "\(WorkerThread.onlineProcessors) online CPUs"
  }

  private func ms(_ seconds: Double) -> String { fixed(seconds * 1000) }
  private func fixed(_ value: Double) -> String { BatchProgress.oneDecimal(value) }
}
