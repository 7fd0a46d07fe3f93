// SPDX-License-Identifier: Apache-2.0
import Foundation
import Glibc
import RuaCLI
import RuaCLITestSupport
import RuaCore
import RuaPaperKit
import RuaTestSupport
import Testing

@testable import RuaStore

/// `fill`, `med`, `allergy`, `changes` and import's `--force`: a real encrypted store, the real
/// documents read back with poppler.
@Suite("edit commands")
struct EditCommandTests {
  /// One fictional patient; two metoprolol salts make "metoprolol" ambiguous.
  static let circle = """
    {
      "format": "rua-care-circle", "version": 1, "exportedAt": "2026-11-01T10:00:00Z",
      "patients": [
        { "id": "p-agnes", "fullName": "Agnes Dore", "dateOfBirth": "1940-05-02",
          "noKnownAllergies": true,
          "medications": [
            { "id": "m-apixaban", "name": "apixaban", "brand": "Eliquis", "strength": "5 mg",
              "times": ["morning", "evening"],
              "fills": [{ "fillDate": "2026-10-20", "daySupply": 30 }] },
            { "id": "m-aspirin", "name": "aspirin", "strength": "81 mg", "times": ["morning"],
              "fills": [{ "fillDate": "2026-11-01", "daySupply": 90 }] },
            { "id": "m-meto-er", "name": "metoprolol succinate ER", "strength": "25 mg",
              "fills": [{ "fillDate": "2026-11-01", "daySupply": 30 }] },
            { "id": "m-meto", "name": "metoprolol tartrate", "strength": "25 mg",
              "status": "stopped", "stoppedDate": "2026-06-01" }
          ] },
        { "id": "p-robert", "fullName": "Robert Alvarez", "dateOfBirth": "1941-03-09" }
      ]
    }
    """

  private func store() -> CLISandbox {
    let box = CLISandbox()
    box.write("circle.json", Self.circle)
    #expect(box.run(["init"] + box.storeFlags).code == .success)
    let imported = box.run(["import", "circle.json"] + box.storeFlags)
    #expect(imported.code == .success, "\(imported.stderr)")
    return box
  }

  private func open(_ box: CLISandbox) throws -> Store {
    try Store.open(StoreLocation(database: box.database, keyFile: box.keyFile), actor: .current())
  }

  private var user: String { "(uid \(getuid()))" }

