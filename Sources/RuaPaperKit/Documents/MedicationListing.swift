// SPDX-License-Identifier: Apache-2.0
public import RuaCore
import RuaDocuments
import RuaStore

extension Session {
  /// `meds PATIENT` as data, not a PDF: the patient and the drug-class table of `templates`,
  /// counted from `today` as the documents count it, so the dates they refuse (a `today`
  /// before the birth would print a negative age) are refused here too.
  public func medicationListing(
    _ query: String, today: CivilDate, templates: TemplatesLocation
  ) throws(PaperError) -> (patient: Patient, table: DrugClassTable) {
    let table = try DocumentResources.drugTable(templates)
    let patient = try PatientPicker.patient(query, in: store)
    if let problem = PrintDate.problem(
      today: today, now: host.now, dateOfBirth: patient.dateOfBirth, informationAsOf: nil)
    {
      throw .invalidRequest(
        "cannot list the medicines of patient \(patient.id): \(problem); check --today")
    }
    return (patient, table)
  }
}
