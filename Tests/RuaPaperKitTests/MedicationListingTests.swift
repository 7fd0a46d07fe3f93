// SPDX-License-Identifier: Apache-2.0
import RuaCore
import RuaDocuments
import RuaPaperKit
import RuaTestSupport
import Testing

/// `meds PATIENT` as data (`Session.medicationListing`): the patient and the drug-class table,
/// refused on the dates the documents refuse.
@Suite struct MedicationListingTests {
  @Test func aListingIsThePatientAndTheTableOrARefusedDate() throws {
    let fixture = try KitFixture()
    let session = try fixture.session()
    let templates = try TemplatesLocation.resolve(PackageRoot.templates, fixture.host)
    let listing = try session.medicationListing(
      "p-agnes-01", today: fixture.now.utcDate, templates: templates)
    #expect(listing.patient.id == "p-agnes-01")
    #expect(!listing.patient.medications.isEmpty)
    let error = #expect(throws: PaperError.self) {
      try session.medicationListing(
        "p-agnes-01", today: try #require(CivilDate(iso: "1900-01-01")), templates: templates)
    }
    #expect(error?.kind == .invalidRequest)
    #expect(error?.message.hasPrefix("cannot list the medicines of patient p-agnes-01: ") == true)
  }
}
