// SPDX-License-Identifier: Apache-2.0
import RuaFiles
import RuaPrint
public import RuaStore

/// `doctor`: the store, its key, the SQLite and SQLCipher libraries, the access log and the
/// printing setup, read without changing a byte of the store, as labelled findings in the
/// order they are shown, and what the store's state asks of the user.
public enum StoreCheckup {
  /// `("store:", "/home/ana/.local/share/rua-paper/store.db (missing)")`.
  public typealias Finding = (label: String, text: String)

  /// What the state means for a script: ready, or which of the ways it is not.
  public enum Verdict {
    case ready
    /// The access log's chain, triggers or anchor need attention (`advice` says what to do).
    case accessLogUnsound
    /// The schema is older than this rua-paper; the next command that opens the store migrates.
    case needsMigration
    /// The store cannot be used as it is (missing, wrong key, corrupt …).
    case refused(PaperError)
  }

  /// Where the store and key are (and whether they exist) and the linked libraries' versions:
  /// what holds even when the store cannot be opened.
  public static func files(_ location: StoreLocation) -> [Finding] {
    let versions = Store.libraryVersions()
    return [
      ("store:", location.database + (Files.exists(location.database) ? "" : " (missing)")),
      ("key file:", location.keyFile + (Files.exists(location.keyFile) ? "" : " (missing)")),
      ("SQLite:", versions.sqlite),
      ("SQLCipher:", versions.sqlcipher.map { $0.isEmpty ? "none" : $0 } ?? "none"),
    ]
  }

  /// The schema, rows, warnings, printing and the access log, then the state; `advice` is
  /// said on standard error when the store is not ready.
  public static func inspect(_ location: StoreLocation, environment: [String: String])
    -> (findings: [Finding], verdict: Verdict, advice: String?)
  {
    let report = Store.inspect(location)
    var findings: [Finding] = []
    if let version = report.schemaVersion {
      findings.append(("schema:", "version \(version) (this rua-paper: \(Schema.latestVersion))"))
    }
    if !report.rowCounts.isEmpty {
      findings.append(
        ("rows:", report.rowCounts.map { "\($0.table) \($0.rows)" }.joined(separator: ", ")))
    }
    if let snapshot = report.leftoverSnapshot {
      findings.append(("warning:", "a snapshot from an interrupted migration is at \(snapshot)"))
    }
    findings += location.placementWarnings.map { ("warning:", $0) }
    let printing = CUPSConfigCheck.check(
      serverRoot: environment["CUPS_SERVERROOT"], server: environment["CUPS_SERVER"])
    findings += printing.lines.map { ("printing:", $0) }
    if let log = report.accessLog { findings += accessLog(log).map { ("access log:", $0) } }
    switch report.state {
    case .ready where report.accessLog?.isSound == false:
      findings.append(("state:", "access log needs attention"))
      return (findings, .accessLogUnsound, accessLogAdvice)
    case .ready:
      findings.append(("integrity:", "ok (integrity_check, cipher_integrity_check)"))
      findings.append(("state:", "ready"))
      return (findings, .ready, nil)
    case .needsMigration(let from, let to):
      findings.append(("state:", "needs migration from schema \(from) to \(to)"))
      return (
        findings, .needsMigration,
        "the store needs a schema migration; it runs automatically, behind a verified snapshot, "
          + "the next time a command opens the store (e.g. 'rua-paper patients')"
      )
    case .refused(let error):
      findings.append(("state:", error.kind.rawValue))
      return (findings, .refused(StoreAccess.paperError(error)), error.description)
    }
  }

  /// The access log's rows and head, its chain, its triggers and the anchor file.
  static func accessLog(_ log: AccessLogReview) -> [String] {
    var lines = ["\(log.rows) row\(log.rows == 1 ? "" : "s"), head \(log.head.text)"]
    if let bad = log.firstBadRow {
      lines.append("row \(bad) does not match the hash chain (changed after it was written)")
    } else {
      lines.append("hash chain intact")
    }
    if log.triggerProblems.isEmpty {
      lines.append("append-only triggers present")
    } else {
      lines += log.triggerProblems
    }
    switch log.anchor {
    case .contained(let anchor): lines.append("holds the anchor file's head \(anchor.sequence)")
    default: if let problem = log.anchor.problem { lines.append(problem) }
    }
    return lines
  }

  static let accessLogAdvice =
    "the access log is not sound (see 'access log:' above): keep a copy of the store, the key "
    + "and the anchor file for investigation; 'rua-paper doctor --repair' restores the "
    + "append-only triggers and re-anchors, and records that it did; writing commands refuse "
    + "until then"
}

extension Session {
  /// `doctor --repair`: the access log's missing or altered triggers restored and a missing or
  /// unmatched anchor file re-anchored at the head, logged as a `repair` row; what was done.
  public func repairAccessLog() throws(PaperError) -> [String] {
    let store = self.store
    let repaired = try StoreAccess.perform { () throws(StoreError) in
      try store.repairAccessLog(toolVersion: ToolVersion.full)
    }
    return repaired.isEmpty ? ["nothing needed repair"] : repaired
  }
}
