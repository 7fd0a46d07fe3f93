// SPDX-License-Identifier: Apache-2.0
import RuaCore
import RuaPaperKit
import RuaStore

/// The edit commands' one way in and out: the session over the store the options name, and
/// the changes shown as they were written (or, with `--dry-run`, would be).
extension EditSession {
  static func open(_ query: String, _ arguments: ParsedArguments, _ context: Context)
    throws(PaperError) -> EditSession
  {
    try StoreOptions.session(arguments, context).edit(query)
  }

  /// `commit`, then the changes shown (`show`); returns the patient as stored afterwards.
  func commit(
    _ edit: PatientEdit, command: String, reason: String? = nil, dryRun: Bool,
    options: [String: String], showingTo context: Context
  ) throws(PaperError) -> Patient {
    show(
      try commit(edit, command: command, reason: reason, dryRun: dryRun, options: options),
      dryRun: dryRun, context)
  }

  /// How every edit ends: the changes on stdout as written (with `dryRun`, as they would be),
  /// then a warning on stderr for each exact duplicate the edit made. Returns the patient.
  @discardableResult
  func show(
    _ result: (patient: Patient, changes: [PlannedChange]), dryRun: Bool, _ context: Context
  ) -> Patient {
    context.write(ChangeText.lines(result.changes, dryRun: dryRun))
    for warning in duplicateWarnings(result.patient) { context.message(warning) }
    return result.patient
  }
}
