// SPDX-License-Identifier: Apache-2.0
internal import RuaCore

/// One change the write path will make, with what it logs.
enum Operation {
  case insert(Record, parent: (column: String, id: String)?, patientID: String)
  case update(Record, old: Record, patientID: String)
  case delete(Record, patientID: String)
  /// A circle-wide value (`extensions`), as JSON text; nil = absent.
  case circle(key: String, old: String?, new: String?)
}

/// What importing a care circle would change, computed against the stored rows.
struct ImportPlan {
  var operations: [Operation] = []
  var added = 0
  var updated = 0
  var unchanged = 0
  /// Stored patients the file does not mention (kept: import never deletes a patient).
  var notInFile = 0
  /// Each medicine, allergy and condition of the file's patients, as matched (`PlannedItem`).
  var items: [PlannedItem] = []
  /// The file's patient being planned: id and full name, for `items`.
  private var current: (id: String, name: String)?
  /// Seconds since the epoch, for the new rows' UUIDv7s.
  let now: Int64

  init(_ circle: CareCircle, stored: [Record], storedExtensions: String?, now: Int64)
    throws(StoreError)
  {
    self.now = now
    var storedByID: [String: Record] = [:]
    for record in stored { if let id = record.externalID { storedByID[id] = record } }
    var seen: Set<String> = []
    for (index, patient) in circle.patients.enumerated() {
      let record = ModelRecords.patient(patient, position: index)
      seen.insert(patient.id)
      current = (patient.id, patient.fullName)
      let before = operations.count
      if let old = storedByID[patient.id], let storeID = old.storeID {
        // A file that would change nothing but the source date changes nothing: the stored
        // record is at least as current as the file that repeats it.
        var asStored = patient
        asStored.sourceDate = old.field("source_date").textValue
        let itemsBefore = items.count
        try diff(
          ModelRecords.patient(asStored, position: index), old: old, storeID: storeID,
          patientID: storeID)
        if operations.count != before {
          operations.removeSubrange(before...)
          items.removeSubrange(itemsBefore...)
          try diff(record, old: old, storeID: storeID, patientID: storeID)
        }
        if operations.count == before { unchanged += 1 } else { updated += 1 }
      } else {
        try insert(record, parent: nil, patientID: nil)
        added += 1
      }
    }
    current = nil
    notInFile = storedByID.keys.filter { !seen.contains($0) }.count
    let extensions = circle.extensions.map { JSONWriter.write($0, pretty: false) }
    if extensions != storedExtensions {
      operations.append(.circle(key: "extensions", old: storedExtensions, new: extensions))
    }
  }

  /// The changes that turn the stored patient `old` into `patient`, keeping its place in the
  /// circle and leaving every other patient and the circle extensions alone (the edit commands).
  init(patient: Patient, old: Record, now: Int64) throws(StoreError) {
    self.now = now
    guard let storeID = old.storeID else {
      throw StoreError(.corrupt, "a patients row in the store has no id")
    }
    let record = ModelRecords.patient(patient, position: old.position)
    try diff(record, old: old, storeID: storeID, patientID: storeID)
    if operations.isEmpty { unchanged = 1 } else { updated = 1 }
  }

  /// The changes that remove the stored patient `old` and everything of theirs, children
  /// first (`patient remove`); every other patient and the circle extensions stay.
  init(removing old: Record, now: Int64) throws(StoreError) {
    self.now = now
    guard let storeID = old.storeID else {
      throw StoreError(.corrupt, "a patients row in the store has no id")
    }
    delete(old, storeID)
  }

  var isEmpty: Bool { operations.isEmpty }

  private mutating func insert(
    _ record: Record, parent: (column: String, id: String)?, patientID: String?
  ) throws(StoreError) {
    var record = record
    let id = try UUIDv7.make(seconds: now)
    record.storeID = id
    operations.append(.insert(record, parent: parent, patientID: patientID ?? id))
    note(.added, old: nil, new: record)
    for child in record.children {
      guard let column = Tables.parentColumn(child.table) else { continue }
      try insert(child, parent: (column, id), patientID: patientID ?? id)
    }
  }

  private mutating func diff(_ new: Record, old: Record, storeID: String, patientID: String)
    throws(StoreError)
  {
    var new = new
    new.storeID = storeID
    if new.position != old.position || !Self.sameFields(new, old) {
      operations.append(.update(new, old: old, patientID: patientID))
    }
    note(Self.sameFields(new, old) ? .unchanged : .updated, old: old, new: new)
    for table in Tables.children(new.table) {
      let fresh = new.children.filter { $0.table == table }
      let stored = old.children.filter { $0.table == table }
      var matched: Set<String> = []
      for (index, child) in fresh.enumerated() {
        let match =
          Tables.hasExternalID(table)
          ? stored.first { $0.externalID == child.externalID }
          : (index < stored.count ? stored[index] : nil)
        if let match, let matchID = match.storeID {
          matched.insert(matchID)
          try diff(child, old: match, storeID: matchID, patientID: patientID)
        } else {
          guard let column = Tables.parentColumn(table) else { continue }
          try insert(child, parent: (column, storeID), patientID: patientID)
        }
      }
      for gone in stored where !matched.contains(gone.storeID ?? "") { delete(gone, patientID) }
    }
  }

  /// Children first, so the log shows every row that goes.
  private mutating func delete(_ record: Record, _ patientID: String) {
    for child in record.children { delete(child, patientID) }
    operations.append(.delete(record, patientID: patientID))
    note(.removed, old: record, new: nil)
  }

  /// Keeps a medicine, allergy or condition of the file's patient for the reconciliation (a
  /// moved row whose fields are the same counts as unchanged).
  private mutating func note(_ change: PlannedItem.Change, old: Record?, new: Record?) {
    guard let current, let table = (new ?? old)?.table, PlannedItem.tables.contains(table)
    else { return }
    items.append(
      PlannedItem(
        patientID: current.id, patientName: current.name, table: table, change: change,
        old: PlannedItem.texts(old), new: PlannedItem.texts(new)))
  }

  static func sameFields(_ a: Record, _ b: Record) -> Bool {
    a.fields.allSatisfy { same($0.value, b.field($0.name)) }
  }

  static func same(_ a: SQLValue, _ b: SQLValue) -> Bool {
    switch (a, b) {
    case (.integer, .real), (.real, .integer), (.real, .real): return a.doubleValue == b.doubleValue
    default: return a == b
    }
  }
}
