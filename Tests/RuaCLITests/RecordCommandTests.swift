// SPDX-License-Identifier: Apache-2.0
import Foundation
import RuaCLI
import RuaCLITestSupport
import RuaCore
import RuaPaperKit
import Testing

@testable import RuaStore

/// The record commands from argv: `patient set`, `contact`, `team`, `pharmacy`, `condition`,
/// `device`, `baseline`, `allergy set|remove`, `med set|remove`, on a real encrypted store.
@Suite("record commands")
struct RecordCommandTests {
  private func store() -> CLISandbox {
    let box = CLISandbox()
    box.write("circle.json", EditCommandTests.circle)
    #expect(box.run(["init"] + box.storeFlags).code == .success)
    #expect(box.run(["import", "circle.json"] + box.storeFlags).code == .success)
    return box
  }

  private func agnes(_ box: CLISandbox) throws -> Patient? {
    try Store.open(StoreLocation(database: box.database, keyFile: box.keyFile), actor: .current())
      .loadPatient(externalID: "p-agnes")
  }

  @Test func aCaregiverKeepsTheWholeRecordWithCommands() throws {
    let box = store()
    let steps: [[String]] = [
      [
        "patient", "set", "Agnes", "--weight", "61 kg", "--language", "Spanish", "--sex", "F",
        "--code-status", "DNR", "--directive-location", "kitchen drawer",
      ],
      [
        "contact", "add", "Agnes", "--name", "Lucía Dore", "--relation", "daughter",
        "--phone", "555-0101", "--roles", "POA,emergency",
      ],
      ["contact", "add", "Agnes", "--name", "Paul Dore", "--phone", "555-0102"],
      ["contact", "move", "Agnes", "paul", "--to", "1"],
      ["team", "add", "Agnes", "--name", "Dr. Okafor", "--role", "primary care"],
      ["pharmacy", "set", "Agnes", "--name", "Sunrise Pharmacy", "--phone", "555-0140"],
      ["condition", "add", "Agnes", "--name", "atrial fibrillation", "--since", "2019"],
      ["device", "add", "Agnes", "--name", "pacemaker"],
      ["baseline", "set", "Agnes", "--mobility", "walker"],
      ["allergy", "add", "Agnes", "--substance", "sulfa", "--severity", "Severe"],
      ["med", "set", "Agnes", "eliquis", "--dose", "1 tablet", "--instructions", "with food"],
    ]
    for step in steps {
      let result = box.run(step + box.storeFlags)
      #expect(result.code == .success, "\(step): \(result.stderr)")
      #expect(result.stdout.hasPrefix("recorded:\n"), "\(step): \(result.stdout)")
    }
    let contacts = box.run(
      ["contact", "set", "Agnes", "lucia", "--alt-phone", "555-0109"]
        + box.storeFlags)
    #expect(
      contacts.stdout.contains(
        """
        Agnes Dore's contacts, in call order:
          1. Paul Dore; 555-0102
          2. Lucía Dore; daughter; 555-0101; 555-0109; poa, emergency
        """), "\(contacts.stdout)")
    let agnes = try #require(try self.agnes(box))
    #expect(agnes.weightKg == 61 && agnes.language == "es" && agnes.sex == .female)
    #expect(agnes.advanceDirective?.location == "kitchen drawer")
    #expect(agnes.contacts.map(\.name) == ["Paul Dore", "Lucía Dore"])
    #expect(agnes.careTeam.map(\.name) == ["Dr. Okafor"])
    #expect(agnes.pharmacy == Pharmacy(name: "Sunrise Pharmacy", phone: "555-0140"))
    #expect(agnes.conditions.map(\.name) == ["atrial fibrillation"])
    #expect(agnes.devices.map(\.name) == ["pacemaker"])
    #expect(agnes.baseline?.mobility == "walker")
    #expect(agnes.allergies == [Allergy(substance: "sulfa", severity: .severe)])
    #expect(agnes.medications[0].dose == "1 tablet")

    // The export holds it all, as import would read it back.
    #expect(box.run(["export", "-o", "after.json"] + box.storeFlags).code == .success)
    let exported = try CareCircleDecoder.decode(
      [UInt8](try Data(contentsOf: URL(fileURLWithPath: box.file("after.json")))),
      today: CivilDate(daysSinceEpoch: 20_775))
    #expect(exported.patients.first { $0.id == "p-agnes" } == agnes)