  @Test func theDaughtersEvening() throws {
    let box = store()
    #expect(box.run(["export", "-o", "before.json"] + box.storeFlags).code == .success)

    // The refill: today's date and the last fill's 30 days, the run-out printed as meds has it.
    let fill = box.run(["fill", "Agnes", "eliquis"] + box.storeFlags, now: box.now + 3600)
    #expect(fill.code == .success, "\(fill.stderr)")
    #expect(fill.stdout.contains("fills insert  fill_date: 2026-11-18, day_supply: 30"))
    #expect(fill.stdout.contains("apixaban: runs out 2026-12-18, 30 days left (ok)"))

    let hold = box.run(
      ["med", "hold", "p-agnes", "aspirin", "--reason", "dental extraction Friday"]
        + box.storeFlags, now: box.now + 3700)
    #expect(hold.code == .success, "\(hold.stderr)")
    #expect(hold.stdout.contains("medications update  status: active -> on-hold"))
    #expect(hold.stdout.contains("aspirin: runs out 2027-01-30, 73 days left (ok); on hold"))

    // meds: the same run-out and days, and the hold.
    let meds = box.run(["meds", "Agnes", "--format", "json"] + box.storeFlags)
    let json = try JSONParser.parse(meds.stdout)
    let list = json["medications"]?.arrayValue ?? []
    let apixaban = list.first { $0["id"]?.stringValue == "m-apixaban" }
    #expect(apixaban?["runOutDate"]?.stringValue == "2026-12-18")
    #expect(apixaban?["daysRemaining"]?.intValue == 30)
    #expect(apixaban?["lastFillDate"]?.stringValue == "2026-11-18")
    let aspirin = list.first { $0["id"]?.stringValue == "m-aspirin" }
    #expect(aspirin?["medicationStatus"]?.stringValue == "on-hold")
    #expect(!list.contains { $0["id"]?.stringValue == "m-meto" })
    let text = box.run(["meds", "Agnes"] + box.storeFlags).stdout
    #expect(text.contains("2026-12-18    30  apixaban 5 mg"))
    #expect(text.contains("aspirin 81 mg, on hold since 2026-11-18 (dental extraction Friday)"))

    // The ER sheet and the medication list, as printed that evening.
    let docs = ["--templates", PackageRoot.templates, "--now", "2026-11-18T20:00:00Z"]
    let er = box.run(["er", "Agnes", "-o", "er.pdf"] + docs + box.storeFlags, now: box.now + 3800)
    #expect(er.code == .success, "\(er.stderr)")
    let erText = try PDFText.of(box.file("er.pdf"))
    #expect(erText.contains("aspirin") && erText.contains("ON HOLD"), "\(erText)")
    #expect(!erText.contains("tartrate"))
    let medsPDF = box.run(
      ["meds", "Agnes", "-o", "meds.pdf"] + docs + box.storeFlags, now: box.now + 3900)
    #expect(medsPDF.code == .success, "\(medsPDF.stderr)")
    let listText = try PDFText.of(box.file("meds.pdf"))
    #expect(listText.contains("Dec 18, 2026 30 days left"), "\(listText)")
    #expect(listText.contains("ON HOLD"))

    // log: the two documents; changes and change_log: who changed what, with which command.
    let log = box.run(["log", "Agnes"] + box.storeFlags).stdout
    #expect(log.contains("er-sheet") && log.contains("medication-list"))
    let changes = box.run(["changes", "Agnes"] + box.storeFlags).stdout
    #expect(changes.contains("fill  \(ChangeActorName.expected)"), "\(changes)")
    #expect(changes.contains("reason: dental extraction Friday"))
    let changesJSON = try JSONParser.parse(
      box.run(["changes", "Agnes", "--format", "json"] + box.storeFlags).stdout)
    let holdRow = changesJSON.arrayValue?.first { $0["command"]?.stringValue == "med hold" }
    #expect(holdRow?["reason"]?.stringValue == "dental extraction Friday")
    #expect(holdRow?["actor"]?.stringValue == ChangeActorName.expected)
    #expect(holdRow?["fields"]?.arrayValue?.first?["new"]?.stringValue == "on-hold")
    let edits = try open(box).changeLog(patient: "p-agnes").filter { $0.command != "import" }
    // The first edit makes the imported record current: it is no longer dated by the file.
    let dated = edits.filter { $0.entity == "patients" }
    #expect(dated.map(\.command) == ["fill"])
    #expect(dated.first?.fields.map(\.name) == ["source_date"])
    #expect(dated.first?.fields.first?.new == nil)
    let rows = edits.filter { $0.entity != "patients" }
    #expect(rows.map(\.command) == ["fill", "med hold"])
    #expect(rows.allSatisfy { $0.actor?.hasSuffix(user) == true })
    #expect(rows[0].entity == "fills" && rows[0].action == "insert")
    #expect(rows[0].fields.contains { $0.name == "fill_date" && $0.new == "2026-11-18" })
    #expect(rows[1].entity == "medications" && rows[1].action == "update")
    #expect(
      rows[1].fields == [
        PlannedChange.Field(name: "status", old: "active", new: "on-hold"),
        PlannedChange.Field(name: "hold_since", old: nil, new: "2026-11-18"),
        PlannedChange.Field(name: "hold_reason", old: nil, new: "dental extraction Friday"),
      ])
    #expect(rows[1].reason == "dental extraction Friday")

