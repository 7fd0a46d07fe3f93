// SPDX-License-Identifier: Apache-2.0
import RuaCore
import RuaPaperKit

/// What a batch tells the user at the end: the first few failures with their messages (the
/// rest counted, never thousands of lines), then one summary line on stderr; with
/// `--format json` an object on stdout for scripts, listing every failure.
enum BatchSummary {
  /// Runs `request` and reports it (failures, the summary line or JSON), with the process's
  /// exit held throughout: a signal stops the run, which still finishes by itself and prints
  /// its summary before the signal thread ends the process. `progress`: the terminal line.
  static func run(
    _ request: BatchRequest, in session: Session, _ context: Context, json: Bool,
    progress: Bool
  ) throws(PaperError) -> BatchOutcome {
    context.ledger.holdExit()
    defer { context.ledger.releaseExit() }
    var line = ProgressLine(context: context)
    let outcome = try session.batch(request) { if progress { line.draw($0) } }
    line.finish()
    outcome.report(context, json: json)
    context.ledger.markReported()
    return outcome
  }

  /// The run's exit code: 128+signal when stopped, else the first failure's, else 0.
  static func exitCode(_ outcome: BatchOutcome) -> ExitCode {
    if outcome.signal != 0 { return ExitCode(rawValue: 128 + outcome.signal) }
    return outcome.failures.first.map { ExitStatus.code(for: $0.error) } ?? .success
  }
}

extension BatchOutcome {
  /// Failures always reach stderr (capped); the summary goes to stdout as JSON with `json`,
  /// else to stderr unless `quiet` and nothing failed.
  func report(_ context: Context, json: Bool) {
    for line in failureLines() { context.message(line) }
    if json {
      context.write(self.json())
    } else if !context.quiet || !failures.isEmpty || signal != 0 {
      context.standardError(Array((summaryLine + "\n").utf8))
    }
  }

  /// One `rua-paper: WHAT: reason` line per failure, at most `NameList.shown` of them.
  func failureLines() -> [String] {
    var lines = failures.prefix(NameList.shown).map { "\($0.what): \($0.error.message)" }
    if failures.count > NameList.shown {
      lines.append(
        "… and \(failures.count - NameList.shown) more failed documents "
          + "('batch --format json' and 'rua-paper log' list each one)")
    }
    return lines
  }

  /// The one line on stderr: what was made, for whom, how fast, what failed, where it went.
  var summaryLine: String {
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
      line += " (" + NameList.joined(failedDocuments.map(\.what)) + ")"
    }
    if binderFailed { line += "; the binder failed" }
    if manifestFailed { line += "; the manifest could not be written" }
    if resumed > 0 { line += "; \(resumed) already delivered and kept (--resume)" }
    if let manifest { line += "; manifest \(manifest)" }
    if let binder { line += "; binder \(binder)" }
    return line
  }

  func json() -> String {
    let failed: [JSON] = failures.map { failure in
      .object([
        ("patient", failure.patientID.map { JSON.string($0) } ?? .null),
        ("document", .string(failure.document)),
        ("exitCode", .int(Int(ExitStatus.code(for: failure.error).rawValue))),
        ("message", .string(failure.error.message)),
      ])
    }
    let exitCode = BatchSummary.exitCode(self)
    let fields: [(key: String, value: JSON)] = [
      ("documents", .int(documents)),
      ("patients", .int(patients)),
      ("completed", .int(delivered)),
      ("resumed", .int(resumed)),
      ("failed", .int(documentFailures.count)),
      ("binderFailed", .bool(binderFailed)),
      ("manifestFailed", .bool(manifestFailed)),
      ("interrupted", .bool(signal != 0)),
      ("seconds", .number(BatchProgress.oneDecimal(seconds))),
      ("manifest", manifest.map { JSON.string($0) } ?? .null),
      ("binder", binder.map { JSON.string($0) } ?? .null),
      ("exitCode", .int(Int(exitCode.rawValue))),
      ("failures", .array(failed)),
    ]
    return JSONWriter.write(.object(fields), pretty: true) + "\n"
  }
}