    // Removing: the medicine entered by mistake, the device, the duplicate-free allergy.
    let remove = box.run(["med", "remove", "Agnes", "aspirin"] + box.storeFlags)
    #expect(remove.stdout.contains("medications delete"), "\(remove.stderr)")
    #expect(box.run(["device", "remove", "Agnes", "1"] + box.storeFlags).code == .success)
    let gone = box.run(["pharmacy", "remove", "Agnes"] + box.storeFlags)
    #expect(gone.stdout.contains("Agnes Dore's pharmacy: none recorded"), "\(gone.stdout)")
    let after = try #require(try self.agnes(box))
    #expect(!after.medications.contains { $0.id == "m-aspirin" })
    #expect(after.devices.isEmpty && after.pharmacy == nil)
  }

  @Test func everyRefusalNamesTheOptionAndChangesNothing() throws {
    let box = store()
    #expect(
      box.run(["contact", "add", "Agnes", "--name", "Lucía", "--roles", "poa"] + box.storeFlags)
        .code == .success)
    #expect(
      box.run(["allergy", "add", "Agnes", "--substance", "sulfa"] + box.storeFlags).code
        == .success)
    let refusals: [([String], ExitCode, String)] = [
      (
        ["patient", "set", "Agnes", "--weight", "sixty"], .dataError,
        "patients[0].weightKg (--weight): \"sixty\" is not a weight; accepted: 61, 61 kg,"
          + " 61.5 kg or 134 lb; nothing was changed"
      ),
      (
        ["patient", "set", "Agnes", "--interpreter", "maybe"], .dataError,
        "interpreterNeeded (--interpreter): \"maybe\" is not yes or no"
      ),
      (
        ["patient", "set", "Agnes", "--language", "Klingon"], .dataError,
        "patients[0].language (--language): \"Klingon\" is not a language name rua-paper knows"
      ),
      (
        ["patient", "set", "Agnes", "--language", "e_s"], .dataError,
        "patients[0].language: must be a BCP 47 language tag"
      ),
      (
        ["patient", "set", "Agnes", "--born", "2030-01-01"], .dataError,
        "dateOfBirth: must not be after today"
      ),
      (["patient", "set", "Agnes"], .usage, "patient set needs at least one field to change"),
      (["patient", "remove", "Agnes"], .usage, "pass --yes to remove them"),
      (["patient", "drop", "Agnes"], .usage, "patient takes set, add or remove, not 'drop'"),
      (["patient", "set"], .usage, "patient set needs one PATIENT (0 given)"),
      (["patient", "set", "Nobody", "--weight", "60"], .usage, "no patient"),
      (
        ["contact", "add", "Agnes", "--roles", "poa,boss", "--name", "X"], .dataError,
        "contacts[1].roles[1]: must be one of"
      ),
      (["contact", "add", "Agnes", "--phone", "1"], .dataError, "contacts[1].name: is required"),
      (["contact", "set", "Agnes", "Bob", "--phone", "1"], .usage, "no contact numbered or named"),
      (["contact", "move", "Agnes", "1"], .usage, "contact move needs --to N"),
      (["contact", "move", "Agnes", "1", "--to", "3"], .usage, "--to must be a place from 1 to 1"),
      (["contact", "remove", "Agnes", "1", "--to", "1"], .usage, "--to is for 'contact move'"),
      (["contact", "call", "Agnes"], .usage, "contact takes add, set, remove or move, not 'call'"),
      (
        ["condition", "move", "Agnes", "1"], .usage,
        "condition takes add, set or remove, not 'move'"
      ),
      (["pharmacy", "set", "Agnes", "--phone", "555"], .dataError, "pharmacy.name: is required"),
      (["pharmacy", "remove", "Agnes"], .usage, "Agnes Dore has no pharmacy recorded"),
      (
        ["allergy", "add", "Agnes", "--substance", "Sulfa"], .dataError,
        "patients[0].allergies[1].substance: repeats allergies[0] exactly"
      ),
      (["allergy", "remove", "Agnes", "latex"], .usage, "has no allergy numbered or named"),
      (
        ["med", "set", "Agnes", "metoprolol", "--dose", "1"], .usage,
        "'metoprolol' matches 2 medicines"
      ),
      (
        ["med", "set", "Agnes", "apixaban", "--times", "lunch"], .dataError,
        "medications[0].times[0]: must be one of: morning, noon, evening, bedtime (--times)"
      ),
      (
        ["med", "set", "Agnes", "apixaban", "--name", "x"], .usage,
        "--name is for 'med add', not 'med set'"
      ),
      (
        ["med", "remove", "Agnes", "apixaban", "--dose", "1"], .usage,
        "--dose is for 'med add' and 'med set', not 'med remove'"
      ),
      (
        ["med", "hold", "Agnes", "apixaban", "--prescriber", "x"], .usage,
        "--prescriber is for 'med set', not 'med hold'"
      ),
      (["med", "set", "Agnes", "apixaban"], .usage, "med set needs at least one field"),
    ]
    for (arguments, code, message) in refusals {
      let database = box.hash(box.database)
      let result = box.run(arguments + box.storeFlags)
      #expect(result.code == code, "\(arguments): \(result.stderr)")
      #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
      #expect(result.stdout.isEmpty, "\(arguments)")
      #expect(box.hash(box.database) == database, "\(arguments) changed the store")
    }
  }

  @Test func aDryRunShowsTheChangeAndWritesNothing() {
    let box = store()
    let before = box.hash(box.database)
    for arguments in [
      ["patient", "set", "Agnes", "--weight", "134 lb", "--dry-run"],
      ["contact", "add", "Agnes", "--name", "Lucía", "--dry-run"],
      ["team", "add", "Agnes", "--name", "Dr. Okafor", "--dry-run"],
      ["baseline", "set", "Agnes", "--hearing", "hearing aid", "--dry-run"],
      ["med", "set", "Agnes", "aspirin", "--strength", "325 mg", "--dry-run"],
      ["med", "remove", "Agnes", "aspirin", "--dry-run"],
    ] {
      let result = box.run(arguments + box.storeFlags)
      #expect(result.code == .success, "\(arguments): \(result.stderr)")
      #expect(result.stdout.hasPrefix("dry run, nothing written; would record:"), "\(arguments)")
    }
    let weight = box.run(
      ["patient", "set", "Agnes", "--weight", "134 lb", "--dry-run"]
        + box.storeFlags)
    #expect(weight.stdout.contains("weight_kg: 60.8"), "\(weight.stdout)")
    #expect(box.hash(box.database) == before)
  }

  @Test func aPatientIsAddedWithANameAndABirthDate() throws {
    let box = store()
    let before = box.hash(box.database)
    let dry = box.run(
      ["patient", "add", "--full-name", "Rosa Ramírez", "--born", "1948-03-02", "--dry-run"]
        + box.storeFlags)
    #expect(
      dry.stdout
        == "dry run, nothing written; would add p-rosa-ram-rez  Rosa Ramírez, born 1948-03-02\n",
      "\(dry.stderr)")
    #expect(box.hash(box.database) == before)
    let refusals: [([String], ExitCode, String)] = [
      (
        ["patient", "add", "--full-name", "Rosa"], .usage,
        "patient add needs --full-name NAME and --born"
      ),
      (
        ["patient", "add", "--full-name", "Rosa", "--born", "1948-02-30"], .dataError,
        "patients[2].dateOfBirth: must be a calendar date"
      ),
      (
        ["patient", "add", "--full-name", "Rosa", "--born", "1948-02-03", "--id", "p-agnes"],
        .usage, "already has a patient with the id 'p-agnes'"
      ),
      (
        ["patient", "add", "--full-name", "Rosa", "--born", "1948-02-03", "--id", "a b"],
        .dataError, "patients[2].id:"
      ),
      (
        ["patient", "add", "--full-name", "Rosa", "--born", "1948-02-03", "--weight", "60"],
        .usage, "--weight is for 'patient set'"
      ),
      (
        ["patient", "set", "Agnes", "--id", "x", "--weight", "60"], .usage,
        "--id is for 'patient add'"
      ),
    ]
    for (arguments, code, message) in refusals {
      let result = box.run(arguments + box.storeFlags)
      #expect(result.code == code, "\(arguments): \(result.stderr)")
      #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
      #expect(box.hash(box.database) == before, "\(arguments) changed the store")
    }
    let add = box.run(
      ["patient", "add", "--full-name", "Rosa Ramírez", "--born", "1948-03-02"] + box.storeFlags)
    #expect(add.code == .success, "\(add.stderr)")
    #expect(add.stdout.hasPrefix("added p-rosa-ram-rez  Rosa Ramírez, born 1948-03-02\n"))
    let set = box.run(["patient", "set", "rosa", "--language", "Spanish"] + box.storeFlags)
    #expect(set.code == .success, "\(set.stderr)")
    let list = box.run(["patients"] + box.storeFlags).stdout
    #expect(list.hasSuffix("p-rosa-ram-rez  Rosa Ramírez    1948-03-02\n"), "\(list)")
    let rows = try Store.open(
      StoreLocation(database: box.database, keyFile: box.keyFile), actor: .current()
    )
    .changeLog(patient: "p-rosa-ram-rez")
    #expect(rows.map(\.command) == ["patient add", "patient set"])
  }

  @Test func peopleAreFoundTheWayPeopleTypeThem() {
    let box = CLISandbox()
    box.write(
      "people.json",
      """
      { "format": "rua-care-circle", "version": 1, "patients": [
        { "id": "p-jose", "fullName": "José Herrera-Müller", "dateOfBirth": "1950-01-01" },
        { "id": "p-anabel", "fullName": "Anabel Herrera", "dateOfBirth": "1952-01-01" } ] }
      """)
    #expect(box.run(["init"] + box.storeFlags).code == .success)
    #expect(box.run(["import", "people.json"] + box.storeFlags).code == .success)
    let search = box.run(["patients", "--search", "MULLER"] + box.storeFlags)
    #expect(search.stdout.contains("p-jose") && !search.stdout.contains("p-anabel"))
    let set = box.run(["patient", "set", "jose", "--weight", "70"] + box.storeFlags)
    #expect(set.code == .success, "\(set.stderr)")
    let both = box.run(["patient", "set", "herrera", "--weight", "70"] + box.storeFlags)
    #expect(both.code == .usage)
    #expect(both.stderr.contains("p-jose") && both.stderr.contains("p-anabel"), "\(both.stderr)")
  }

  @Test func everyRecordCommandHasHelp() {
    let box = CLISandbox()
    let commands = ["patient", "contact", "team", "pharmacy", "condition", "device", "baseline"]
    for command in commands + ["allergy"] {
      let help = box.run([command, "--help"])
      #expect(help.code == .success)
      #expect(help.stdout.hasPrefix("usage: rua-paper \(command) "), "\(help.stdout)")
      #expect(help.stdout.contains("--dry-run"))
    }
    #expect(box.run(["med", "--help"]).stdout.contains("med set PATIENT MEDICINE"))
    let overview = box.run(["--help"]).stdout
    for command in commands { #expect(overview.contains("  \(command) "), "\(command)") }
  }
}

