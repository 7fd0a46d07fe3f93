// SPDX-License-Identifier: Apache-2.0
import Foundation
import RuaCLI
import RuaCLITestSupport
import RuaCore
import RuaTestSupport
import Testing

@Suite("meds command")
struct MedsCommandTests {
  /// Fictional people: two whose names start alike, one with no medicines.
  static let circle = """
    {
      "format": "rua-care-circle",
      "version": 1,
      "patients": [
        {
          "id": "p-robert", "fullName": "Robert Alvarez", "preferredName": "Bob",
          "dateOfBirth": "1941-03-09",
          "medications": [
            { "id": "m-warfarin", "name": "warfarin sodium", "strength": "5 mg",
              "fills": [{ "fillDate": "2026-10-20", "daySupply": 30 }] },
            { "id": "m-oxy", "name": "oxycodone HCl", "asNeeded": true },
            { "id": "m-lisinopril", "name": "lisinopril", "strength": "10 mg",
              "fills": [{ "fillDate": "2026-09-01", "daySupply": 90 },
                        { "fillDate": "2026-11-10", "daySupply": 90 }] },
            { "id": "m-old", "name": "zolpidem", "status": "stopped" }
          ]
        },
        { "id": "p-roberta", "fullName": "Roberta Alvarez", "dateOfBirth": "1944-06-01" },
        { "id": "p-maria", "fullName": "María Núñez", "dateOfBirth": "1938-12-24",
          "noKnownAllergies": true }
      ]
    }
    """

  private func sandbox() -> CLISandbox {
    let box = CLISandbox()
    #expect(box.run(["init"] + box.storeFlags).code == .success)
    box.write("circle.json", Self.circle)
    #expect(box.run(["import", "circle.json"] + box.storeFlags).code == .success)
    return box
  }

  @Test func jsonListsCurrentMedicinesMostUrgentFirst() throws {
    let box = sandbox()
    let result = box.run(
      ["meds", "p-robert", "--format", "json", "--templates", PackageRoot.templates]
        + box.storeFlags)
    #expect(result.code == .success, "\(result.stderr)")
    let json = try JSONParser.parse(result.stdout)
    #expect(json["today"] == .string("2026-11-18"))
    #expect(json["patient"]?["age"] == .int(85))
    let meds = try #require(json["medications"]?.arrayValue)
    #expect(meds.compactMap { $0["id"]?.stringValue } == ["m-warfarin", "m-lisinopril", "m-oxy"])
    #expect(meds[0]["status"] == .string("urgent"))
    #expect(meds[0]["runOutDate"] == .string("2026-11-19"))
    #expect(meds[0]["daysRemaining"] == .int(1))
    #expect(meds[0]["flags"] == .array([.string("anticoagulant")]))
    #expect(meds[1]["lastFillDate"] == .string("2026-11-10"))
    #expect(meds[2]["status"] == .string("as-needed"))
    #expect(meds[2]["runOutDate"] == .null)
    #expect(meds[2]["flags"] == .array([.string("high-alert"), .string("fall-risk")]))
  }

  @Test func textByPreferredNameWithAChosenDay() {
    let box = sandbox()
    let result = box.run(
      ["meds", "bob", "--today", "2026-11-25", "--templates", PackageRoot.templates]
        + box.storeFlags)
    #expect(result.code == .success, "\(result.stderr)")
    #expect(
      result.stdout == """
        Robert Alvarez, born 1941-03-09 (age 85), as of 2026-11-25
        status     runs out    days  medication            flags
        overdue    2026-11-19    -6  warfarin sodium 5 mg  anticoagulant
        ok         2027-02-08    75  lisinopril 10 mg
        as-needed  -              -  oxycodone HCl         high-alert, fall-risk

        """)
  }

  @Test func theTemplatesFolderIsFoundBesideThePackage() {
    let box = sandbox()
    let result = box.run(["meds", "maría", "--format", "text"] + box.storeFlags)
    #expect(result.code == .success, "\(result.stderr)")
    #expect(result.stdout.hasSuffix("No current medications recorded.\n"))
  }

  @Test func anAmbiguousNameListsTheMatches() {
    let box = sandbox()
    let result = box.run(["meds", "rob", "--templates", PackageRoot.templates] + box.storeFlags)
    #expect(result.code == .usage)
    #expect(result.stderr.contains("p-robert  Robert Alvarez"))
    #expect(result.stderr.contains("p-roberta  Roberta Alvarez"))
    #expect(result.stdout.isEmpty)
  }

  @Test(arguments: [
    (["meds", "nobody"], "no patient with the id or name 'nobody'"),
    (["meds"], "exactly one PATIENT"),
    (["meds", "p-robert", "p-maria"], "exactly one PATIENT"),
    (["meds", "p-robert", "--format", "xml"], "--format takes text or json"),
    (["meds", "p-robert", "--today", "2026-02-30"], "--today must be a calendar date"),
  ])
  func refusesBadArguments(arguments: [String], message: String) {
    let box = sandbox()
    let result = box.run(arguments + ["--templates", PackageRoot.templates] + box.storeFlags)
    #expect(result.code == .usage)
    #expect(result.stderr.contains(message), "\(result.stderr)")
    #expect(result.stdout.isEmpty)
  }

  @Test func aBrokenDrugTableIsRefusedWithItsPath() {
    let box = sandbox()
    box.write("broken/drug-classes.json", #"{"format": "rua-drug-classes", "contentVersion": 1}"#)
    let broken = box.run(["meds", "p-robert", "--templates", "broken"] + box.storeFlags)
    #expect(broken.code == .dataError)
    #expect(broken.stderr.contains("broken/drug-classes.json: contentVersion: must be"))

    let missing = box.run(["meds", "p-robert", "--templates", "nowhere"] + box.storeFlags)
    #expect(missing.code == .noInput)
    #expect(missing.stderr.contains("the templates folder nowhere does not exist"))

    box.write("empty/.keep", "")
    let absent = box.run(["meds", "p-robert", "--templates", "empty"] + box.storeFlags)
    #expect(absent.code == .noInput)
    #expect(absent.stderr.contains("empty/drug-classes.json is missing"))
  }

  @Test func withoutAStoreItSaysSo() {
    let box = CLISandbox()
    let result = box.run(
      ["meds", "p-robert", "--templates", PackageRoot.templates] + box.storeFlags)
    #expect(result.code == .noInput)
    #expect(result.stdout.isEmpty)
  }

  @Test func helpDescribesTheCommand() {
    let result = CLISandbox().run(["meds", "--help"])
    #expect(result.code == .success)
    #expect(result.stdout.contains("usage: rua-paper meds PATIENT"))
    #expect(result.stdout.contains("--today YYYY-MM-DD"))
  }
}
