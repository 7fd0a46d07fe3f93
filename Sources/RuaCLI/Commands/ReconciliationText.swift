// SPDX-License-Identifier: Apache-2.0
import RuaPaperKit

/// `import --dry-run`'s reconciliation as a table to read beside discharge papers: one block
/// per person, the verdict in a fixed column, old -> new for each changed field.
enum ReconciliationText {
  static func text(_ reconciliation: Reconciliation) -> String {
    guard !reconciliation.people.isEmpty else {
      return "reconciliation: the file lists no medicines, allergies or conditions"
    }
    var lines = ["reconciliation (what the file would change; check it against the papers):"]
    for person in reconciliation.people {
      lines.append("")
      lines.append("\(person.name) (\(person.id))")
      lines += section("Medicines", person.medicines, added: "NEW")
      lines += section("Allergies", person.allergies, added: "ADDED")
      lines += section("Conditions", person.conditions, added: "ADDED")
    }
    return lines.joined(separator: "\n")
  }

  /// Unchanged items go last on one line with their count; the rest one line each.
  private static func section(_ title: String, _ items: [Reconciliation.Item], added: String)
    -> [String]
  {
    guard !items.isEmpty else { return ["  \(title): none in the file or the store"] }
    var lines = ["  \(title)"]
    for item in items where item.verdict != .unchanged {
      let word = item.verdict == .new ? added : item.verdict.rawValue
      var line = "    " + word.padded(to: 12) + item.name
      switch item.verdict {
      case .notInFile: line += " (in the store, not in the file; the import removes it)"
      case .stopped where item.changes.isEmpty: line += " (stopped in the file)"
      default: break
      }
      if !item.changes.isEmpty { line += ": " + item.changes.map(change).joined(separator: "; ") }
      lines.append(line)
    }
    let same = items.filter { $0.verdict == .unchanged }.map(\.name)
    if !same.isEmpty {
      lines.append(
        "    " + "UNCHANGED".padded(to: 12) + "\(same.count): " + same.joined(separator: ", "))
    }
    return lines
  }

  private static func change(_ change: Reconciliation.FieldChange) -> String {
    "\(change.field) \(change.old ?? "(none)") -> \(change.new ?? "(none)")"
  }
}