/// The format page travels with the tool: `help format` prints it, from the installed doc
/// folder or the checkout.
@Suite("format page")
struct FormatPageTests {
  @Test func helpFormatPrintsThePage() throws {
    let result = CLISandbox().run(["help", "format"])
    #expect(result.code == .success, "\(result.stderr)")
    #expect(result.stdout.hasPrefix("# The care-circle file, version 1"))
  }

  @Test func anInstalledBinaryReadsTheInstalledPage() throws {
    let box = CLISandbox()
    let prefix = box.file("prefix")
    try FileManager.default.createDirectory(
      atPath: prefix + "/share/doc/rua-paper", withIntermediateDirectories: true)
    box.write("prefix/share/doc/rua-paper/care-circle-format.md", "# page\n")
    #expect(
      FormatPage.find(executable: prefix + "/bin/rua-paper")
        == prefix + "/share/doc/rua-paper/care-circle-format.md")
    #expect(FormatPage.find(executable: box.file("elsewhere/bin/rua-paper")) == nil)
    #expect(throws: PaperError.self) {
      try FormatPage.text(executable: box.file("elsewhere/bin/rua-paper"))
    }
  }
}

/// The walk-through of docs/walkthrough.md: a whole record with commands only, whose export is
/// the care-circle file Tests/Fixtures/walkthrough/expected.json.
@Suite("walk-through")
struct WalkthroughTests {
  static let steps: [[String]] = [
    ["patient", "add", "--full-name", "Carmen Ortiz Vega", "--born", "1944-06-12"],
    [
      "patient", "set", "carmen", "--sex", "F", "--language", "Spanish", "--interpreter", "yes",
      "--weight", "134 lb", "--code-status", "DNR - POLST on file", "--directive-location",
      "kitchen drawer",
    ],
    [
      "contact", "add", "carmen", "--name", "Lucía Ortiz", "--relation", "daughter", "--phone",
      "555-0101", "--roles", "POA, emergency",
    ],
    [
      "contact", "add", "carmen", "--name", "Miguel Ortiz", "--relation", "son", "--phone",
      "555-0102", "--roles", "emergency",
    ],
    [
      "contact", "add", "carmen", "--name", "Rosa Vega", "--relation", "sister", "--phone",
      "555-0103", "--phone", "555-0104",
    ],
    [
      "team", "add", "carmen", "--name", "Dr. Ana Patel", "--role", "primary care", "--phone",
      "555-0200",
    ],
    ["pharmacy", "set", "carmen", "--name", "Sunrise Pharmacy", "--phone", "555-0140"],
    [
      "allergy", "add", "carmen", "--substance", "penicillin", "--reaction", "hives", "--severity",
      "Severe",
    ],
    [
      "allergy", "add", "carmen", "--substance", "codeine", "--reaction", "nausea", "--severity",
      "mild", "--kind", "intolerance",
    ],
    [
      "med", "add", "carmen", "--name", "apixaban", "--brand", "Eliquis", "--strength", "5 mg",
      "--times", "morning,evening",
    ],
    [
      "med", "add", "carmen", "--name", "metformin", "--strength", "500 mg", "--times",
      "morning,evening",
    ],
    ["med", "add", "carmen", "--name", "lisinopril", "--strength", "10 mg", "--times", "morning"],
    [
      "med", "add", "carmen", "--name", "atorvastatin", "--strength", "20 mg", "--times", "bedtime",
    ],
    ["med", "add", "carmen", "--name", "acetaminophen", "--strength", "500 mg", "--as-needed"],
    ["fill", "carmen", "apixaban", "--days", "30"],
  ]

