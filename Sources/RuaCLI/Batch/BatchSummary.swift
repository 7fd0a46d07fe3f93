import RuaCore

/// What a batch tells the user at the end: the first few failures with their messages (the
/// rest counted, never thousands of lines), then one summary line on stderr; with
/// `--format json` an object on stdout for scripts, listing every failure.
struct BatchSummary {
  let documents: Int
  let patients: Int
  /// Documents delivered by this run plus those `--resume` found already delivered.
  let delivered: Int
  let resumed: Int
  /// Sorted in run order.
  let failures: [BatchRun.Failure]
  let seconds: Double
  let folder: String?
  let manifest: String?
  let binder: String?
  /// The signal that stopped the run, or 0.
  let signal: Int32

  /// Failures always reach stderr (capped); the summary goes to stdout as JSON with `json`,
  /// else to stderr unless `quiet` and nothing failed.
  func report(_ context: Context, json: Bool) {
    for line in failureLines() { context.message(line) }
    if json {
      context.write(self.json())
    } else if !context.quiet || !failures.isEmpty || signal != 0 {
      context.standardError(Array((line + "\n").utf8))
    }
  }

  /// One `rua-paper: WHAT: reason` line per failure, at most `BatchPlan.namesShown` of them.
  func failureLines() -> [String] {
    var lines = failures.prefix(BatchPlan.namesShown).map { "\($0.what): \($0.error.message)" }
    if failures.count > BatchPlan.namesShown {
      lines.append(
        "… and \(failures.count - BatchPlan.namesShown) more failed documents "
          + "('batch --format json' and 'rua-paper log' list each one)")
    }
    return lines
  }

  var line: String {
    var line: String
    if signal != 0 {
      line =
        "batch: interrupted by \(DeliveryLedger.signalName(signal)): \(delivered) of "
        + "\(documents) document\(documents == 1 ? "" : "s") delivered"
        + (folder.map { " to \($0)" } ?? "")
      if let manifest { line += "; \(manifest) lists them and is marked incomplete" }
      return line
    }
    let failedDocuments = documentFailures
    line =
      "batch: \(documents) document\(documents == 1 ? "" : "s") for \(patients) patient"
      + "\(patients == 1 ? "" : "s") in \(BatchProgress.oneDecimal(seconds)) s, "
      + "\(failedDocuments.count) failed"
    if !failedDocuments.isEmpty {
      line += " (" + BatchPlan.list(failedDocuments.map(\.what)) + ")"
    }
    if failures.contains(where: { $0.document == "binder" }) { line += "; the binder failed" }
    if failures.contains(where: { $0.document == "manifest" }) {
      line += "; the manifest could not be written"
    }
    if resumed > 0 { line += "; \(resumed) already delivered and kept (--resume)" }
    if let manifest { line += "; manifest \(manifest)" }
    if let binder { line += "; binder \(binder)" }
    return line
  }

  /// The failures of the patients' documents: the binder and the manifest are outputs of the
  /// run, not among its `documents`, and are named on their own.
  private var documentFailures: [BatchRun.Failure] {
    failures.filter { $0.document != "binder" && $0.document != "manifest" }
  }

  func json() -> String {
    let failed: [JSON] = failures.map { failure in
      .object([
        ("patient", failure.patientID.map { JSON.string($0) } ?? .null),
        ("document", .string(failure.document)),
        ("exitCode", .int(Int(failure.error.code.rawValue))),
        ("message", .string(failure.error.message)),
      ])
    }
    let exitCode = signal != 0 ? DeliveryLedger.exitCode(signal) : failures.first?.error.code
    let fields: [(key: String, value: JSON)] = [
      ("documents", .int(documents)),
      ("patients", .int(patients)),
      ("completed", .int(delivered)),
      ("resumed", .int(resumed)),
      ("failed", .int(documentFailures.count)),
      ("binderFailed", .bool(failures.contains { $0.document == "binder" })),
      ("manifestFailed", .bool(failures.contains { $0.document == "manifest" })),
      ("interrupted", .bool(signal != 0)),
      ("seconds", .number(BatchProgress.oneDecimal(seconds))),
      ("manifest", manifest.map { JSON.string($0) } ?? .null),
      ("binder", binder.map { JSON.string($0) } ?? .null),
      ("exitCode", .int(Int((exitCode ?? .success).rawValue))),
      ("failures", .array(failed)),
    ]
    return JSONWriter.write(.object(fields), pretty: true) + "\n"
  }
}
