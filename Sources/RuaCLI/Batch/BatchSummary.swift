/// What a batch tells the user at the end: the first few failures with their messages (the
/// rest counted, never thousands of lines), then one summary line.
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

  func report(_ context: Context) {
    for failure in failures.prefix(BatchPlan.namesShown) {
      context.message("\(failure.what): \(failure.error.message)")
    }
    if failures.count > BatchPlan.namesShown {
      context.message(
        "… and \(failures.count - BatchPlan.namesShown) more failed documents "
          + "('rua-paper log' lists each outcome)")
    }
    context.standardError(Array((line + "\n").utf8))
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
    line =
      "batch: \(documents) document\(documents == 1 ? "" : "s") for \(patients) patient"
      + "\(patients == 1 ? "" : "s") in \(BatchProgress.oneDecimal(seconds)) s, "
      + "\(failures.count) failed"
    if !failures.isEmpty { line += " (" + BatchPlan.list(failures.map(\.what)) + ")" }
    if resumed > 0 { line += "; \(resumed) already delivered and kept (--resume)" }
    if let manifest { line += "; manifest \(manifest)" }
    if let binder { line += "; binder \(binder)" }
    return line
  }
}
