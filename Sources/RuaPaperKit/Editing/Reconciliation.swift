// SPDX-License-Identifier: Apache-2.0
public import RuaStore

/// What an import would do to each person's medicines, allergies and conditions, in the words
/// a caregiver checks against discharge papers. Read from the import plan's own matching
/// (`ImportSummary.items`), so it says what the import writes, nothing guessed: a medicine is
/// "stopped" only when the file says so; one the file lacks is "not in the file".
public struct Reconciliation: Sendable, Equatable {
  public enum Verdict: String, Sendable {
    case new = "NEW"
    case stopped = "STOPPED"
    case changed = "CHANGED"
    case notInFile = "NOT IN FILE"
    case unchanged = "UNCHANGED"
  }

  /// One field that differs: caregiver words for its name, old and new as text (nil = none).
  public struct FieldChange: Sendable, Equatable {
    public var field: String
    public var old: String?
    public var new: String?
  }

  public struct Item: Sendable, Equatable {
    public var verdict: Verdict
    /// "warfarin 5 mg", "penicillin", "atrial fibrillation".
    public var name: String
    /// For CHANGED (and a STOPPED that was in the store): every field that differs.
    public var changes: [FieldChange]
  }

  public struct Person: Sendable, Equatable {
    public var id: String
    public var name: String
    public var medicines: [Item] = []
    public var allergies: [Item] = []
    public var conditions: [Item] = []
  }

  public var people: [Person]

  public init(_ summary: ImportSummary) {
    var people: [Person] = []
    var byTable: [String: [String: [PlannedItem]]] = [:]
    for item in summary.items {
      // The patient's own row matters only when "no known allergies" changes.
      if item.table == "patients", Self.noKnownAllergies(item) == nil { continue }
      if !people.contains(where: { $0.id == item.patientID }) {
        people.append(Person(id: item.patientID, name: item.patientName))
      }
      byTable[item.table, default: [:]][item.patientID, default: []].append(item)
    }
    for index in people.indices {
      let id = people[index].id
      people[index].medicines = (byTable["medications"]?[id] ?? []).map(Self.medicine)
      people[index].allergies =
        (byTable["patients"]?[id] ?? []).compactMap(Self.noKnownAllergies)
        + Self.positional(byTable["allergies"]?[id] ?? [], key: "substance")
      people[index].conditions = Self.positional(byTable["conditions"]?[id] ?? [], key: "name")
    }
    self.people = people
  }

  /// Medicines are matched by their care-circle id, so the plan's pairs are the real ones.
  static func medicine(_ item: PlannedItem) -> Item {
    let side = item.change == .removed ? item.old : item.new
    let name = [side["name"], side["strength"]].compactMap { $0 }.joined(separator: " ")
    let changes = fieldChanges(item.old, item.new)
    let stoppedNow = item.new["status"] == "stopped" && item.old["status"] != "stopped"
    switch item.change {
    case .added:
      return Item(
        verdict: item.new["status"] == "stopped" ? .stopped : .new, name: name, changes: [])
    case .removed: return Item(verdict: .notInFile, name: name, changes: [])
    case .unchanged: return Item(verdict: .unchanged, name: name, changes: [])
    case .updated:
      return Item(verdict: stoppedNow ? .stopped : .changed, name: name, changes: changes)
    }
  }

  /// "No known allergies" as an allergy line, from the patient row: ADDED when the file says
  /// it and the store did not (the store's allergies then read NOT IN FILE), NOT IN FILE when
  /// the store said it and the file does not; nil when it does not change.
  static func noKnownAllergies(_ item: PlannedItem) -> Item? {
    let old = item.old["no_known_allergies"] == "1"
    let new = item.new["no_known_allergies"] == "1"
    guard old != new else { return nil }
    return Item(verdict: new ? .new : .notInFile, name: "no known allergies", changes: [])
  }

  /// Allergies and conditions have no id: the plan pairs them by place in the list, so a new
  /// first allergy would read as every allergy "changed". Pairs are regrouped by what they
  /// name (`key`, ignoring case): same name → changed or unchanged; otherwise added or gone.
  static func positional(_ items: [PlannedItem], key: String) -> [Item] {
    var olds: [[String: String]] = []
    var news: [[String: String]] = []
    for item in items {
      if item.change != .added { olds.append(item.old) }
      if item.change != .removed { news.append(item.new) }
    }
    let name = { (fields: [String: String]) in fields[key] ?? "" }
    var out: [Item] = []
    var unmatched = olds
    for new in news {
      if let at = unmatched.firstIndex(where: {
        name($0).lowercased() == name(new).lowercased()
      }) {
        let changes = fieldChanges(unmatched.remove(at: at), new)
        out.append(
          Item(verdict: changes.isEmpty ? .unchanged : .changed, name: name(new), changes: changes))
      } else {
        out.append(Item(verdict: .new, name: name(new), changes: []))
      }
    }
    out += unmatched.map { Item(verdict: .notInFile, name: name($0), changes: []) }
    return out
  }

  static func fieldChanges(_ old: [String: String], _ new: [String: String]) -> [FieldChange] {
    guard !old.isEmpty, !new.isEmpty else { return [] }
    return Set(old.keys).union(new.keys).sorted { order($0, $1) }.compactMap { field in
      old[field] == new[field]
        ? nil
        : FieldChange(
          field: field.replacingUnderscores, old: shown(field, old[field]),
          new: shown(field, new[field]))
    }
  }

  /// The store's yes/no columns, said as words rather than the stored 1 and 0.
  private static let yesNoFields: Set<String> = [
    "high_alert", "as_needed", "interpreter_needed", "no_known_allergies",
  ]

  private static func shown(_ field: String, _ value: String?) -> String? {
    guard yesNoFields.contains(field), let value else { return value }
    return value == "1" ? "yes" : value == "0" ? "no" : value
  }

  /// What matters most on a discharge sheet first: dose, strength, schedule, times, status.
  private static let first = [
    "name", "substance", "dose", "strength", "schedule", "times", "status",
  ]

  private static func order(_ a: String, _ b: String) -> Bool {
    let (x, y) = (first.firstIndex(of: a) ?? first.count, first.firstIndex(of: b) ?? first.count)
    return x != y ? x < y : a < b
  }
}

extension String {
  /// "stopped_date" → "stopped date".
  fileprivate var replacingUnderscores: String {
    String(map { $0 == "_" ? " " : $0 })
  }
}
