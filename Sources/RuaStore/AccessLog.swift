// SPDX-License-Identifier: Apache-2.0
internal import Glibc
public import RuaCore

/// What the delivery path records for every PDF that leaves the store.
public struct AccessEntry: Sendable, Equatable {
  /// The patient's care-circle id (nil for a whole-circle binder).
  public var patientID: String?
  /// "er-sheet", "medication-list", "fall-guide", "binder", …
  public var document: String
  /// Export, share, print, … (the stored word is `action.rawValue`).
  public var action: AccessAction
  /// A file path, "stdout", or a printer name.
  public var destination: String?
  /// SHA-256 (hex) of the bytes delivered.
  public var sha256: String?
  public var pages: Int?
  public var toolVersion: String
  public var contentVersion: String?
  /// Intent, completed, failed: …, outcome-unknown, … (stored as `outcome.rawValue`).
  public var outcome: AccessOutcome
  /// A CUPS job id.
  public var jobID: String?
  /// On an outcome row, the id of the intent row it closes.
  public var intentID: Int64?
  /// On an intent row, the process that will append the outcome (so a later start can tell a
  /// crashed delivery from one still running).
  public var processID: Int32?
  /// On a binder's rows, the care-circle ids of the patients it holds, in binder order.
  public var patients: [String]?

  public init(
    patientID: String?, document: String, action: AccessAction, destination: String? = nil,
    sha256: String? = nil, pages: Int? = nil, toolVersion: String, contentVersion: String? = nil,
    outcome: AccessOutcome, jobID: String? = nil, intentID: Int64? = nil, processID: Int32? = nil,
    patients: [String]? = nil
  ) {
    self.patientID = patientID
    self.document = document
    self.action = action
    self.destination = destination
    self.sha256 = sha256
    self.pages = pages
    self.toolVersion = toolVersion
    self.contentVersion = contentVersion
    self.outcome = outcome
    self.jobID = jobID
    self.intentID = intentID
    self.processID = processID
    self.patients = patients
  }
}

/// One stored access_log row.
public struct AccessRecord: Sendable, Equatable {
  public var id: Int64
  public var uuid: String
  /// When the row was written (its `epoch` column).
  public var time: Instant
  /// The row's `time` column as stored (`YYYY-MM-DDTHH:MM:SSZ`, written from `time`): the row
  /// hash covers this text as read, so a row whose text was altered alone is still caught.
  public var storedTime: String
  public var entry: AccessEntry
  /// Who wrote it; nil on rows written before schema 2.
  public var actor: AccessActor?
  /// The canonical form the row hash uses (1: schema 1 rows, 2: with actor and binder list).
  public var chainFormat: Int
  public var previousHash: [UInt8]
  public var rowHash: [UInt8]

  public var position: LogPosition { LogPosition(sequence: id, hash: rowHash) }

  /// A row as written at `time` (its stored text is `time.rfc3339`).
  public init(
    id: Int64, uuid: String, time: Instant, entry: AccessEntry, actor: AccessActor?,
    chainFormat: Int, previousHash: [UInt8], rowHash: [UInt8]
  ) {
    self.init(
      id: id, uuid: uuid, time: time.rfc3339, epoch: time.secondsSinceEpoch, entry: entry,
      actor: actor, chainFormat: chainFormat, previousHash: previousHash, rowHash: rowHash)
  }

  /// A row as its columns hold it: the `time` text and the `epoch` seconds, each as read.
  init(
    id: Int64, uuid: String, time text: String, epoch: Int64, entry: AccessEntry,
    actor: AccessActor?, chainFormat: Int, previousHash: [UInt8], rowHash: [UInt8]
  ) {
    self.id = id
    self.uuid = uuid
    self.time = Instant(secondsSinceEpoch: epoch)
    self.storedTime = text
    self.entry = entry
    self.actor = actor
    self.chainFormat = chainFormat
    self.previousHash = previousHash
    self.rowHash = rowHash
  }
}

/// Which rows `accessLog(_:)` returns; every condition given must hold.
public struct AccessQuery: Sendable, Equatable {
  /// A care-circle id: rows about this patient, and binders that held them.
  public var patient: String?
  /// Rows written at or after `since`, and before `until`.
  public var since: Instant?
  public var until: Instant?
  public var action: AccessAction?
  public var runID: String?

