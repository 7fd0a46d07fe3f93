// SPDX-License-Identifier: Apache-2.0
package import RuaStore

/// Planned or written changes as lines: "medications update  status: active -> on-hold".
package enum ChangeText {
  package static func lines(_ changes: [PlannedChange], dryRun: Bool) -> String {
    if changes.isEmpty { return "nothing to change; the record already says so\n" }
    var text = dryRun ? "dry run, nothing written; would record:\n" : "recorded:\n"
    for change in changes {
      text += "  \(change.table) \(change.action)  " + fields(change.fields) + "\n"
    }
    return text
  }

  package static func fields(_ fields: [PlannedChange.Field]) -> String {
    fields.map { field in
      switch (field.old, field.new) {
      case (nil, let new?): return "\(field.name): \(new)"
      case (let old?, nil): return "\(field.name): \(old) -> (none)"
      default: return "\(field.name): \(field.old ?? "") -> \(field.new ?? "")"
      }
    }.joined(separator: ", ")
  }
}
