// SPDX-License-Identifier: Apache-2.0
import Glibc
import RuaCLI
import RuaCore
import RuaFiles
import RuaPaperKit

/// `rua-paper-bench`: throughput, latency, memory and size against the bare Pango/Cairo floor.
struct BenchCommand: Command {
  init() {}

  let name = "bench"
  let program = "rua-paper-bench"
  let summary = "benchmark documents on a synthetic store (run a release build)"
  let usage =
    "[--sizes 100,1000,5000] [--jobs N] [--runs N] [--templates DIR] | rua-paper-bench --sizes N --write-store DIR | rua-paper-bench --worst [--runs N]"
  let details = """
    Builds a deterministic synthetic care circle of N fictional patients (3-25 medicines each;
    names in Latin with diacritics, Greek, Cyrillic, Arabic and CJK, some long) in a real
    encrypted store in a temporary folder, then reports for each N: ER sheets per second with one
    worker and with --jobs workers, p50/p95 milliseconds per document and the peak RSS so far;
    for the first N also the median PDF size of each document, the floor (the same text drawn
    with bare Pango/Cairo calls, one layout per text run, no layout logic) and one ER sheet as a
    whole cold process (the rua-paper beside this benchmark spawned --runs times, median). Documents are made in
    memory; nothing is delivered or logged. The folder is removed afterwards.
    --worst instead renders each document --runs times for each of the most expensive records
    import accepts (every list full, every text at its limit: unbroken words, stacked accents,
    mixed scripts, digits between letters) and prints the median and slowest times; no single
    document should take a second. See docs/performance.md.
    """
  let options: [OptionSpec] =
    [
      .sizes,
      .benchJobs,
      .runs,
      .writeStore,
      .throughputOnly,
      .worst,
    ] + DocumentSettings.specs

  func run(_ arguments: ParsedArguments, _ context: Context) throws(PaperError) -> ExitCode {
    guard arguments.positionals.isEmpty else {
      throw .invalidRequest("rua-paper-bench takes no arguments")
    }
    let sizes = try Self.numbers(
      arguments.value(.sizes) ?? "100,1000,5000", "--sizes", 1...100_000)
    let workers = try Self.numbers(
      arguments.value(.benchJobs) ?? String(WorkerThread.onlineProcessors), "--jobs", 1...256)[0]
    let runs = try Self.numbers(arguments.value(.runs) ?? "7", "--runs", 0...100)[0]
    var context = context
    if arguments.value(.now) == nil && context.environment["SOURCE_DATE_EPOCH"] == nil {
      context.environment["SOURCE_DATE_EPOCH"] = "1795000000"  // fixed: comparable runs
    }
    let settings = try DocumentSettings.read(arguments, context)
    if arguments.flag(.worst) {
      try WorstBench(settings: settings, runs: max(runs, 1), context: context).run()
      return .success
    }
    if let dir = arguments.value(.writeStore) {
      guard sizes.count == 1 else { throw .invalidRequest("--write-store takes one --sizes N") }
      let folder = context.absolute(dir)
      try BenchRun.writeStore(sizes[0], folder: folder, settings: settings)
      context.print(
        "wrote \(sizes[0]) synthetic patients to \(folder)/store.db (key \(folder)/key)")
      return .success
    }
    if sizes.count > 1 {
      // Each N in its own process, so its peak RSS is its own and not the previous N's.
      context.print("rua-paper-bench: each N runs in its own process (peak RSS per N)")
      for (index, size) in sizes.sorted().enumerated() {
        var child = [
          "--sizes", String(size), "--jobs", String(workers), "--runs", String(runs),
          "--now", settings.now.rfc3339, "--templates", settings.templates.root,
        ]
        if index > 0 || arguments.flag(.throughputOnly) { child.append("--throughput-only") }
        guard BenchSpawn.time(.bench, child, environment: context.environment, quiet: false) != nil
        else {
          throw PaperError("rua-paper-bench for N = \(size) failed", kind: .internalFailure)
        }
      }
      return .success
    }
    let base = context.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    let folder: String
    do { folder = try Files.makeTemporaryFolder(in: base, prefix: "rua-bench-") } catch {
      throw PaperError(
        "cannot create a temporary folder in \(base) (\(error.reason)); set TMPDIR",
        kind: .cannotCreate)
    }
    defer { Self.remove(folder) }
    try BenchRun(
      sizes: sizes, workers: workers, coldRuns: runs, extras: !arguments.flag(.throughputOnly),
      settings: settings, context: context
    ).run(folder: folder)
    return .success
  }

  static func numbers(_ text: String, _ option: String, _ range: ClosedRange<Int>)
    throws(PaperError)
    -> [Int]
  {
    var values: [Int] = []
    for part in text.split(separator: ",", omittingEmptySubsequences: false) {
      guard let value = Int(part), range.contains(value) else {
        throw .invalidRequest(
          "\(option) takes whole numbers from \(range.lowerBound) to \(range.upperBound), not '\(part)'"
        )
      }
      values.append(value)
    }
    return values
  }

  /// Removes the benchmark folder and everything in it (never following a link).
  static func remove(_ folder: String) { try? Files.removeTree(folder) }

}

extension OptionSpec {
  fileprivate static let sizes = OptionSpec(
    "sizes", .value, value: "LIST", help: "patient counts (default 100,1000,5000)")
  fileprivate static let benchJobs = OptionSpec(
    "jobs", short: "j", .value, value: "N", help: "workers for 'all' (default: CPUs)")
  fileprivate static let runs = OptionSpec(
    "runs", .value, value: "N", help: "cold-process runs (default 7; 0 skips them)")
  fileprivate static let writeStore = OptionSpec(
    "write-store", .value, value: "DIR",
    help: "only write the synthetic store of one N to DIR/store.db and DIR/key, and stop")
  fileprivate static let throughputOnly = OptionSpec(
    "throughput-only", help: "only the per-N figures (bench passes it to its children)")
  fileprivate static let worst = OptionSpec(
    "worst",
    help: "instead: time each document for the worst records import accepts (--runs each)")
}
