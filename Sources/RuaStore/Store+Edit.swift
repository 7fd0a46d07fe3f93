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
    return try connection.transaction(immediate: !dryRun) { () throws(StoreError) in
      // Every writing command refuses while the access log is not append-only.
      if !dryRun { try AccessLogGuard.requireTriggers(connection) }
      guard
        let old = try RecordReader(connection: connection).patients(externalID: expected.id).first,
        try RecordModel.patient(old) == expected
      else {
        throw StoreError(
          .busy, "the patient's record changed while this command ran; nothing was written",
          advice: "run the command again")
      }
      let plan = try ImportPlan(patient: patient, old: old, now: now.secondsSinceEpoch)
      if !dryRun {
        var writer = ChangeWriter(
          connection: connection, now: now.secondsSinceEpoch, origin: origin)
        for operation in plan.operations { try writer.apply(operation) }
      }
      return plan.operations.map(PlannedChange.init)
    }
  }
}
