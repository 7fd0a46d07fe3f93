// SPDX-License-Identifier: Apache-2.0
import RuaCore
import RuaPaperKit

/// The edit commands' one way in and out: the session over the store the options name, and
/// the changes shown as they were written (or, with `--dry-run`, would be).
extension EditSession {
  static func open(_ query: String, _ arguments: ParsedArguments, _ context: Context)
    throws(PaperError) -> EditSession
  {
    try StoreOptions.session(arguments, context).edit(query)
  }

  /// `commit`, then the changes on stdout; returns the patient as stored afterwards.
  func commit(
    _ edit: PatientEdit, command: String, reason: String? = nil, dryRun: Bool,
    options: [String: String], showingTo context: Context
  ) throws(PaperError) -> Patient {
    let result = try commit(
      edit, command: command, reason: reason, dryRun: dryRun, options: options)
    context.write(ChangeText.lines(result.changes, dryRun: dryRun))
    for warning in duplicateWarnings(result.patient) { context.message(warning) }
    return result.patient
  }
}
