// SPDX-License-Identifier: Apache-2.0
/// One medicine, allergy or condition as the import plan matched it: what the dry run's
/// reconciliation reads (the plan's own matching, so it and the change log never disagree).
public struct PlannedItem: Sendable, Equatable {
  public enum Change: String, Sendable {
    case added, updated, removed, unchanged
  }

  /// The patient's care-circle id and full name (as the file has it).
  public var patientID: String
  public var patientName: String
  /// "medications", "allergies", "conditions", or "patients" (the patient's own row, for
  /// `no_known_allergies`).
  public var table: String
  public var change: Change
  /// The stored row's and the file's fields as text (non-null only); empty for the side
  /// that has no row (added: no old, removed: no new).
  public var old: [String: String]
  public var new: [String: String]

  /// The tables a reconciliation reads.
  static let tables: Set<String> = ["patients", "medications", "allergies", "conditions"]

  static func texts(_ record: Record?) -> [String: String] {
    var out: [String: String] = [:]
    for field in record?.fields ?? [] {
      if let text = field.value.textValue { out[field.name] = text }
    }
    return out
  }
}