    // The export from before the evening would undo both: listed, refused, nothing written.
    let before = box.hash(box.database)
    let stale = box.run(["import", "before.json"] + box.storeFlags, now: box.now + 4000)
    #expect(stale.code == .dataError)
    #expect(stale.stderr.contains("fill of apixaban on 2026-11-18: would be removed"))
    #expect(stale.stderr.contains("medication aspirin: status: on-hold -> active"))
    #expect(stale.stderr.contains("--force"))
    #expect(box.hash(box.database) == before)
    // A fresh export carries the changes and imports as "unchanged".
    #expect(box.run(["export", "-o", "after.json"] + box.storeFlags).code == .success)
    let fresh = box.run(["import", "after.json"] + box.storeFlags, now: box.now + 4100)
    #expect(fresh.code == .success && fresh.stdout.contains("2 unchanged"), "\(fresh.stderr)")
    // --force imports the old file anyway, and says what it undid.
    let forced = box.run(["import", "before.json", "--force"] + box.storeFlags)
    #expect(forced.code == .success)
    // Three: the fill, the hold, and the file's date that the first edit cleared.
    #expect(forced.stderr.contains("would undo 3 newer changes"), "\(forced.stderr)")
    let after = try open(box).loadPatient(externalID: "p-agnes")
    #expect(after?.medications.first { $0.id == "m-aspirin" }?.status == .active)
  }

  @Test func refusalsChangeNoByteOfTheStore() throws {
    let box = store()
    let refusals: [([String], ExitCode, String)] = [
      (["fill", "Agnes", "warfarin"], .usage, "has no medicine with the id or name 'warfarin'"),
      (
        ["fill", "Agnes", "apixaban", "--on", "2026-02-30"], .dataError,
        "patients[0].medications[0].fills[1].fillDate: must be a calendar date written YYYY-MM-DD"
      ),
      (
        ["fill", "Agnes", "apixaban", "--on", "2026-11-19"], .dataError,
        "fills[1].fillDate: must not be after today (2026-11-18) (--on)"
      ),
      (
        ["fill", "Agnes", "apixaban", "--days", "0"], .dataError,
        "patients[0].medications[0].fills[1].daySupply: must be a whole number from 1 to 365 (--days)"
      ),
      (
        ["fill", "Agnes", "apixaban", "--days", "ten"], .dataError,
        "daySupply: must be a whole number from 1 to 365, not a string"
      ),
      (
        ["fill", "Agnes", "apixaban", "--quantity", "-3"], .dataError,
        "fills[1].quantity: must be a number greater than 0 and less than 100000 (--quantity)"
      ),
      (["fill", "Agnes", "metoprolol"], .usage, "'metoprolol' matches 2 medicines"),
      (["med", "stop", "Agnes", "metoprolol"], .usage, "m-meto-er  metoprolol succinate ER"),
      (
        ["med", "resume", "Agnes", "aspirin", "--on", "2026-11-10"], .usage,
        "--on is for 'med stop' and 'med hold'"
      ),
      (
        ["med", "stop", "Agnes", "aspirin", "--on", "2026-13-01"], .dataError,
        "medications[1].stoppedDate: must be a calendar date"
      ),
      (
        ["med", "add", "Agnes", "--name", "losartan", "--times", "lunch"], .dataError,
        "patients[0].medications[4].times[0]: must be one of: morning, noon, evening, bedtime"
      ),
      (["med", "add", "Agnes", "--strength", "5 mg"], .dataError, "name: is required"),
      (
        ["allergy", "add", "Agnes", "--substance", "sulfa", "--severity", "bad"], .dataError,
        "patients[0].allergies[0].severity: must be one of: mild, moderate, severe, unknown"
      ),
      (["fill", "Nobody", "apixaban"], .usage, "no patient with the id or name 'Nobody'"),
      // What import refuses, an edit refuses with the same message: text rules and fonts.
      (
        ["med", "add", "Agnes", "--name", "pill \u{1F48A}"], .dataError,
        "patients[0].medications[4].name: contains U+1F48A"
      ),
      (
        ["allergy", "add", "Agnes", "--substance", "sul\u{200F}fa"], .dataError,
        "patients[0].allergies[0].substance:"
      ),
    ]
    for (arguments, code, message) in refusals {
      let database = box.hash(box.database)
      let key = box.hash(box.keyFile)
      let result = box.run(arguments + box.storeFlags, now: box.now + 60)
      #expect(result.code == code, "\(arguments): \(result.stderr)")
      #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
      #expect(result.stdout.isEmpty, "\(arguments)")
      #expect(box.hash(box.database) == database, "\(arguments) changed the store")
      #expect(box.hash(box.keyFile) == key)
      #expect(!FileManager.default.fileExists(atPath: box.database + "-journal"))
    }
    let rows = try open(box).changeLog()
    #expect(rows.allSatisfy { $0.command == "import" })
  }

  @Test func aDryRunShowsTheChangeAndTheRunOutAndWritesNothing() {
    let box = store()
    let before = box.hash(box.database)
    let dry = box.run(
      ["fill", "Agnes", "m-apixaban", "--on", "2026-11-10", "--days", "90", "--dry-run"]
        + box.storeFlags)
    #expect(dry.code == .success, "\(dry.stderr)")
    #expect(dry.stdout.contains("dry run, nothing written; would record:"))
    #expect(dry.stdout.contains("fill_date: 2026-11-10, day_supply: 90"))
    #expect(dry.stdout.contains("runs out 2027-02-08, 82 days left (ok)"))
    for arguments in [
      ["med", "stop", "Agnes", "aspirin", "--dry-run"],
      ["med", "add", "Agnes", "--name", "losartan", "--dry-run"],
      ["allergy", "add", "Agnes", "--substance", "sulfa", "--dry-run"],
    ] {
      let result = box.run(arguments + box.storeFlags)
      #expect(result.code == .success, "\(arguments): \(result.stderr)")
      #expect(result.stdout.contains("would record"), "\(arguments)")
    }
    #expect(box.hash(box.database) == before)
  }

  @Test func stopAddAndAllergyReachTheRecord() throws {
    let box = store()
    let stop = box.run(
      ["med", "stop", "Agnes", "apixaban", "--on", "2026-11-17"] + box.storeFlags)
    #expect(stop.code == .success, "\(stop.stderr)")
    #expect(stop.stdout.contains("stopped_date: 2026-11-17"))
    let again = box.run(["med", "stop", "Agnes", "apixaban"] + box.storeFlags)
    #expect(again.code == .success && again.stdout.contains("already stopped"))
    let resume = box.run(["med", "resume", "Agnes", "m-apixaban"] + box.storeFlags)
    #expect(resume.stdout.contains("status: stopped -> active, stopped_date: 2026-11-17 -> (none)"))

    let add = box.run(
      [
        "med", "add", "Agnes", "--name", "Losartan potassium", "--strength", "50 mg",
        "--schedule", "once daily", "--times", "morning,evening",
      ] + box.storeFlags)
    #expect(add.code == .success, "\(add.stderr)")
    #expect(add.stdout.contains("added m-losartan-potassium  Losartan potassium 50 mg"))
    #expect(add.stdout.contains("no fill recorded"))
    // Found by its generic name without the salt word.
    let fill = box.run(["fill", "Agnes", "losartan", "--days", "30"] + box.storeFlags)
    #expect(fill.stdout.contains("runs out 2026-12-18, 30 days left"), "\(fill.stderr)")

    let allergy = box.run(
      [
        "allergy", "add", "Agnes", "--substance", "sulfa", "--reaction", "rash", "--severity",
        "moderate",
      ] + box.storeFlags)
    #expect(allergy.code == .success, "\(allergy.stderr)")
    #expect(allergy.stdout.contains("no_known_allergies: 1 -> 0"))
    let agnes = try open(box).loadPatient(externalID: "p-agnes")
    #expect(
      agnes?.allergies == [Allergy(substance: "sulfa", reaction: "rash", severity: .moderate)])
    #expect(agnes?.noKnownAllergies == false)
    #expect(agnes?.medications.last?.times == [.morning, .evening])
    #expect(agnes?.medications.last?.fills.count == 1)
  }

  @Test func aStoppedMedicineLeavesEveryDocumentAtOnce() throws {
    let box = store()
    let docs = ["--templates", PackageRoot.templates, "--now", "2026-11-18T20:00:00Z"]
    func texts(_ tag: String) throws -> [String] {
      try ["er", "meds", "falls"].map { document in
        let file = "\(document)-\(tag).pdf"
        let result = box.run([document, "Agnes", "-o", file] + docs + box.storeFlags)
        #expect(result.code == .success, "\(document): \(result.stderr)")
        return try PDFText.of(box.file(file))
      }
    }
    let before = try texts("before")
    #expect(before[0].contains("apixaban") && before[1].contains("apixaban"))
    #expect(before[0].contains("BLOOD THINNER"))
    let stop = box.run(["med", "stop", "Agnes", "Eliquis"] + box.storeFlags)
    #expect(stop.code == .success, "\(stop.stderr)")
    for (document, text) in zip(["er", "meds", "falls"], try texts("after")) {
      #expect(!text.contains("apixaban") && !text.contains("Eliquis"), "\(document): \(text)")
    }
  }

  @Test func everyEditCommandHasHelp() {
    let box = CLISandbox()
    for command in ["fill", "med", "allergy", "changes"] {
      let help = box.run([command, "--help"])
      #expect(help.code == .success)
      #expect(help.stdout.hasPrefix("usage: rua-paper \(command)"), "\(help.stdout)")
      #expect(help.stdout.contains("--dry-run") || command == "changes")
    }
    let overview = box.run(["--help"]).stdout
    for command in ["fill", "med", "allergy", "changes"] {
      #expect(overview.contains("  \(command) "))
    }
  }
}

/// The user name `changes` prints, looked up as the command does.
enum ChangeActorName {
  static var expected: String {
    guard let entry = getpwuid(getuid()), let name = entry.pointee.pw_name else {
      return "uid \(getuid())"
    }
    return "\(String(cString: name)) (uid \(getuid()))"
  }
}
