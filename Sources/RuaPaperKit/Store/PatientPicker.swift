// SPDX-License-Identifier: Apache-2.0
package import RuaCore
package import RuaStore

/// The one way a command turns a patient query into a patient: the names are listed from the
/// store, `PatientSelector` picks, and only the chosen patient's records are read.
package enum PatientPicker {
  /// The chosen patient with all their records.
  package static func patient(_ query: String, in store: Store) throws(PaperError) -> Patient {
    // An exact id wins (`PatientSelector`): one indexed read, without listing every name.
    if let patient = try StoreAccess.perform({ () throws(StoreError) in
      try store.loadPatient(externalID: query)
    }) {
      return patient
    }
    let name = try self.name(query, in: store)
    let patient = try StoreAccess.perform { () throws(StoreError) in
      try store.loadPatient(externalID: name.id)
    }
    guard let patient else { throw notFound(query) }
    return patient
  }

  /// The chosen patient's id and names only (for `log`, which needs no records).
  package static func name(_ query: String, in store: Store) throws(PaperError) -> PatientName {
    let listing = try StoreAccess.perform { () throws(StoreError) in try store.listPatients() }
    return try choose(
      query,
      from: listing.map {
        PatientName(id: $0.id, fullName: $0.fullName, preferredName: $0.preferredName)
      })
  }

  /// The patient `query` names among `candidates`, or a refusal listing the matches.
  package static func choose(_ query: String, from candidates: [PatientName]) throws(PaperError)
    -> PatientName
  {
    switch PatientSelector.select(query, from: candidates) {
    case .found(let patient):
      return patient
    case .notFound:
      throw notFound(query)
    case .ambiguous(let matches):
      let list = matches.map { "  \($0.id)  \($0.fullName)" }.joined(separator: "\n")
      throw PaperError(
        "'\(query)' matches \(matches.count) patients; name one by id:\n" + list,
        kind: .invalidRequest)
    }
  }

  private static func notFound(_ query: String) -> PaperError {
    PaperError(
      "no patient with the id or name '\(query)'; run 'rua-paper patients' for the list",
      kind: .invalidRequest)
  }
}
