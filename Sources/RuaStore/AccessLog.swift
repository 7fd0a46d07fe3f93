internal import RuaCore

/// What the delivery path records for every PDF that leaves the store.
public struct AccessEntry: Sendable, Equatable {
  /// The patient's care-circle id (nil for a whole-circle binder).
  public var patientID: String?
  /// "er-sheet", "medication-list", "fall-guide", "binder", …
  public var document: String
  /// "export", "share", "print", or an outcome step such as "print-intent".
  public var action: String
  /// A file path, "stdout", or a printer name.
  public var destination: String?
  /// SHA-256 (hex) of the bytes delivered.
  public var sha256: String?
  public var pages: Int?
  public var toolVersion: String
  public var contentVersion: String?
  /// "ok", "failed: …", "intent", "outcome-unknown", …
  public var outcome: String
  /// A CUPS job id.
  public var jobID: String?
  /// On an outcome row, the id of the intent row it closes.
  public var intentID: Int64?
  /// On an intent row, the process that will append the outcome (so a later start can tell a
  /// crashed delivery from one still running).
  public var processID: Int32?

  public init(
    patientID: String?, document: String, action: String, destination: String? = nil,
    sha256: String? = nil, pages: Int? = nil, toolVersion: String, contentVersion: String? = nil,
    outcome: String, jobID: String? = nil, intentID: Int64? = nil, processID: Int32? = nil
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
  }
}

/// One stored access_log row.
public struct AccessRecord: Sendable, Equatable {
  public var id: Int64
  public var uuid: String
  /// `YYYY-MM-DDTHH:MM:SSZ`.
  public var time: String
  public var epoch: Int64
  public var entry: AccessEntry
  public var previousHash: [UInt8]
  public var rowHash: [UInt8]
}

extension Store {
  /// Appends one row in its own `BEGIN IMMEDIATE` transaction, chained to the previous row:
  /// `row_hash = SHA-256(prev_hash || canonical fields)`, genesis = 32 zero bytes. Returns the
  /// committed row. `now` is seconds since the epoch (the caller's clock).
  @discardableResult
  public func appendAccess(_ entry: AccessEntry, now: Int64) throws(StoreError) -> AccessRecord {
    try connection.transaction(immediate: true) { () throws(StoreError) in
      let last = try connection.prepare(
        "SELECT id, row_hash FROM access_log ORDER BY id DESC LIMIT 1")
      var id: Int64 = 1
      var previous = AccessChain.genesis
      if try last.step() {
        id = last.int(0) + 1
        previous = last.blob(1)
      }
      var record = AccessRecord(
        id: id, uuid: try UUIDv7.make(seconds: now), time: Instant(secondsSinceEpoch: now).rfc3339,
        epoch: now,
        entry: entry, previousHash: previous, rowHash: [])
      record.rowHash = AccessChain.hash(record)
      let e = entry
      try connection.prepare(
        """
        INSERT INTO access_log (id, uuid, time, epoch, patient_id, document, action,
          destination, sha256, pages, tool_version, content_version, outcome, job_id, intent_id,
          process_id, prev_hash, row_hash)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """
      ).run([
        .integer(id), .text(record.uuid), .text(record.time), .integer(now),
        SQLValue(e.patientID), .text(e.document), .text(e.action), SQLValue(e.destination),
        SQLValue(e.sha256), SQLValue(e.pages), .text(e.toolVersion), SQLValue(e.contentVersion),
        .text(e.outcome), SQLValue(e.jobID), SQLValue(e.intentID.map { Int($0) }),
        SQLValue(e.processID.map { Int($0) }), .blob(previous), .blob(record.rowHash),
      ])
      return record
    }
  }

  /// Rows in id order, for one patient (care-circle id) or all.
  public func accessLog(patient: String? = nil) throws(StoreError) -> [AccessRecord] {
    let statement = try connection.prepare(
      """
      SELECT id, uuid, time, epoch, patient_id, document, action, destination, sha256, pages,
        tool_version, content_version, outcome, job_id, prev_hash, row_hash, intent_id, process_id
      FROM access_log \(patient == nil ? "" : "WHERE patient_id = ?") ORDER BY id
      """)
    try statement.bind(patient.map { [.text($0)] } ?? [])
    var out: [AccessRecord] = []
    while try statement.step() {
      let entry = AccessEntry(
        patientID: try statement.text(4), document: try statement.text(5) ?? "",
        action: try statement.text(6) ?? "", destination: try statement.text(7),
        sha256: try statement.text(8), pages: statement.isNull(9) ? nil : Int(statement.int(9)),
        toolVersion: try statement.text(10) ?? "", contentVersion: try statement.text(11),
        outcome: try statement.text(12) ?? "", jobID: try statement.text(13),
        intentID: statement.isNull(16) ? nil : statement.int(16),
        processID: statement.isNull(17) ? nil : Int32(truncatingIfNeeded: statement.int(17)))
      out.append(
        AccessRecord(
          id: statement.int(0), uuid: try statement.text(1) ?? "",
          time: try statement.text(2) ?? "", epoch: statement.int(3), entry: entry,
          previousHash: statement.blob(14), rowHash: statement.blob(15)))
    }
    return out
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

/// The hash chain's canonical form.
enum AccessChain {
  static let genesis = [UInt8](repeating: 0, count: 32)

  /// SHA-256 of the previous hash followed by every field, each as a 4-byte big-endian length
  /// and its UTF-8 bytes; an absent field is the length 0xFFFFFFFF with no bytes.
  static func hash(_ record: AccessRecord) -> [UInt8] {
    let e = record.entry
    let fields: [String?] = [
      String(record.id), record.uuid, record.time, String(record.epoch), e.patientID, e.document,
      e.action, e.destination, e.sha256, e.pages.map { String($0) }, e.toolVersion,
      e.contentVersion, e.outcome, e.jobID, e.intentID.map { String($0) },
      e.processID.map { String($0) },
    ]
    var bytes = record.previousHash
    for field in fields {
      let utf8 = field.map { Array($0.utf8) }
      let length = utf8.map { UInt32($0.count) } ?? UInt32.max
      for shift in [24, 16, 8, 0] { bytes.append(UInt8(truncatingIfNeeded: length >> shift)) }
      bytes += utf8 ?? []
    }
    return SHA256.digest(bytes)
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
    now: Int64, toolVersion: String, isRunning: (Int32) -> Bool
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

/// The outcome words access_log rows use.
public enum AccessOutcome {
  public static let intent = "intent"
  public static let completed = "completed"
  public static let cancelled = "cancelled"
  public static let unknown = "outcome-unknown"
  public static func failed(_ reason: String) -> String { "failed: " + reason }
}
