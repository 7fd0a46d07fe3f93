// SPDX-License-Identifier: Apache-2.0
public import RuaCore

/// What an import changed (or, with a dry run, would change).
public struct ImportSummary: Sendable, Equatable, CustomStringConvertible {
  public var added: Int
  public var updated: Int
  public var unchanged: Int
  /// Stored patients the file does not mention; import keeps them.
  public var notInFile: Int
  /// Rows written to change_log (0 for a dry run, identical content or a refusal).
  public var changes: Int
  /// Newer changes in the store the file would undo; nothing is written while there are any,
  /// unless the caller allows it.
  public var reverts: [RevertedChange]
  /// The file's medicines, allergies and conditions as the plan matched them with the store's.
  public var items: [PlannedItem]

  init(_ plan: ImportPlan, reverts: [RevertedChange]) {
    added = plan.added
    updated = plan.updated
    unchanged = plan.unchanged
    notInFile = plan.notInFile
    changes = 0
    self.reverts = reverts
    items = plan.items
  }

  /// "3 patients: 1 added, 2 unchanged" (only non-zero parts after the total).
  public var description: String {
    let total = added + updated + unchanged
    var parts: [String] = []
    if added > 0 { parts.append("\(added) added") }
    if updated > 0 { parts.append("\(updated) updated") }
    if unchanged > 0 { parts.append("\(unchanged) unchanged") }
    var text = "\(total) patient\(total == 1 ? "" : "s")"
    if !parts.isEmpty { text += ": " + parts.joined(separator: ", ") }
    if notInFile > 0 {
      text += "; \(notInFile) stored patient\(notInFile == 1 ? "" : "s") not in the file, kept"
    }
    return text
  }
}

/// A patient as listed by `patients`.
public struct PatientListing: Sendable, Equatable {
  public var id: String
  public var fullName: String
  public var preferredName: String?
  public var dateOfBirth: String
}

extension Store {
  /// The one write path: applies `circle` in ONE `BEGIN IMMEDIATE` transaction — insert or
  /// update by care-circle id, delete children the file no longer has, one `change_log` row per
  /// changed row with its field diff. Identical content opens no write transaction at all.
  /// `now` is the caller's clock; `origin` goes on every log row.
  /// When the file would undo a newer change (`ImportReverts`), nothing is written unless
  /// `allowReverts`; the summary lists them either way.
  /// `everyEditCounts`: the file's `exportedAt` is not used, every edit counts as newer (a
  /// file this store exported itself holds nothing newer than the store).
  public func save(
    _ circle: CareCircle, now: Instant, dryRun: Bool = false, origin: ChangeOrigin = .importFile,
    allowReverts: Bool = false, everyEditCounts: Bool = false
  ) throws(StoreError) -> ImportSummary {
    let cutoff =
      everyEditCounts
      ? nil : circle.exportedAt.flatMap { Instant(rfc3339: $0)?.secondsSinceEpoch }
    let preview = try connection.transaction(immediate: false) { () throws(StoreError) in
      let plan = try plan(circle, now: now)
      return (plan, try ImportReverts.find(plan.operations, connection, since: cutoff))
    }
    var summary = ImportSummary(preview.0, reverts: preview.1)
    if preview.0.isEmpty || dryRun || (!summary.reverts.isEmpty && !allowReverts) {
      return summary
    }
    summary = try connection.transaction(immediate: true) { () throws(StoreError) in
      // Every writing command refuses while the access log is not append-only.
      try AccessLogGuard.requireTriggers(connection)
      // Planned again under the write lock: another process may have written in between.
      let locked = try plan(circle, now: now)
      var summary = ImportSummary(
        locked, reverts: try ImportReverts.find(locked.operations, connection, since: cutoff))
      if !summary.reverts.isEmpty && !allowReverts { return summary }
      var writer = ChangeWriter(
        connection: connection, now: now.secondsSinceEpoch, origin: origin)
      for operation in locked.operations { try writer.apply(operation) }
      summary.changes = locked.operations.count
      return summary
    }
    return summary
  }

