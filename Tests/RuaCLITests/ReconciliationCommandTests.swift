// SPDX-License-Identifier: Apache-2.0
import Foundation
import RuaCLI
import RuaCLITestSupport
import RuaTestSupport
import Testing

/// `import --dry-run`'s reconciliation table (issue 28), against a real store.
@Suite("import dry-run reconciliation")
struct ReconciliationCommandTests {
  static func circle(medications: String, allergies: String, conditions: String = "[]") -> String {
    """
    {"format": "rua-care-circle", "version": 1, "exportedAt": "2026-11-01T10:00:00Z",
     "patients": [
      {"id": "p-robert", "fullName": "Robert Alvarez", "dateOfBirth": "1941-03-09",
       "allergies": \(allergies), "conditions": \(conditions), "medications": \(medications)},
      {"id": "p-maria", "fullName": "María Núñez", "dateOfBirth": "1938-12-24",
       "noKnownAllergies": true}]}
    """
  }

  static let stored = circle(
    medications: """
      [{"id": "m-warfarin", "name": "warfarin", "strength": "5 mg", "times": ["evening"],
        "fills": [{"fillDate": "2026-10-20", "daySupply": 30}]},
       {"id": "m-lisinopril", "name": "lisinopril", "strength": "10 mg"},
       {"id": "m-atorvastatin", "name": "atorvastatin", "strength": "20 mg"},
       {"id": "m-metformin", "name": "metformin", "strength": "500 mg"}]
      """,
    allergies: #"[{"substance": "penicillin", "reaction": "hives", "severity": "severe"}]"#)

  /// A discharge summary: warfarin's strength and time changed, lisinopril left out, metformin
  /// stopped, two new medicines (one already stopped), a new first allergy, a condition.
  static let discharge = circle(
    medications: """
      [{"id": "m-warfarin", "name": "warfarin", "strength": "2.5 mg", "times": ["morning"],
        "fills": [{"fillDate": "2026-10-20", "daySupply": 30}]},
       {"id": "m-atorvastatin", "name": "atorvastatin", "strength": "20 mg"},
       {"id": "m-metformin", "name": "metformin", "strength": "500 mg", "status": "stopped"},
       {"id": "m-metoprolol", "name": "metoprolol", "strength": "25 mg", "times": ["morning"]},
       {"id": "m-aspirin", "name": "aspirin", "strength": "81 mg", "status": "stopped"}]
      """,
    allergies: """
      [{"substance": "latex", "reaction": "rash"},
       {"substance": "penicillin", "reaction": "anaphylaxis", "severity": "severe"}]
      """,
    conditions: #"[{"name": "atrial fibrillation"}]"#)

  private func store() -> CLISandbox {
    let box = CLISandbox()
    box.write("stored.json", Self.stored)
    #expect(box.run(["init"] + box.storeFlags).code == .success)
    #expect(box.run(["import", "stored.json"] + box.storeFlags).code == .success)
    return box
  }

  @Test func aDischargeSummaryReadsAsNewStoppedChangedAndNotInTheFile() {
    let box = store()
    box.write("discharge.json", Self.discharge)
    let before = box.hash(box.database)
    let dry = box.run(["import", "discharge.json", "--dry-run"] + box.storeFlags)
    #expect(dry.code == .success, "\(dry.stderr)")
    let lines = dry.stdout.split(separator: "\n").map(String.init)
    let expected = [
      "Robert Alvarez (p-robert)",
      "  Medicines",
      "    CHANGED     warfarin 2.5 mg: strength 5 mg -> 2.5 mg; times evening -> morning",
      "    STOPPED     metformin 500 mg: status active -> stopped",
      "    NEW         metoprolol 25 mg",
      "    STOPPED     aspirin 81 mg (stopped in the file)",
      "    NOT IN FILE lisinopril 10 mg (in the store, not in the file; the import removes it)",
      "    UNCHANGED   1: atorvastatin 20 mg",
      "  Allergies",
      "    ADDED       latex",
      "    CHANGED     penicillin: reaction hives -> anaphylaxis",
      "  Conditions",
      "    ADDED       atrial fibrillation",
    ]
    let start = lines.firstIndex(of: expected[0]) ?? 0
    #expect(Array(lines.dropFirst(start).prefix(expected.count)) == expected, "\(dry.stdout)")
    // María's record has nothing to compare, so she has no block; the summary line follows.
    #expect(!dry.stdout.contains("María Núñez ("))
    #expect(dry.stdout.hasSuffix("dry run, nothing written: 2 patients: 1 updated, 1 unchanged\n"))
    #expect(box.hash(box.database) == before)
  }

  /// "No known allergies" is a patient field, not an allergy row, yet it is what changes when a
  /// discharge summary says no known allergies for a record that lists some, or the reverse.
  @Test func noKnownAllergiesIsReadLikeAnAllergy() {
    let box = store()
    box.write(
      "swapped.json",
      Self.circle(medications: "[]", allergies: "[]")
        .replacingOccurrences(
          of: #""allergies": [], "conditions""#, with: #""noKnownAllergies": true, "conditions""#
        )
        .replacingOccurrences(
          of: #""noKnownAllergies": true}]}"#,
          with: #""allergies": [{"substance": "latex"}]}]}"#))
    let before = box.hash(box.database)
    let dry = box.run(["import", "swapped.json", "--dry-run"] + box.storeFlags)
    #expect(dry.code == .success, "\(dry.stderr)")
    let text = dry.stdout
    // Robert: the store lists penicillin; the file says no known allergies.
    #expect(text.contains("  Allergies\n    ADDED       no known allergies\n"), "\(text)")
    #expect(text.contains("    NOT IN FILE penicillin (in the store, not in the file"), "\(text)")
    // María: the store said no known allergies; the file lists latex.
    #expect(text.contains("María Núñez (p-maria)"), "\(text)")
    #expect(
      text.contains(
        "    NOT IN FILE no known allergies (in the store, not in the file; the import removes it)\n"
          + "    ADDED       latex"), "\(text)")
    #expect(box.hash(box.database) == before)
  }

  @Test func aRefusedImportShowsTheTableThenTheRefusal() {
    let box = store()
    #expect(box.run(["export", "-o", "before.json"] + box.storeFlags).code == .success)
    let fill = box.run(
      ["fill", "robert", "warfarin", "--days", "30"] + box.storeFlags, now: box.now + 3600)
    #expect(fill.code == .success, "\(fill.stderr)")
    let dry = box.run(["import", "before.json", "--dry-run"] + box.storeFlags, now: box.now + 7200)
    #expect(dry.code == .dataError)
    #expect(
      dry.stdout.contains("    UNCHANGED   4: warfarin 5 mg, lisinopril 10 mg"), "\(dry.stdout)")
    #expect(!dry.stdout.contains("nothing written:"))
    #expect(dry.stderr.contains("dry run: the import would be refused"), "\(dry.stderr)")
  }

  @Test func aFHIRBundleIntoAnEmptyStoreListsEveryMedicineAsNew() throws {
    let box = CLISandbox()
    #expect(box.run(["init"] + box.storeFlags).code == .success)
    let bundle = PackageRoot.file("Tests/Fixtures/fhir/bundle-minimal.json")
    let dry = box.run(["import", bundle, "--dry-run"] + box.storeFlags)
    #expect(dry.code == .success, "\(dry.stderr)")
    #expect(dry.stdout.contains("reconciliation (what the file would change"), "\(dry.stdout)")
    #expect(dry.stdout.contains("  Medicines\n    NEW         "), "\(dry.stdout)")
    #expect(!dry.stdout.contains("NOT IN FILE"))
  }
}