  public init(
    patient: String? = nil, since: Instant? = nil, until: Instant? = nil,
    action: AccessAction? = nil,
    runID: String? = nil
  ) {
    self.patient = patient
    self.since = since
    self.until = until
    self.action = action
    self.runID = runID
  }
}

extension Store {
  /// Appends one row in its own `BEGIN IMMEDIATE` transaction, chained to the previous row, and
  /// then moves the anchor file to it. Refuses (`.accessLogTampered`) while the append-only
  /// triggers are not as created or the chain lacks the anchored head. The row's time is read
  /// here, under the write lock, unless `now` is given: rows are
  /// stamped when written, and times never go backwards along the ids of one host.
  @discardableResult
  public func appendAccess(_ entry: AccessEntry, now: Instant? = nil) throws(StoreError)
    -> AccessRecord
  {
    try AnchorIntent.committing(connection, anchorFile: location.anchorFile) {
      () throws(StoreError) in
      try AccessLogGuard.requireAppendable(connection, anchorFile: location.anchorFile)
      let record = try insertAccess(entry, now: now ?? Self.clock())
      return (record, record.position)
    }
  }

  /// The insert itself, inside the caller's write transaction.
  func insertAccess(_ entry: AccessEntry, now: Instant) throws(StoreError) -> AccessRecord {
    let head = try accessHead()
    var record = AccessRecord(
      id: head.sequence + 1, uuid: try UUIDv7.make(at: now), time: now, entry: entry, actor: actor,
      chainFormat: AccessChain.currentFormat,
      previousHash: head.hash, rowHash: [])
    record.rowHash = AccessChain.hash(record) ?? []
    let e = entry
    try connection.kept(
      """
      INSERT INTO access_log (id, uuid, time, epoch, patient_id, document, action,
        destination, sha256, pages, tool_version, content_version, outcome, job_id, intent_id,
        process_id, prev_hash, row_hash, chain_format, os_uid, os_user, host, run_id, patients)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
      """
    ).run([
      .integer(record.id), .text(record.uuid), .text(record.storedTime),
      .integer(now.secondsSinceEpoch), SQLValue(e.patientID), .text(e.document),
      .text(e.action.rawValue), SQLValue(e.destination),
      SQLValue(e.sha256), SQLValue(e.pages), .text(e.toolVersion), SQLValue(e.contentVersion),
      .text(e.outcome.rawValue), SQLValue(e.jobID), SQLValue(e.intentID.map { Int($0) }),
      SQLValue(e.processID.map { Int($0) }), .blob(record.previousHash), .blob(record.rowHash),
      .integer(Int64(record.chainFormat)), .integer(Int64(actor.userID)), .text(actor.userName),
      .text(actor.host), .text(actor.runID), SQLValue(e.patients.map(BinderList.text)),
    ])
    return record
  }

  /// The last row's position (sequence 0 and the genesis for an empty log).
  public func accessHead() throws(StoreError) -> LogPosition {
    let last = try connection.kept(
      "SELECT id, row_hash FROM access_log ORDER BY id DESC LIMIT 1")
    return try last.step() ? LogPosition(sequence: last.int(0), hash: last.blob(1)) : .empty
  }

  /// Rows in id order, for one patient (care-circle id) or all.
  public func accessLog(patient: String? = nil) throws(StoreError) -> [AccessRecord] {
    try accessLog(AccessQuery(patient: patient))
  }

