// SPDX-License-Identifier: Apache-2.0
import Foundation
import RuaCLI
import RuaCLITestSupport
import RuaTestSupport
import Testing

@testable import RuaStore

/// Every command that takes a patient picks the same one (issue: `log "Ana Lee"` used to say
/// "ambiguous" where `er "Ana Lee"` printed Ana Lee's sheet).
@Suite("One patient picker for every command")
struct PatientPickerTests {
  private let templates = ["--templates", PackageRoot.templates]

  private func store() -> CLISandbox {
    let box = CLISandbox()
    box.write(
      "circle.json",
      """
      {"format": "rua-care-circle", "version": 1, "exportedAt": "2026-11-01T10:00:00Z",
       "patients": [
        {"id": "p-leeson", "fullName": "Ana Leeson", "dateOfBirth": "1941-01-01"},
        {"id": "p-lee", "fullName": "Ana Lee", "preferredName": "Nana",
         "dateOfBirth": "1940-01-01"}
      ]}
      """)
    #expect(box.run(["init"] + box.storeFlags).code == .success)
    let imported = box.run(["import", box.file("circle.json")] + box.storeFlags)
    #expect(imported.code == .success, "\(imported.stderr)")
    return box
  }

  @Test(arguments: ["Ana Lee", " ana lee ", "nana", "NANA", "p-lee"])
  func documentsMedsAndLogPickTheSamePatient(query: String) throws {
    let box = store()
    let sheet = box.run(["er", query, "-o", box.file("er.pdf")] + templates + box.storeFlags)
    #expect(sheet.code == .success, "\(sheet.stderr)")
    let meds = box.run(["meds", query, "--format", "json"] + templates + box.storeFlags)
    #expect(meds.code == .success, "\(meds.stderr)")
    #expect(meds.stdout.contains("\"p-lee\""))
    let log = box.run(["log", query, "--format", "json"] + box.storeFlags)
    #expect(log.code == .success, "\(log.stderr)")
    #expect(log.stdout.contains("\"p-lee\"") && !log.stdout.contains("p-leeson"))
  }

  @Test func anAmbiguousPrefixIsRefusedAlikeEverywhere() {
    let box = store()
    for command in [
      ["er", "ana", "-o", box.file("x.pdf")] + templates, ["meds", "ana"] + templates,
      ["log", "ana"],
    ] {
      let result = box.run(command + box.storeFlags)
      #expect(result.code == .usage, "\(command)")
      #expect(result.stderr.contains("matches 2 patients"), "\(command): \(result.stderr)")
      #expect(result.stderr.contains("p-lee") && result.stderr.contains("p-leeson"))
    }
    #expect(!FileManager.default.fileExists(atPath: box.file("x.pdf")))
  }
}
