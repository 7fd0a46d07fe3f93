// SPDX-License-Identifier: Apache-2.0
import Foundation
import RuaCore
import RuaDocuments
import RuaPaperKit
import RuaStore
import RuaVisual
import Testing

/// `batch --resume` keeps a file only when it is the document this run would make (issue 34):
/// the bytes the access log recorded for that file and patient, mode 0600, never a link, made
/// from the record as it is now. The manifest alone is not trusted.
@Suite struct BatchResumeTests {
  let fixture: KitFixture
  let session: Session
  var out: String { fixture.folder + "/out" }

  init() throws {
    fixture = try KitFixture()
    session = try fixture.session()
  }

  @discardableResult
  func batch(resume: Bool = false) throws -> BatchOutcome {
    let outcome = try session.batch(
      BatchRequest(
        all: true, kinds: [.er, .meds], folder: out, resume: resume,
        settings: try fixture.settings()))
    #expect(outcome.failures.isEmpty, "\(outcome.failures.map(\.error.message))")
    return outcome
  }

  func bytes(_ name: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: URL(fileURLWithPath: out + "/" + name)))
  }

  func text(_ name: String) throws -> String {
    let document = try PDFDocument(path: out + "/" + name)
    return try (1...document.pageCount).map { try document.text(page: $0) }.joined()
  }

  /// The completed export rows written since `count` rows, by destination file name.
  func madeSince(_ count: Int) throws -> [String] {
    try session.store.accessLog().dropFirst(count).filter {
      $0.entry.outcome == AccessOutcome.completed
    }.compactMap { $0.entry.destination.map { String($0.split(separator: "/").last ?? "") } }
      .sorted()
  }

  var manifestPath: String { out + "/manifest.json" }

  func manifest() throws -> JSON {
    try JSONParser.parse([UInt8](try Data(contentsOf: URL(fileURLWithPath: manifestPath))))
  }

  /// Rewrites manifest.json with `edit` applied to each document entry.
  func editManifest(_ edit: (inout [(key: String, value: JSON)]) -> Void) throws {
    guard case .object(var members) = try manifest() else { return }
    let index = try #require(members.firstIndex { $0.key == "documents" })
    let documents = try #require(members[index].value.arrayValue).map { entry in
      guard case .object(var fields) = entry else { return entry }
      edit(&fields)
      return JSON.object(fields)
    }
    members[index].value = .array(documents)
    try Data(JSONWriter.write(.object(members)).utf8).write(to: URL(fileURLWithPath: manifestPath))
  }

  @Test func aStoppedMedicineRemakesThatPatientsDocumentsOnResume() throws {
    try batch()
    let sheet = try bytes("p-agnes-01-er-sheet.pdf")
    let edit = try session.edit("p-agnes-01")
    let medicine = try edit.medication("apixaban")
    _ = try edit.commit(
      .setStatus(medicationID: medicine.id, .stopped, stoppedDate: .string(edit.today.iso)),
      command: "med stop", dryRun: false, options: [:])
    let rows = try session.store.accessLog().count
    let outcome = try batch(resume: true)
    #expect(
      try madeSince(rows) == ["p-agnes-01-er-sheet.pdf", "p-agnes-01-medication-list.pdf"])
    #expect(outcome.resumed == 4, "the other two patients' documents are kept")
    #expect(try bytes("p-agnes-01-er-sheet.pdf") != sheet, "made from the record as it is now")
    #expect(
      fixture.notices.all.contains {
        $0.contains("making again 2 file(s)")
          && $0.contains("made from an earlier version of the record")
      }, "\(fixture.notices.all)")
    // Nothing changed since: everything is kept.
    let again = try session.store.accessLog().count
    #expect(try batch(resume: true).resumed == 6)
    #expect(try madeSince(again).isEmpty)
  }

  @Test func swappedFilesWithSwappedManifestHashesAreMadeAgain() throws {
    try batch()
    let agnes = "p-agnes-01-er-sheet.pdf"
    let tomasz = "p-tomasz-02-er-sheet.pdf"
    let (a, b) = (try bytes(agnes), try bytes(tomasz))
    try Data(b).write(to: URL(fileURLWithPath: out + "/" + agnes))
    try Data(a).write(to: URL(fileURLWithPath: out + "/" + tomasz))
    chmod(out + "/" + agnes, 0o600)
    chmod(out + "/" + tomasz, 0o600)
    try editManifest { fields in
      guard let index = fields.firstIndex(where: { $0.key == "sha256" }),
        let file = fields.first(where: { $0.key == "file" })?.value.stringValue
      else { return }
      if file == agnes { fields[index].value = .string(SHA256.hex(b)) }
      if file == tomasz { fields[index].value = .string(SHA256.hex(a)) }
    }
    let rows = try session.store.accessLog().count
    try batch(resume: true)
    #expect(try madeSince(rows) == [agnes, tomasz])
    #expect(try bytes(agnes) != b)
    #expect(try text(agnes).contains("Agnès"))
    #expect(!(try text(agnes).contains("Tomasz")))
  }

  @Test func aChangedPatientInTheManifestIsMadeAgain() throws {
    try batch()
    try editManifest { fields in
      guard
        fields.first(where: { $0.key == "file" })?.value.stringValue
          == "p-meiling-03-er-sheet.pdf",
        let index = fields.firstIndex(where: { $0.key == "patient" })
      else { return }
      fields[index].value = .string("p-agnes-01")
    }
    let rows = try session.store.accessLog().count
    try batch(resume: true)
    #expect(try madeSince(rows) == ["p-meiling-03-er-sheet.pdf"])
  }

  @Test func aFileOpenToOthersIsMadeAgainPrivate() throws {
    try batch()
    chmod(out + "/p-tomasz-02-medication-list.pdf", 0o644)
    let rows = try session.store.accessLog().count
    try batch(resume: true)
    #expect(try madeSince(rows) == ["p-tomasz-02-medication-list.pdf"])
    var info = stat()
    lstat(out + "/p-tomasz-02-medication-list.pdf", &info)
    #expect(info.st_mode & 0o777 == 0o600)
  }

  @Test func aLinkInPlaceOfAKeptFileStopsTheRunUntouched() throws {
    try batch()
    let name = out + "/p-agnes-01-er-sheet.pdf"
    let moved = fixture.folder + "/real.pdf"
    try FileManager.default.moveItem(atPath: name, toPath: moved)
    try FileManager.default.createSymbolicLink(atPath: name, withDestinationPath: moved)
    let rows = try session.store.accessLog().count
    let before = try manifest()
    #expect {
      try session.batch(
        BatchRequest(
          all: true, kinds: [.er, .meds], folder: out, resume: true,
          settings: try fixture.settings()))
    } throws: { error in
      (error as? PaperError)?.message.contains("p-agnes-01-er-sheet.pdf is a symbolic link")
        == true
    }
    #expect(try session.store.accessLog().count == rows, "nothing delivered")
    #expect(try manifest() == before)
  }

  @Test func aManifestWithoutTheRecordHashRemakesItsFiles() throws {
    try batch()
    try editManifest { fields in fields.removeAll { $0.key == "recordSHA256" } }
    let rows = try session.store.accessLog().count
    #expect(try batch(resume: true).resumed == 0)
    #expect(try madeSince(rows).count == 6)
  }
}
