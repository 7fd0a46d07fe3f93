import RuaCore

/// What a batch reports when it ends: a line on stderr for people (the failures capped, so 500
/// failed clients do not flood a terminal), or with `--format json` an object on stdout for
/// scripts, listing every failure.
struct BatchSummary {
  /// Failures listed one per line on stderr before "… and N more".
  static let shownFailures = 10

  let documents: Int
  let patients: Int
  /// Sorted in run order.
  let failures: [BatchRun.Failure]
  let seconds: Double
  let manifest: String?
  let binder: String?

  /// One `rua-paper: WHAT: reason` line per failure, at most `shownFailures` of them.
  func failureLines() -> [String] {
    var lines = failures.prefix(Self.shownFailures).map { "\($0.what): \($0.error.message)" }
    if failures.count > Self.shownFailures {
      lines.append(
        "… and \(failures.count - Self.shownFailures) more failed; "
          + "'batch --format json' lists them all")
    }
    return lines
  }

  /// `batch: 6 documents for 2 patients in 0.4 s, 0 failed; manifest …; binder …`.
  func line() -> String {
    var line =
      "batch: \(documents) document\(documents == 1 ? "" : "s") for \(patients) patient"
      + "\(patients == 1 ? "" : "s") in \(BatchProgress.oneDecimal(seconds)) s, "
      + "\(failures.count) failed"
    if !failures.isEmpty {
      let names = failures.prefix(Self.shownFailures).map(\.what)
      let more = failures.count > Self.shownFailures ? ", …" : ""
      line += " (" + names.joined(separator: ", ") + more + ")"
    }
    if let manifest { line += "; manifest \(manifest)" }
    if let binder { line += "; binder \(binder)" }
    return line
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
    let fields: [(key: String, value: JSON)] = [
      ("documents", .int(documents)),
      ("patients", .int(patients)),
      ("completed", .int(documents - failures.filter { $0.patientID != nil }.count)),
      ("failed", .int(failures.count)),
      ("seconds", .number(BatchProgress.oneDecimal(seconds))),
      ("manifest", manifest.map { JSON.string($0) } ?? .null),
      ("binder", binder.map { JSON.string($0) } ?? .null),
      ("exitCode", .int(Int((failures.first?.error.code ?? .success).rawValue))),
      ("failures", .array(failed)),
    ]
    return JSONWriter.write(.object(fields), pretty: true) + "\n"
  }
}
