// SPDX-License-Identifier: Apache-2.0
import Foundation
import RuaCLI
import RuaCLITestSupport
import RuaCore
import RuaTestSupport
import Testing

/// `med hold --on --until --reason`, `med resume`, `med set --min-interval` and the MAR's
/// "changes since the last sheet": a real encrypted store, the real PDFs read back with poppler.
@Suite("dated holds from the command line")
struct HoldCommandTests {
  static let circle = """
    {
      "format": "rua-care-circle", "version": 1, "exportedAt": "2026-11-01T10:00:00Z",
      "patients": [
        { "id": "p-agnes", "fullName": "Agnes Dore", "dateOfBirth": "1940-05-02",
          "noKnownAllergies": true,
          "medications": [
            { "id": "m-aspirin", "name": "aspirin", "strength": "81 mg", "times": ["morning"],
              "instructions": "Do not skip doses.", "startDate": "2026-01-10",
              "fills": [{ "fillDate": "2026-11-01", "daySupply": 90 }] },
            { "id": "m-donepezil", "name": "donepezil", "strength": "5 mg", "dose": "1 tablet",
              "times": ["bedtime"], "fills": [{ "fillDate": "2026-11-01", "daySupply": 30 }] },
            { "id": "m-lorazepam", "name": "lorazepam", "strength": "0.5 mg",
              "times": ["bedtime"], "fills": [{ "fillDate": "2026-11-01", "daySupply": 30 }] },
            { "id": "m-apap", "name": "acetaminophen", "asNeeded": true,
              "asNeededReason": "pain", "maxPerDay": "6 tablets" }
          ] }
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

  private var docs: [String] { ["--templates", PackageRoot.templates] }

  private func plain(_ text: String) -> String {
    text.replacingOccurrences(of: "\u{00A0}", with: " ")
      .split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }

  @Test func aDatedHoldFromHoldToResume() throws {
    let box = store()
    // Today is 2026-11-18 in the sandbox.
    let hold = box.run(
      [
        "med", "hold", "Agnes", "aspirin", "--on", "2026-11-16", "--until", "2026-11-21",
        "--reason", "dental extraction",
      ] + box.storeFlags, now: box.now + 60)
    #expect(hold.code == .success, "\(hold.stderr)")
    #expect(
      hold.stdout.contains("hold_since: 2026-11-16, hold_until: 2026-11-21"), "\(hold.stdout)")
    #expect(hold.stdout.contains("on hold since 2026-11-16 until 2026-11-21 (dental extraction)"))

    let meds = try JSONParser.parse(
      box.run(["meds", "Agnes", "--format", "json"] + box.storeFlags).stdout)
    let aspirin = meds["medications"]?.arrayValue?.first { $0["id"]?.stringValue == "m-aspirin" }
    #expect(aspirin?["hold"]?["since"]?.stringValue == "2026-11-16")
    #expect(aspirin?["hold"]?["until"]?.stringValue == "2026-11-21")
    #expect(aspirin?["hold"]?["reason"]?.stringValue == "dental extraction")
    #expect(aspirin?["hold"]?["dueToEnd"] == .bool(false))
    #expect(aspirin?["daysRemaining"] == .null)

    // The MAR of the week from Nov 15: held Nov 16 to 21, boxes on the 15th and the 22nd.
    let mar = box.run(
      ["mar", "Agnes", "--week-of", "2026-11-15", "-o", "mar.pdf"] + docs + box.storeFlags,
      now: box.now + 120)
    #expect(mar.code == .success, "\(mar.stderr)")
    let marText = plain(try PDFText.of(box.file("mar.pdf")))
    // (poppler reads the table's cells out of order: each part on its own.)
    #expect(marText.contains("On hold since Nov 16, 2026"), "\(marText)")
    #expect(marText.contains("until Nov 21, 2026 (dental extraction)"))
    #expect(marText.contains("When resumed: Do not skip doses."))
    let held = marText.components(separatedBy: "H — do not give").count - 1
    #expect(held == 6, "\(marText)")

    // The export carries the hold; a fresh store imports it back the same.
    #expect(box.run(["export", "-o", "out.json"] + box.storeFlags).code == .success)
    let exported = try JSONParser.parse(
      try String(contentsOfFile: box.file("out.json"), encoding: .utf8))
    let written = exported["patients"]?.arrayValue?.first?["medications"]?.arrayValue?.first {
      $0["id"]?.stringValue == "m-aspirin"
    }
    #expect(written?["hold"]?["since"]?.stringValue == "2026-11-16")
    #expect(written?["hold"]?["until"]?.stringValue == "2026-11-21")
    #expect(written?["hold"]?["reason"]?.stringValue == "dental extraction")
    let other = CLISandbox()
    try FileManager.default.copyItem(atPath: box.file("out.json"), toPath: other.file("in.json"))
    #expect(other.run(["init"] + other.storeFlags).code == .success)
    #expect(other.run(["import", "in.json"] + other.storeFlags).code == .success)
    let again = try JSONParser.parse(
      other.run(["meds", "Agnes", "--format", "json"] + other.storeFlags).stdout)
    #expect(
      again["medications"]?.arrayValue?.first { $0["id"]?.stringValue == "m-aspirin" }?["hold"]
        == aspirin?["hold"])

    // After Nov 21 the documents say it was due to end, and meds says so too.
    let late = box.run(
      ["er", "Agnes", "-o", "er.pdf", "--today", "2026-11-25"] + docs + box.storeFlags,
      now: box.now + 180)
    #expect(late.code == .success, "\(late.stderr)")
    let erText = plain(try PDFText.of(box.file("er.pdf")))
    #expect(erText.contains("the hold was due to end on Nov 21, 2026: check with the prescriber"))
    let due = try JSONParser.parse(
      box.run(["meds", "Agnes", "--format", "json", "--today", "2026-11-25"] + box.storeFlags)
        .stdout)
    #expect(
      due["medications"]?.arrayValue?.first { $0["id"]?.stringValue == "m-aspirin" }?["hold"]?[
        "dueToEnd"] == .bool(true))

    // Resume: active again, the hold gone from the record.
    let resume = box.run(
      ["med", "resume", "Agnes", "aspirin"] + box.storeFlags, now: box.now + 240)
    #expect(resume.code == .success, "\(resume.stderr)")
    #expect(resume.stdout.contains("hold_since: 2026-11-16 -> (none)"), "\(resume.stdout)")
    let after = try JSONParser.parse(
      box.run(["meds", "Agnes", "--format", "json"] + box.storeFlags).stdout)
    #expect(
      after["medications"]?.arrayValue?.first { $0["id"]?.stringValue == "m-aspirin" }?["hold"]
        == .null)
  }

  @Test(arguments: [
    (["--on", "2026-11-19"], "hold.since: must not be after today (2026-11-18)", "--on"),
    (
      ["--on", "2026-11-10", "--until", "2026-11-09"],
      "hold.until: must not be before hold.since (2026-11-10)", "--until"
    ),
    (["--until", "2027-11-20"], "hold.until: must be at most 366 days after", "--until"),
    (["--on", "2026-01-01"], "hold.since: must not be before the medicine's startDate", "--on"),
  ])
  func aHoldOutOfBoundsIsRefusedAndChangesNothing(
    options: [String], message: String, option: String
  ) throws {
    let box = store()
    let before = box.hash(box.database)
    let refused = box.run(["med", "hold", "Agnes", "aspirin"] + options + box.storeFlags)
    #expect(refused.code == .dataError, "\(refused.stderr)")
    #expect(refused.stderr.contains(message), "\(refused.stderr)")
    #expect(refused.stderr.contains("(\(option)); nothing was changed"), "\(refused.stderr)")
    #expect(box.hash(box.database) == before)
  }

  @Test func untilIsOnlyForHold() {
    let box = store()
    let refused = box.run(
      ["med", "stop", "Agnes", "aspirin", "--until", "2026-11-20"] + box.storeFlags)
    #expect(refused.code == .usage, "\(refused.stderr)")
    #expect(refused.stderr.contains("--until is for 'med hold'"))
  }

  @Test func theLeastTimeBetweenDosesIsSetAndPrinted() throws {
    let box = store()
    let set = box.run(
      ["med", "set", "Agnes", "acetaminophen", "--min-interval", "6h"] + box.storeFlags)
    #expect(set.code == .success, "\(set.stderr)")
    #expect(set.stdout.contains("min_interval_minutes: 360"), "\(set.stdout)")
    let mar = box.run(["mar", "Agnes", "-o", "mar.pdf"] + docs + box.storeFlags)
    #expect(mar.code == .success, "\(mar.stderr)")
    let text = plain(try PDFText.of(box.file("mar.pdf")))
    #expect(text.contains("6 tablets 6 h") || text.contains("6 tablets 6h"), "\(text)")
    let bad = box.run(
      ["med", "set", "Agnes", "acetaminophen", "--min-interval", "ten"] + box.storeFlags)
    #expect(bad.code == .dataError, "\(bad.stderr)")
  }

  @Test func theMARListsTheChangesSinceTheLastSheet() throws {
    let box = store()
    let first = box.run(["mar", "Agnes", "-o", "first.pdf"] + docs + box.storeFlags)
    #expect(first.code == .success, "\(first.stderr)")
    let firstText = plain(try PDFText.of(box.file("first.pdf")))
    #expect(firstText.contains("No earlier sheet of this record was printed"), "\(firstText)")

    // The access log stamps its rows with the system clock; the edits after the sheet are
    // written a few seconds later by it: a new medicine, one stopped, one dose changed.
    let later = Int64(Date().timeIntervalSince1970) + 5
    let edits: [[String]] = [
      ["med", "add", "Agnes", "--name", "vitamin D", "--times", "morning"],
      ["med", "stop", "Agnes", "lorazepam"],
      ["med", "set", "Agnes", "donepezil", "--dose", "2 tablets"],
    ]
    for edit in edits {
      let result = box.run(edit + box.storeFlags, now: later)
      #expect(result.code == .success, "\(edit): \(result.stderr)")
    }
    let second = box.run(
      ["mar", "Agnes", "-o", "second.pdf"] + docs + box.storeFlags, now: later + 10)
    #expect(second.code == .success, "\(second.stderr)")
    let text = plain(try PDFText.of(box.file("second.pdf")))
    #expect(text.contains("Since the sheet printed"), "\(text)")
    #expect(text.contains("New: vitamin D"), "\(text)")
    #expect(text.contains("Stopped: lorazepam"))
    #expect(text.contains("Dose changed: donepezil"))
  }
}
