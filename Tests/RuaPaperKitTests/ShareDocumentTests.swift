// SPDX-License-Identifier: Apache-2.0
import Foundation
import RuaCore
import RuaDocuments
import RuaPaperKit
import RuaStore
import Testing

/// `share PATIENT WHAT` without argv: the word read into a page or the patient summary, and
/// the summary put into the folder under a name without health data, logged as a share.
@Suite struct ShareDocumentTests {
  @Test func theWordIsAPageOrTheSummaryOrRefusedNamingTheChoices() throws {
    #expect(try ShareDocument(checking: "er") == .page(.er))
    #expect(try ShareDocument(checking: "mar") == .page(.mar))
    #expect(try ShareDocument(checking: "fhir-ips") == .patientSummary)
    #expect {
      try ShareDocument(checking: "ips")
    } throws: { error in
      (error as? PaperError)?.message
        == "the document is er, meds, falls, card, mar or fhir-ips, not 'ips'"
    }
    // The words `share --help` offers are the ones it takes, each once.
    #expect(ShareDocument.words == ["er", "meds", "falls", "card", "mar", "fhir-ips"])
    for word in ShareDocument.words { _ = try ShareDocument(checking: word) }
  }

  @Test func theSummaryGoesIntoTheFolderByDateAndIsLoggedAsAShare() throws {
    let fixture = try KitFixture()
    try FileManager.default.createDirectory(
      atPath: fixture.folder + "/usb", withIntermediateDirectories: false)
    let session = try fixture.session()
    let target = try ShareTarget(folder: "usb", name: nil, host: fixture.host)
    let today = fixture.now.utcDate
    let path = try session.shareSummary("agnes", to: target, today: today)
    #expect(path == fixture.folder + "/usb/international-patient-summary-\(today.iso).json")
    let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
    #expect(String(decoding: bytes, as: UTF8.self).contains("\"resourceType\""))
    let again = try session.shareSummary("agnes", to: target, today: today)
    #expect(again == fixture.folder + "/usb/international-patient-summary-\(today.iso)-2.json")
    let rows = try session.store.accessLog(patient: "p-agnes-01")
    #expect(!rows.isEmpty && rows.allSatisfy { $0.entry.action == .share })
    #expect(rows.filter { $0.entry.outcome == .completed }.count == 2)
  }
}
