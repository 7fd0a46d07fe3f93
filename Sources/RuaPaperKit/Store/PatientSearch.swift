// SPDX-License-Identifier: Apache-2.0
import RuaCore
public import RuaStore

extension Session {
  /// The store's patients in file order (id, names, date of birth; no records read); with
  /// `search`, only those whose id, full or preferred name contains it, without case or
  /// accents (`jose`, `Muller` find José Herrera-Müller).
  public func patients(matching search: String? = nil) throws(PaperError) -> [PatientListing] {
    let store = self.store
    var patients = try StoreAccess.perform { () throws(StoreError) in try store.listPatients() }
    if let search {
      patients.removeAll { listing in
        !PatientSelector.matches(
          search,
          PatientName(
            id: listing.id, fullName: listing.fullName, preferredName: listing.preferredName))
      }
    }
    return patients
  }
}
