// SPDX-License-Identifier: Apache-2.0
/// The access log's protections, checked before every write and by `doctor` and `log verify`:
/// the append-only triggers with exactly the SQL rua-paper created, and an anchor file whose
/// head the chain still holds.
public enum AccessLogGuard {
  /// name → the exact `CREATE TRIGGER` text that schema 2 creates (sqlite_master keeps it).
  public static let triggers: [(name: String, sql: String)] = [
    (
      "access_log_no_update",
      "CREATE TRIGGER access_log_no_update BEFORE UPDATE ON access_log "
        + "BEGIN SELECT RAISE(ABORT, 'access_log is append-only'); END"
    ),
    (
      "access_log_no_delete",
      "CREATE TRIGGER access_log_no_delete BEFORE DELETE ON access_log "
        + "BEGIN SELECT RAISE(ABORT, 'access_log is append-only'); END"
    ),
    (
      "access_log_monotonic",
      "CREATE TRIGGER access_log_monotonic BEFORE INSERT ON access_log "
        + "WHEN NEW.id IS NOT NULL AND NEW.id <= (SELECT coalesce(max(id), 0) FROM access_log) "
        + "BEGIN SELECT RAISE(ABORT, 'access_log ids must increase'); END"
    ),
  ]

  /// One sentence per trigger that is missing or differs from the expected SQL.
  static func triggerProblems(_ connection: Connection) throws(StoreError) -> [String] {
    let statement = try connection.prepare(
      "SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'access_log'")
    var present: [String: String] = [:]
    while try statement.step() {
      present[try statement.text(0) ?? ""] = try statement.text(1) ?? ""
    }
    var problems: [String] = []
    for trigger in triggers {
      guard let sql = present.removeValue(forKey: trigger.name) else {
        problems.append("the trigger \(trigger.name) is missing")
        continue
      }
      if sql != trigger.sql { problems.append("the trigger \(trigger.name) was altered") }
    }
    for name in present.keys.sorted() {
      problems.append("an unknown trigger \(name) is on access_log")
    }
    return problems
  }

  static let repairAdvice =
    "run 'rua-paper doctor --repair' to restore them (it records that it did); until then "
    + "rua-paper refuses to write"

  /// Refuses a write while the triggers are not as created.
  static func requireTriggers(_ connection: Connection) throws(StoreError) {
    let problems = try triggerProblems(connection)
    guard problems.isEmpty else {
      throw StoreError(
        .accessLogTampered,
        "the access log is no longer append-only: " + problems.joined(separator: "; "),
        advice: repairAdvice)
    }
  }

  /// The row `sequence`'s hash, or nil when there is no such row (sequence 0: the genesis).
  static func rowHash(_ connection: Connection, sequence: Int64) throws(StoreError) -> [UInt8]? {
    if sequence == 0 { return AccessChain.genesis }
    let statement = try connection.prepare("SELECT row_hash FROM access_log WHERE id = ?")
    try statement.bind([.integer(sequence)])
    return try statement.step() ? statement.blob(0) : nil
  }

  /// What the anchor file says about the chain.
  public enum AnchorCheck: Sendable, Equatable {
    case contained(LogPosition)
    case missing(file: String)
    case unreadable(file: String, reason: String)
    /// The anchor names a row the chain does not hold (a cut tail, a rewrite, an older copy).
    case notContained(anchor: LogPosition, file: String)
    /// The anchor names an earlier row than the head and no interrupted write explains it
    /// (`AnchorIntent`): the anchor was set back, as after a cut tail or with an older copy.
    case behind(anchor: LogPosition, head: LogPosition, file: String)

    public var problem: String? {
      switch self {
      case .contained: return nil
      case .missing(let file):
        return "the anchor file \(file) is missing, so a cut tail cannot be ruled out"
      case .unreadable(let file, let reason): return "the anchor file \(file) \(reason)"
      case .notContained(let anchor, let file):
        return "the access log no longer holds row \(anchor.sequence) with the hash the anchor "
          + "file \(file) recorded: rows were cut or rewritten, or this is an older copy"
      case .behind(let anchor, let head, let file):
        let named = anchor.sequence == 0 ? "the empty log (0)" : "row \(anchor.sequence)"
        return "the anchor file \(file) names \(named), but the access log goes on to row "
          + "\(head.sequence) and no interrupted write explains it: the anchor was set back (as "
          + "after a cut tail), or this is an older copy of the store"
      }
    }
  }

  /// `state` must be read before the transaction that checks it starts: the file is written
  /// after its row commits, so a snapshot taken later always holds the row it names.
  static func checkAnchor(
    _ connection: Connection, file: String, state: AnchorFile.State? = nil
  ) throws(StoreError) -> AnchorCheck {
    switch state ?? AnchorFile.read(file) {
    case .missing: return .missing(file: file)
    case .unreadable(let reason): return .unreadable(file: file, reason: reason)
    case .position(let anchor):
      let stored = try rowHash(connection, sequence: anchor.sequence)
      guard stored == anchor.hash else { return .notContained(anchor: anchor, file: file) }
      let head = try head(connection)
      if anchor.sequence >= head.sequence { return .contained(anchor) }
      if try AnchorIntent.explains(connection, anchorFile: file, seen: anchor, head: head) {
        return .contained(anchor)
      }
      return .behind(anchor: anchor, head: head, file: file)
    }
  }

  /// The last row's position (the genesis for an empty log).
  static func head(_ connection: Connection) throws(StoreError) -> LogPosition {
    let last = try connection.prepare(
      "SELECT id, row_hash FROM access_log ORDER BY id DESC LIMIT 1")
    return try last.step() ? LogPosition(sequence: last.int(0), hash: last.blob(1)) : .empty
  }

  /// What every append to the log checks first: the append-only triggers as created, and the
  /// anchored head still in the chain.
  static func requireAppendable(_ connection: Connection, anchorFile: String) throws(StoreError) {
    try requireTriggers(connection)
    try requireAnchor(connection, file: anchorFile)
  }

  /// Refuses a write when the anchor file is missing, names a head the chain lacks, or lags
  /// behind the head unexplained. Run with the write lock held: a process that died after its
  /// COMMIT and before its anchor write has its intent settled first (`AnchorIntent`).
  static func requireAnchor(_ connection: Connection, file: String) throws(StoreError) {
    try AnchorIntent.settle(connection, anchorFile: file)
    let check = try checkAnchor(connection, file: file)
    guard let problem = check.problem else { return }
    throw StoreError(
      .accessLogTampered, problem,
      advice: "keep a copy of the store and the anchor file for investigation; 'rua-paper log "
        + "verify' shows the chain; 'rua-paper doctor --repair' re-anchors at the current head "
        + "and records that it did")
  }
}