  private func plan(_ circle: CareCircle, now: Instant) throws(StoreError) -> ImportPlan {
    let stored = try RecordReader(connection: connection).patients()
    let extensions = try circleValue("extensions")
    return try ImportPlan(
      circle, stored: stored, storedExtensions: extensions, now: now.secondsSinceEpoch)
  }

  private func circleValue(_ key: String) throws(StoreError) -> String? {
    let statement = try connection.prepare("SELECT value FROM circle WHERE key = ?")
    try statement.bind([.text(key)])
    return try statement.step() ? try statement.text(0) : nil
  }

  /// Whether this store itself exported exactly these bytes: a completed `export` row of the
  /// access log with their SHA-256.
  public func exported(sha256: String) throws(StoreError) -> Bool {
    let statement = try connection.prepare(
      """
      SELECT 1 FROM access_log WHERE action = 'export' AND outcome = 'completed' AND sha256 = ?
      LIMIT 1
      """)
    try statement.bind([.text(sha256)])
    return try statement.step()
  }

  /// The whole circle in one read transaction, patients and children in file order.
  /// `exportedAt` is nil: it belongs to a file, not to the store.
  public func loadCareCircle() throws(StoreError) -> CareCircle {
    try connection.transaction(immediate: false) { () throws(StoreError) in
      var circle = CareCircle()
      try RecordReader(connection: connection).eachPatient { (record) throws(StoreError) in
        circle.patients.append(try RecordModel.patient(record))
      }
      if let text = try circleValue("extensions") {
        do { circle.extensions = try JSONParser.parse(text) } catch {
          throw StoreError(.corrupt, "the stored circle extensions are not valid JSON")
        }
      }
      return circle
    }
  }

  /// One patient by care-circle id, or nil.
  public func loadPatient(externalID: String) throws(StoreError) -> Patient? {
    try connection.transaction(immediate: false) { () throws(StoreError) in
      guard
        let record = try RecordReader(connection: connection).patients(externalID: externalID)
          .first
      else { return nil }
      return try RecordModel.patient(record)
    }
  }

  /// These patients (by care-circle id, in the order given) in one read transaction; only their
  /// records are read and decoded. An id no longer in the store is refused.
  public func loadPatients(externalIDs: [String]) throws(StoreError) -> [Patient] {
    try connection.transaction(immediate: false) { () throws(StoreError) in
      var out: [Patient] = []
      out.reserveCapacity(externalIDs.count)
      let reader = RecordReader(connection: connection)
      for id in externalIDs {
        guard let record = try reader.patients(externalID: id).first else {
          throw StoreError(
            .database, "patient \(id) left the store while the batch started; run it again")
        }
        out.append(try RecordModel.patient(record))
      }
      return out
    }
  }

  /// Id, names and date of birth of every patient, in file order (no other record is read).
  public func listPatients() throws(StoreError) -> [PatientListing] {
    let statement = try connection.prepare(
      """
      SELECT external_id, full_name, preferred_name, date_of_birth FROM patients
      ORDER BY position, external_id
      """)
    var out: [PatientListing] = []
    while try statement.step() {
      out.append(
        PatientListing(
          id: try statement.text(0) ?? "", fullName: try statement.text(1) ?? "",
          preferredName: try statement.text(2), dateOfBirth: try statement.text(3) ?? ""))
    }
    return out
  }

  /// When the last change_log row for this patient was written ("information as of" on
  /// documents), or nil when nothing was ever logged.
  public func latestChange(forPatient externalID: String) throws(StoreError) -> Instant? {
    let statement = try connection.kept(
      """
      SELECT max(c.epoch) FROM change_log c JOIN patients p ON p.id = c.patient_id
      WHERE p.external_id = ?
      """)
    try statement.bind([.text(externalID)])
    guard try statement.step(), !statement.isNull(0) else { return nil }
    return Instant(secondsSinceEpoch: statement.int(0))
  }
}
