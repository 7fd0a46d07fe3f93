// SPDX-License-Identifier: Apache-2.0
public import RuaCore

extension Store {
  /// The edit commands' write (`fill`, `med`, `allergy`): replaces one stored patient with
  /// `patient` through the same plan and `ChangeWriter` as import, in ONE `BEGIN IMMEDIATE`
  /// transaction, one `change_log` row per changed row. `expected` is the patient as the caller
  /// read it: when the store holds anything else by the time the lock is taken (another command
  /// wrote in between), nothing is written. Returns the rows changed, or with `dryRun` the rows
  /// that would change (nothing is written and no write lock is taken).
  public func replacePatient(
    _ patient: Patient, expecting expected: Patient, origin: ChangeOrigin, now: Instant,
    dryRun: Bool
  ) throws(StoreError) -> [PlannedChange] {
    guard patient.id == expected.id else {
      throw StoreError(.database, "an edit may not change a patient's id")
    }
    let edited = patient.editedLocally(from: expected)
    return try writeUnchanged(expected, origin: origin, now: now, dryRun: dryRun) {
      old throws(StoreError) in
      try ImportPlan(patient: edited, old: old, now: now.secondsSinceEpoch)
    }
  }

  /// `patient remove`: deletes the stored patient `expected` and every row of theirs
  /// (medicines, fills, allergies, conditions, contacts, care team, devices and the other
  /// facts) in ONE `BEGIN IMMEDIATE` transaction, children first, one `change_log` row per row
  /// deleted. When the store holds anything else for the patient by the time the lock is
  /// taken, nothing is written. The access log is not touched: its rows are append-only and
  /// hash-chained, so the ones about this patient stay (with the patient's care-circle id) and
  /// `log verify` still passes. Returns the rows deleted (with `dryRun`, the rows that would
  /// be; nothing is written and no write lock is taken).
  public func removePatient(
    expecting expected: Patient, origin: ChangeOrigin, now: Instant, dryRun: Bool
  ) throws(StoreError) -> [PlannedChange] {
    try writeUnchanged(expected, origin: origin, now: now, dryRun: dryRun) {
      old throws(StoreError) in
      try ImportPlan(removing: old, now: now.secondsSinceEpoch)
    }
  }

  /// One edit's transaction: refuses while the access log is not append-only, and when the
  /// stored patient is no longer `expected` (another command wrote in between); else applies
  /// the plan `planned` makes from the stored rows (with `dryRun`, only returns its rows).
  private func writeUnchanged(
    _ expected: Patient, origin: ChangeOrigin, now: Instant, dryRun: Bool,
    planned: (Record) throws(StoreError) -> ImportPlan
  ) throws(StoreError) -> [PlannedChange] {
    try connection.transaction(immediate: !dryRun) { () throws(StoreError) in
      if !dryRun { try AccessLogGuard.requireTriggers(connection) }
      guard
        let old = try RecordReader(connection: connection).patients(externalID: expected.id).first,
        try RecordModel.patient(old) == expected
      else {
        throw StoreError(
          .busy, "the patient's record changed while this command ran; nothing was written",
          advice: "run the command again")
      }
      let plan = try planned(old)
      if !dryRun {
        var writer = ChangeWriter(
          connection: connection, now: now.secondsSinceEpoch, origin: origin)
        for operation in plan.operations { try writer.apply(operation) }
      }
      return plan.operations.map(PlannedChange.init)
    }
  }

  /// The newest change_log row's id (0 for none): what `edit` reads with the record, so that
  /// what changes after it can be told from what came before, even within one second.
  public func lastChangeID() throws(StoreError) -> Int64 {
    let statement = try connection.prepare("SELECT coalesce(max(id), 0) FROM change_log")
    guard try statement.step() else { return 0 }
    return statement.int(0)
  }

  /// `edit`: replaces the stored patient with `patient` as `replacePatient` does, but checks
  /// what changed meanwhile as import checks a file: an update or delete that would undo a
  /// change an edit command made after change_log row `afterChange` (`lastChangeID()` when the
  /// record was read) is not written, and returned instead (nothing is written then). A
  /// patient removed meanwhile is refused.
  public func replacePatient(
    _ patient: Patient, afterChange: Int64, origin: ChangeOrigin, now: Instant, dryRun: Bool
  ) throws(StoreError) -> (changes: [PlannedChange], reverts: [RevertedChange]) {
    try connection.transaction(immediate: !dryRun) { () throws(StoreError) in
      if !dryRun { try AccessLogGuard.requireTriggers(connection) }
      guard
        let old = try RecordReader(connection: connection).patients(externalID: patient.id).first
      else {
        throw StoreError(
          .busy,
          "the patient was removed from the store while the record was open;"
            + " nothing was written", advice: "add the patient again, or import a file")
      }
      let edited = patient.editedLocally(from: try RecordModel.patient(old))
      let plan = try ImportPlan(patient: edited, old: old, now: now.secondsSinceEpoch)
      let reverts = try ImportReverts.find(
        plan.operations, connection, since: nil, afterChange: afterChange)
      if !reverts.isEmpty { return ([], reverts) }
      if !dryRun {
        var writer = ChangeWriter(
          connection: connection, now: now.secondsSinceEpoch, origin: origin)
        for operation in plan.operations { try writer.apply(operation) }
      }
      return (plan.operations.map(PlannedChange.init), [])
    }
  }
}

extension Patient {
  /// An edit that changes anything makes the record current: it is no longer dated by the
  /// source it was imported from, so its `sourceDate` goes (and the change log says so).
  fileprivate func editedLocally(from old: Patient) -> Patient {
    var edited = self
    if edited != old { edited.sourceDate = nil }
    return edited
  }
}
