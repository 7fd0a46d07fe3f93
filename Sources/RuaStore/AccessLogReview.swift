// SPDX-License-Identifier: Apache-2.0
/// Everything `doctor` and `log verify` check about the access log.
public struct AccessLogReview: Sendable {
  public var rows: Int
  public var head: LogPosition
  /// The first row whose link or hash does not match, or nil when the chain is intact.
  public var firstBadRow: Int64?
  public var triggerProblems: [String]
  public var anchor: AccessLogGuard.AnchorCheck

  /// Triggers as created, chain intact, anchored head held.
  public var isSound: Bool {
    firstBadRow == nil && triggerProblems.isEmpty && anchor.problem == nil
  }
}

extension Store {
  public func reviewAccessLog() throws(StoreError) -> AccessLogReview {
    // Read first: a row committed by another process while we read the chain would otherwise
    // be named by the anchor file but missing from our snapshot (a false "cut tail").
    let anchorState = AnchorFile.read(location.anchorFile)
    return try connection.transaction(immediate: false) { () throws(StoreError) in
      AccessLogReview(
        rows: Int(try connection.scalarInt("SELECT count(*) FROM access_log") ?? 0),
        head: try accessHead(), firstBadRow: try verifyAccessLog(),
        triggerProblems: try AccessLogGuard.triggerProblems(connection),
        anchor: try AccessLogGuard.checkAnchor(
          connection, file: location.anchorFile, state: anchorState))
    }
  }

  /// `doctor --repair`: recreates missing or altered append-only triggers (and drops foreign
  /// ones), re-anchors at the current head when the anchor file is missing or names a head the
  /// chain lacks, and records what it did as an access_log row, all in one transaction.
  /// Returns what was repaired (empty: nothing needed it, and nothing was written). A broken
  /// chain cannot be repaired; `reviewAccessLog` keeps reporting it.
  public func repairAccessLog(toolVersion: String) throws(StoreError) -> [String] {
    let anchorFile = location.anchorFile
    let outcome = try AnchorIntent.committing(connection, anchorFile: anchorFile) {
      () throws(StoreError) -> (value: [String], head: LogPosition?) in
      var repaired: [String] = []
      let problems = try AccessLogGuard.triggerProblems(connection)
      if !problems.isEmpty {
        let present = try connection.column(
          "SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'access_log'")
        for name in present { try connection.execute("DROP TRIGGER \"\(name)\"") }
        for trigger in AccessLogGuard.triggers { try connection.execute(trigger.sql) }
        repaired.append(
          "restored the append-only triggers (" + problems.joined(separator: "; ") + ")")
      }
      let anchor = try AccessLogGuard.checkAnchor(connection, file: anchorFile)
      if let problem = anchor.problem {
        let head = try accessHead()
        var said = ""
        if case .notContained(let old, _) = anchor { said = "; it named \(old.text)" }
        // The committed head: true whether or not the repair row below commits.
        try AnchorFile.write(anchorFile, head)
        repaired.append("re-anchored at \(head.text): \(problem)\(said)")
      }
      guard !repaired.isEmpty else { return ([], nil) }
      let entry = AccessEntry(
        patientID: nil, document: "access-log", action: .repair, toolVersion: toolVersion,
        outcome: .repaired(repaired.joined(separator: "; ")))
      return (repaired, try insertAccess(entry, now: Self.clock()).position)
    }
    return outcome
  }
}

extension Store {
  /// Row `sequence`'s position, or nil when the log has no such row (0: the empty log's).
  public func accessPosition(sequence: Int64) throws(StoreError) -> LogPosition? {
    try AccessLogGuard.rowHash(connection, sequence: sequence).map {
      LogPosition(sequence: sequence, hash: $0)
    }
  }
}
