// SPDX-License-Identifier: Apache-2.0
import RuaCore
import RuaDocuments
import RuaStore

/// A MAR's "changes since the last sheet", read from the store: the last completed delivery
/// of a MAR for the patient in the access log, then the change-log rows of the patient's
/// medicines written since. Both are rows of the store, so the same store gives the same
/// sheet whatever the clock says.
enum MARChangeReading {
  /// Change-log columns that change what is given: a row touching one is "dose changed".
  static let doseColumns: Set<String> = ["dose", "strength", "schedule", "times", "form", "route"]

  static func changes(_ store: Store, patient: Patient, zone: DocumentZone) throws(StoreError)
    -> MARChanges
  {
    guard let last = try store.lastDelivery(of: AdministrationRecord.kind, patient: patient.id)
    else { return MARChanges() }
    var changes = MARChanges(lastSheet: zone.date(of: last))
    func add(_ name: String, to list: inout [String]) {
      if !list.contains(name) { list.append(name) }
    }
    for row in try store.medicationChanges(patient: patient.id, since: last) {
      let named = row.fields.first { $0.name == "name" }
      guard let name = row.name ?? named?.new ?? named?.old else { continue }
      switch row.action {
      case "insert":
        add(name, to: &changes.started)
      case "update":
        let status = row.fields.first { $0.name == "status" }
        if status?.new == MedicationStatus.stopped.rawValue { add(name, to: &changes.stopped) }
        if row.fields.contains(where: { doseColumns.contains($0.name) }) {
          add(name, to: &changes.doseChanged)
        }
      default:
        // A medicine removed as entered by mistake was never a change of treatment.
        break
      }
    }
    // A medicine new since the last sheet is new, whatever was corrected after it was added.
    changes.doseChanged.removeAll { changes.started.contains($0) }
    return changes
  }
}