  /// The walk-through's last part: a second patient added by mistake and removed, then the
  /// preferred name and the directive's summary changed at once in the editor.
  static let later: [[String]] = [
    ["patient", "add", "--full-name", "Carmen Ortiz", "--born", "1944-06-12"],
    ["patient", "remove", "p-carmen-ortiz", "--yes"],
    ["edit", "carmen"],
  ]

  /// What the walk-through's editor does: the two fields, as a person would type them.
  static let editorScript = """
    sed -i -e 's/"fullName": "Carmen Ortiz Vega",/&\\n  "preferredName": "Carmencita",/' \\
      -e 's/"advanceDirective": {/&\\n    "summary": "POLST: no CPR, no breathing tube",/' "$1"
    """

  @Test func commandsOnlyBuildTheExpectedRecord() throws {
    let box = CLISandbox()
    box.write("tmp/.keep", "")
    #expect(box.run(["init"] + box.storeFlags).code == .success)
    let editor = RecordEditorTests.editor(box, "editor.sh", Self.editorScript)
    for step in Self.steps + Self.later {
      let result = box.run(
        step + box.storeFlags, environment: RecordEditorTests.environment(box, editor: editor))
      #expect(result.code == .success, "\(step): \(result.stderr)")
    }
    #expect(RecordEditorTests.leftovers(box).isEmpty)
    let export = box.run(["export"] + box.storeFlags)
    #expect(export.code == .success, "\(export.stderr)")
    let want = try JSONParser.parse(
      try String(contentsOfFile: Self.fixture, encoding: .utf8))
    let got = try JSONParser.parse(export.stdout)
    #expect(got["patients"] == want["patients"], "\(export.stdout)")
  }

  static var fixture: String {
    var url = URL(fileURLWithPath: #filePath)
    url.deleteLastPathComponent()
    url.deleteLastPathComponent()
    return url.path + "/Fixtures/walkthrough/expected.json"
  }
}