  /// Rows in id order that match `query`.
  public func accessLog(_ query: AccessQuery) throws(StoreError) -> [AccessRecord] {
    var conditions: [String] = []
    var values: [SQLValue] = []
    if let patient = query.patient {
      // A binder's list is one id per line: match whole lines only.
      conditions.append(
        "(patient_id = ? OR instr(char(10) || patients || char(10), char(10) || ? || char(10)) > 0)"
      )
      values += [.text(patient), .text(patient)]
    }
    if let since = query.since {
      conditions.append("epoch >= ?")
      values.append(.integer(since.secondsSinceEpoch))
    }
    if let until = query.until {
      conditions.append("epoch < ?")
      values.append(.integer(until.secondsSinceEpoch))
    }
    if let action = query.action {
      conditions.append("action = ?")
      values.append(.text(action.rawValue))
    }
    if let run = query.runID {
      conditions.append("run_id = ?")
      values.append(.text(run))
    }
    let filter = conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND ")
    let statement = try connection.prepare(
      """
      SELECT id, uuid, time, epoch, patient_id, document, action, destination, sha256, pages,
        tool_version, content_version, outcome, job_id, prev_hash, row_hash, intent_id, process_id,
        chain_format, os_uid, os_user, host, run_id, patients
      FROM access_log \(filter) ORDER BY id
      """)
    try statement.bind(values)
    var out: [AccessRecord] = []
    while try statement.step() { out.append(try Self.accessRecord(statement)) }
    return out
  }

  private static func accessRecord(_ s: Statement) throws(StoreError) -> AccessRecord {
    func optionalInt(_ column: Int32) -> Int64? { s.isNull(column) ? nil : s.int(column) }
    let entry = AccessEntry(
      patientID: try s.text(4), document: try s.text(5) ?? "",
      action: AccessAction(rawValue: try s.text(6) ?? ""),
      destination: try s.text(7), sha256: try s.text(8), pages: optionalInt(9).map { Int($0) },
      toolVersion: try s.text(10) ?? "", contentVersion: try s.text(11),
      outcome: AccessOutcome(rawValue: try s.text(12) ?? ""), jobID: try s.text(13),
      intentID: optionalInt(16),
      processID: optionalInt(17).map { Int32(truncatingIfNeeded: $0) },
      patients: try s.text(23).map(BinderList.ids))
    let uid = optionalInt(19)
    let user = try s.text(20)
    let host = try s.text(21)
    let run = try s.text(22)
    // Any one of the four makes an actor, so a value forged into a format-1 row is hashed
    // (and caught) rather than silently ignored.
    var actor: AccessActor?
    if uid != nil || user != nil || host != nil || run != nil {
      actor = AccessActor(
        userID: Int(uid ?? -1), userName: user ?? "", host: host ?? "", runID: run ?? "")
    }
    return AccessRecord(
      id: s.int(0), uuid: try s.text(1) ?? "", time: try s.text(2) ?? "", epoch: s.int(3),
      entry: entry, actor: actor, chainFormat: Int(optionalInt(18) ?? -1),
      previousHash: s.blob(14), rowHash: s.blob(15))
  }

  /// Recomputes the chain; the id of the first row whose link or hash is wrong, or nil.
  public func verifyAccessLog() throws(StoreError) -> Int64? {
    var previous = AccessChain.genesis
    for record in try accessLog() {
      if record.previousHash != previous || AccessChain.hash(record) != record.rowHash {
        return record.id
      }
      previous = record.rowHash
    }
    return nil
  }
}

extension Store {
  /// Intent rows no outcome row closes yet.
  public func openIntents() throws(StoreError) -> [AccessRecord] {
    let log = try accessLog()
    let closed = Set(log.compactMap { $0.entry.intentID })
    return log.filter { $0.entry.outcome == AccessOutcome.intent && !closed.contains($0.id) }
  }

  /// Appends `outcome-unknown` for every open intent whose process is gone (after `kill -9` or
  /// a power cut), so the log never claims a delivery it cannot vouch for.
  @discardableResult
  public func closeAbandonedIntents(
    now: Instant? = nil, toolVersion: String, isRunning: (Int32) -> Bool
  ) throws(StoreError) -> Int {
    var closed = 0
    for intent in try openIntents() {
      if let pid = intent.entry.processID, isRunning(pid) { continue }
      var entry = intent.entry
      entry.outcome = AccessOutcome.unknown
      entry.intentID = intent.id
      entry.processID = nil
      entry.toolVersion = toolVersion
      try appendAccess(entry, now: now)
      closed += 1
    }
    return closed
  }
}

extension Store {
  /// The system clock, read under the write lock when a caller gives no time.
  static func clock() -> Instant { Instant(secondsSinceEpoch: Int64(time(nil))) }
}
