// SPDX-License-Identifier: Apache-2.0
/// One row of the model as the write path sees it: a table, how it is matched to the stored
/// row, its fields in column order, and its child rows.
struct Record {
  var table: String
  /// The care-circle id (patients, medications); nil → matched by position among siblings.
  var externalID: String?
  var fields: [(name: String, value: SQLValue)]
  var children: [Record] = []
  /// The store's UUIDv7 for a stored row.
  var storeID: String?
  var position: Int = 0

  func field(_ name: String) -> SQLValue {
    fields.first(where: { $0.name == name })?.value ?? .null
  }
}

/// The tables under a patient, in the order they are written and read.
enum Tables {
  static let patientChildren = [
    "medications", "allergies", "conditions", "contacts", "care_team", "facts",
  ]
  /// The column naming the parent row.
  static func parentColumn(_ table: String) -> String? {
    switch table {
    case "patients": return nil
    case "fills": return "medication_id"
    default: return "patient_id"
    }
  }
  static func hasExternalID(_ table: String) -> Bool {
    table == "patients" || table == "medications"
  }
  static func children(_ table: String) -> [String] {
    switch table {
    case "patients": return patientChildren
    case "medications": return ["fills"]
    default: return []
    }
  }
  /// Columns that are not fields: identity, parent and order.
  static let structural: Set<String> = [
    "id", "external_id", "position", "patient_id", "medication_id",
  ]
}

extension SQLValue {
  init(_ text: String?) { self = text.map { .text($0) } ?? .null }
  init(_ number: Int?) { self = number.map { .integer(Int64($0)) } ?? .null }
  init(_ number: Double?) { self = number.map { .real($0) } ?? .null }
  init(_ flag: Bool?) { self = flag.map { .integer($0 ? 1 : 0) } ?? .null }

  var textValue: String? {
    switch self {
    case .text(let text): return text
    case .integer(let number): return String(number)
    case .real(let number): return String(number)
    default: return nil
    }
  }
  var intValue: Int? {
    switch self {
    case .integer(let number): return Int(number)
    case .real(let number): return Int(exactly: number)
    default: return nil
    }
  }
  var doubleValue: Double? {
    switch self {
    case .integer(let number): return Double(number)
    case .real(let number): return number
    default: return nil
    }
  }
  var boolValue: Bool? { intValue.map { $0 != 0 } }
}
