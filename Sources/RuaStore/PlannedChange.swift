// SPDX-License-Identifier: Apache-2.0
extension Operation {
  /// The fields this operation changes, as (column, old, new); what its `change_log` row holds.
  var fieldDiff: [(String, SQLValue, SQLValue)] {
    switch self {
    case .insert(let record, _, _):
      var diff = record.fields.filter { $0.value != .null }.map {
        ($0.name, SQLValue.null, $0.value)
      }
      if let external = record.externalID {
        diff.insert(("external_id", .null, .text(external)), at: 0)
      }
      return diff
    case .update(let record, let old, _):
      var diff: [(String, SQLValue, SQLValue)] = []
      if record.position != old.position {
        diff.append(("position", .integer(Int64(old.position)), .integer(Int64(record.position))))
      }
      for field in record.fields where !ImportPlan.same(field.value, old.field(field.name)) {
        diff.append((field.name, old.field(field.name), field.value))
      }
      return diff
    case .delete(let record, _):
      return record.fields.filter { $0.value != .null }.map { ($0.name, $0.value, SQLValue.null) }
    case .circle(let key, let old, let new):
      return [(key, SQLValue(old), SQLValue(new))]
    }
  }

  var table: String {
    switch self {
    case .insert(let record, _, _), .update(let record, _, _), .delete(let record, _):
      return record.table
    case .circle: return "circle"
    }
  }

  var action: String {
    switch self {
    case .insert: return "insert"
    case .update: return "update"
    case .delete: return "delete"
    case .circle(_, let old, let new):
      return old == nil ? "insert" : new == nil ? "delete" : "update"
    }
  }
}

/// One row a write would change, as `change_log` will record it: for `--dry-run` and for the
/// report after an edit.
public struct PlannedChange: Sendable, Equatable {
  /// One column: its old and new value as text (nil = absent).
  public struct Field: Sendable, Equatable {
    public var name: String
    public var old: String?
    public var new: String?
  }

  /// The table ("medications", "fills", …).
  public var table: String
  /// "insert", "update" or "delete".
  public var action: String
  public var fields: [Field]

  init(_ operation: Operation) {
    table = operation.table
    action = operation.action
    fields = operation.fieldDiff.map {
      Field(name: $0.0, old: $0.1.textValue, new: $0.2.textValue)
    }
  }
}
