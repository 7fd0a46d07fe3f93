// SPDX-License-Identifier: Apache-2.0
import Foundation
import RuaCLI
import RuaCLITestSupport
import RuaCore
import RuaPaperKit
import RuaTestSupport
import Testing

@testable import RuaStore

/// `er`, `meds -o` and `falls`: real encrypted store, real Cairo/Pango PDFs, poppler text, and
/// the access log behind every delivery.
@Suite("document commands")
struct DocumentCommandTests {
  static let markup = #"<b>Bold</b> & </span><span foreground="white">Hidden"#

  static let circle = """
    {
      "format": "rua-care-circle", "version": 1,
      "patients": [
        { "id": "p-robert", "fullName": "Robert Alvarez", "dateOfBirth": "1941-03-09",
          "allergies": [{ "substance": "penicillin", "reaction": "hives", "severity": "severe" }],
          "medications": [
            { "id": "m-warfarin", "name": "warfarin", "strength": "5 mg", "dose": "1 tablet",
              "times": ["evening"], "fills": [{ "fillDate": "2026-10-20", "daySupply": 30 }] },
            { "id": "m-zolpidem", "name": "zolpidem", "strength": "5 mg", "times": ["bedtime"],
              "fills": [{ "fillDate": "2026-11-01", "daySupply": 30 }] }
          ],
          "contacts": [{ "name": "Ana Alvarez", "relation": "daughter", "phone": "555-0100",
                         "roles": ["emergency", "health-care-proxy"] }] },
        { "id": "p-markup", "fullName": "\(markup.replacingOccurrences(of: "\"", with: "\\\""))",
          "dateOfBirth": "1940-01-01", "noKnownAllergies": true,
          "medications": [{ "id": "m-1", "name": "metformin & <i>co</i>", "strength": "500 mg" }] }
      ]
    }
    """

  static let now = "2026-11-20T15:30:00Z"

  private func store() -> CLISandbox { CLISandbox.imported(Self.circle) }

  private func flags(_ box: CLISandbox) -> [String] {
    ["--templates", PackageRoot.templates] + box.storeFlags
  }

  private func log(_ box: CLISandbox) throws -> [AccessRecord] {
    try Store.open(StoreLocation(database: box.database, keyFile: box.keyFile), actor: .current())
      .accessLog()
  }

  @Test(arguments: [
    ["--today", "1900-01-01"], ["--now", "9999-01-01T00:00:00Z"], ["--today", "2201-01-01"],
    ["--now", "2026-11-01T00:00:00Z"],  // before the import at the sandbox's clock
  ])
  func anImpossiblePrintDateIsRefusedBeforeAnythingIsLogged(extra: [String]) throws {
    let box = store()
    let result = box.run(["er", "rob", "-o", box.file("er.pdf")] + extra + flags(box))
    #expect(result.code == .usage, "\(result.stderr)")
    #expect(result.stderr.contains("cannot print for patient p-robert"))
    #expect(!FileManager.default.fileExists(atPath: box.file("er.pdf")))
    #expect(try log(box).isEmpty)
  }

  @Test func anERSheetIsWrittenWholeAndPrivateAndLoggedBeforeAndAfter() throws {
    let box = store()
    let result = box.run(["er", "rob", "-o", "er.pdf", "--now", Self.now] + flags(box))
    #expect(result.code == .success, "\(result.stderr)")
    let path = box.file("er.pdf")
    #expect(box.mode(path) == 0o600)
    let text = try PDFText.of(path)
    for fact in ["Robert Alvarez", "penicillin", "hives", "warfarin", "Ana Alvarez", "555-0100"] {
      #expect(text.contains(fact), "\(fact)")
    }
    #expect(text.contains("ON A BLOOD THINNER") || text.contains("BLOOD THINNER"))
    let rows = try log(box)
    #expect(rows.map(\.entry.outcome) == ["intent", "completed"])
    #expect(rows[1].entry.intentID == rows[0].id)
    #expect(rows.allSatisfy { $0.entry.sha256 == box.hash(path) })
    #expect(rows[0].entry.document == "er-sheet" && rows[0].entry.action == "export")
    #expect(rows[0].entry.pages == 1)
    #expect(box.run(["log", "verify"] + box.storeFlags).code == .success)
  }

  @Test func theSameNowGivesTheSameBytes() throws {
    let box = store()
    #expect(box.run(["er", "rob", "-o", "a.pdf", "--now", Self.now] + flags(box)).code == .success)
    #expect(box.run(["er", "rob", "-o", "b.pdf", "--now", Self.now] + flags(box)).code == .success)
    let epoch = ["SOURCE_DATE_EPOCH": "1795188600", "HOME": box.path]
    #expect(
      box.run(["er", "rob", "-o", "c.pdf"] + flags(box), environment: epoch).code == .success)
    #expect(box.hash(box.file("a.pdf")) == box.hash(box.file("b.pdf")))
    #expect(box.hash(box.file("a.pdf")) == box.hash(box.file("c.pdf")))
    #expect(
      box.run(["er", "rob", "-o", "d.pdf"] + flags(box), now: 1_795_000_123).code == .success)
    #expect(box.hash(box.file("a.pdf")) != box.hash(box.file("d.pdf")))
  }

  @Test func markupLookingDataPrintsLiterally() throws {
    let box = store()
    #expect(box.run(["er", "p-markup", "-o", "m.pdf"] + flags(box)).code == .success)
    let text = try PDFText.of(box.file("m.pdf"))
    #expect(text.contains(Self.markup))
    #expect(text.contains("metformin & <i>co</i>"))
    #expect(text.contains("NO KNOWN ALLERGIES"))
  }

  /// `-o` naming the key with `--force` would replace the only key to every record with a
  /// PDF; the store's files are refused by every delivery, however the path is spelt.
  @Test func noDeliveryWritesOverTheStoresOwnFiles() throws {
    let box = store()
    let key = try Data(contentsOf: URL(fileURLWithPath: box.keyFile))
    let database = try Data(contentsOf: URL(fileURLWithPath: box.database))
    try FileManager.default.linkItem(atPath: box.keyFile, toPath: box.file("key-link"))
    let attempts: [[String]] = [
      ["er", "rob", "-o", box.keyFile, "--force"],
      ["meds", "rob", "-o", box.path + "/config/../config/key", "--force"],
      ["falls", "rob", "-o", box.file("key-link"), "--force"],
      ["er", "rob", "-o", box.database + "-journal"],
      ["card", "rob", "-o", box.keyFile + ".anchor", "--force"],
      ["share", "rob", "er", "--to", box.path + "/config", "--name", "key"],
      ["export", "-o", box.database, "--force"],
      [
        "batch", "--all", "--docs", "er", "--out", box.file("out"), "--binder", box.keyFile,
        "--force",
      ],
    ]
    for arguments in attempts {
      let result = box.run(arguments + (arguments[0] == "export" ? box.storeFlags : flags(box)))
      #expect(result.code == .cannotCreate, "\(arguments): \(result.stderr)")
      #expect(result.stderr.contains("one of the store's own files"), "\(result.stderr)")
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: box.keyFile)) == key)
    #expect(try Data(contentsOf: URL(fileURLWithPath: box.database)) == database)
    #expect(!FileManager.default.fileExists(atPath: box.database + "-journal"))
    #expect(try log(box).isEmpty, "a refused delivery logs nothing")
    // A name that only shares a word with the store's is a file like any other.
    #expect(
      box.run(["er", "rob", "-o", box.path + "/data/store-notes.pdf"] + flags(box)).code == .success
    )
  }

  @Test func anExistingFileIsKeptUnlessForced() throws {
    let box = store()
    box.write("er.pdf", "mine")
    let refused = box.run(["er", "rob", "-o", "er.pdf"] + flags(box))
    #expect(refused.code == .cannotCreate)
    #expect(refused.stderr.contains("already exists") && refused.stderr.contains("--force"))
    #expect(try String(contentsOfFile: box.file("er.pdf"), encoding: .utf8) == "mine")
    #expect(try log(box).map(\.entry.outcome).last?.isFailure == true)
    #expect(box.run(["er", "rob", "-o", "er.pdf", "--force"] + flags(box)).code == .success)
    #expect(try PDFText.of(box.file("er.pdf")).contains("Robert Alvarez"))
  }

  @Test func anUnwritableDestinationLeavesNoFileAndNoSuccessRow() throws {
    let box = store()
    for target in ["/sys/rua-paper-test.pdf", box.file("missing/er.pdf")] {
      let result = box.run(["er", "rob", "-o", target] + flags(box))
      #expect(result.code == .cannotCreate, "\(result.stderr)")
      #expect(result.stderr.contains(target))
      #expect(!FileManager.default.fileExists(atPath: target))
    }
    let rows = try log(box)
    #expect(!rows.contains { $0.entry.outcome == "completed" })
    #expect(rows.filter { $0.entry.outcome.isFailure }.count == 2)
  }

  @Test func standardOutputCarriesThePDFAndIsLogged() throws {
    let box = store()
    let result = box.run(["er", "rob", "-o", "-"] + flags(box))
    #expect(result.code == .success)
    #expect(result.stdout.hasPrefix("%PDF-"))
    #expect(try log(box).last?.entry.destination == "stdout")
  }

  @Test func theMedicationListAndFallGuideGoThroughTheSamePath() throws {
    let box = store()
    let meds = box.run(["meds", "rob", "-o", "meds.pdf", "--now", Self.now] + flags(box))
    #expect(meds.code == .success, "\(meds.stderr)")
    let medsText = try PDFText.of(box.file("meds.pdf"))
    #expect(medsText.contains("warfarin") && medsText.contains("Nov 19, 2026"))
    let falls = box.run(["falls", "rob", "-o", "falls.pdf", "--lang", "es"] + flags(box))
    #expect(falls.code == .success, "\(falls.stderr)")
    let fallsText = try PDFText.of(box.file("falls.pdf"))
    #expect(fallsText.contains("warfarin") && fallsText.contains("zolpidem"))
    #expect(fallsText.contains("PENDIENTE DE REVISIÓN CLÍNICA"))
    let documents = try log(box).filter { $0.entry.outcome == "completed" }.map(\.entry.document)
    #expect(documents == ["medication-list", "fall-guide"])
    let json = box.run(["meds", "rob", "--format", "json"] + flags(box))
    #expect(json.stdout.contains("\"runOutDate\""))
  }

  @Test func anIntentLeftByADeadProcessBecomesOutcomeUnknown() throws {
    let box = store()
    let store = try Store.open(
      StoreLocation(database: box.database, keyFile: box.keyFile), actor: .current())
    let dead = AccessEntry(
      patientID: "p-robert", document: "er-sheet", action: "export", destination: "x.pdf",
      toolVersion: "test", outcome: "intent", processID: 2_147_483_000)
    let intent = try store.appendAccess(dead, now: Instant(secondsSinceEpoch: box.now))
    #expect(box.run(["er", "rob", "-o", "er.pdf"] + flags(box)).code == .success)
    let closing = try log(box).first { $0.entry.intentID == intent.id }
    #expect(closing?.entry.outcome == "outcome-unknown")
  }

  @Test func largePrintMedicationListAndFallGuide() throws {
    let box = store()
    for (command, fact) in [("meds", "zolpidem"), ("falls", "Ana Alvarez")] {
      let result = box.run(
        [command, "rob", "-o", "\(command).pdf", "--large", "--now", Self.now] + flags(box))
      #expect(result.code == .success, "\(result.stderr)")
      #expect(try PDFText.of(box.file("\(command).pdf")).contains(fact))
      // 14-point text: poppler's box around the word is at least 14 points tall.
      let height = try Self.wordHeight(
        fact.split(separator: " ")[0], in: box.file("\(command).pdf"))
      #expect(height >= 14, "\(command): \(fact) is \(height) points tall")
    }
    let normal = box.run(["meds", "rob", "-o", "normal.pdf", "--now", Self.now] + flags(box))
    #expect(normal.code == .success)
    #expect(try Self.wordHeight("zolpidem", in: box.file("normal.pdf")) < 14)
  }

  /// The height of the first box poppler reports for `word` (`pdftotext -bbox`).
  static func wordHeight(_ word: Substring, in path: String) throws -> Double {
    let html = try Tool.run("pdftotext", ["-bbox", path, "-"])
    guard let line = html.split(separator: "\n").first(where: { $0.hasSuffix(">\(word)</word>") })
    else { return 0 }
    func value(_ name: String) -> Double {
      guard let range = line.range(of: name + "=\"") else { return 0 }
      return Double(line[range.upperBound...].prefix { $0 != "\"" }) ?? 0
    }
    return value("yMax") - value("yMin")
  }

  @Test(arguments: [
    (["er", "rob"], "say where the PDF goes"),
    (["er", "rob", "-o", "x.pdf", "--paper", "legal"], "--paper takes letter or a4"),
    (
      ["er", "rob", "-o", "x.pdf", "--lang", "fr"],
      "--lang takes one of en, es, zh-Hans, vi, tl, ar, ko, ru, ht, or any of them but en followed by +en, not 'fr'"
    ),
    (["er", "rob", "-o", "x.pdf", "--now", "yesterday"], "--now must be an RFC 3339 time"),
    (["er", "-o", "x.pdf"], "er needs exactly one PATIENT"),
    (["falls", "nobody", "-o", "x.pdf"], "no patient with the id or name 'nobody'"),
    (["meds", "rob", "-o", "x.pdf", "--format", "json"], "--format is for the data listing"),
    (["er", "rob", "-o", "x.pdf", "--large"], "--large is for the medication list"),
  ])
  func refusals(arguments: [String], message: String) throws {
    let box = store()
    let result = box.run(arguments + flags(box))
    #expect(result.code == .usage)
    #expect(result.stderr.contains(message), "\(result.stderr)")
    #expect(!FileManager.default.fileExists(atPath: box.file("x.pdf")))
  }
}

/// Text of a PDF through poppler's pdftotext, white space collapsed.
enum PDFText {
  static func of(_ path: String) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/pdftotext")
    process.arguments = ["-enc", "UTF-8", path, "-"]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self).split(whereSeparator: \.isWhitespace)
      .joined(separator: " ")
  }
}

@Suite("share command")
struct ShareCommandTests {
  @Test func aShareIsAPrivateNewFileWithAPlainNameAndALogRow() throws {
    let box = CLISandbox()
    box.write("circle.json", DocumentCommandTests.circle)
    #expect(box.run(["init"] + box.storeFlags).code == .success)
    #expect(box.run(["import", "circle.json"] + box.storeFlags).code == .success)
    box.write("usb/.keep", "")
    let flags =
      ["--templates", PackageRoot.templates, "--today", "2026-11-20"] + box.storeFlags
    for _ in 0..<2 {
      let result = box.run(["share", "rob", "er", "--to", "usb"] + flags)
      #expect(result.code == .success, "\(result.stderr)")
    }
    let first = box.file("usb/er-sheet-2026-11-20.pdf")
    let second = box.file("usb/er-sheet-2026-11-20-2.pdf")
    #expect(box.mode(first) == 0o600 && box.mode(second) == 0o600)
    let rows = try Store.open(
      StoreLocation(database: box.database, keyFile: box.keyFile), actor: .current()
    )
    .accessLog().filter { $0.entry.outcome == "completed" }
    #expect(rows.map(\.entry.action) == ["share", "share"])
    #expect(rows.map(\.entry.destination) == [first, second])
    #expect(rows[0].entry.sha256 == box.hash(first))

    let taken = box.run(["share", "rob", "meds", "--to", "usb", "--name", ".keep"] + flags)
    #expect(taken.code == .cannotCreate)
    #expect(box.run(["share", "rob", "er", "--to", "nowhere"] + flags).code == .cannotCreate)
    #expect(box.run(["share", "rob", "letter", "--to", "usb"] + flags).code == .usage)
    #expect(
      box.run(["share", "rob", "er", "--to", "usb", "--name", "a/b.pdf"] + flags).code == .usage)
  }
}

/// The intent row comes first: when it cannot be written, nothing is delivered.
@Suite("An access log that refuses the intent")
struct IntentRefusedTests {
  @Test(arguments: [["-o", "er.pdf"], ["-o", "-"]])
  func nothingIsDeliveredWhenTheIntentCannotBeRecorded(output: [String]) throws {
    let box = CLISandbox()
    box.write("circle.json", SampleCircles.small)
    #expect(box.run(["init"] + box.storeFlags).code == .success)
    #expect(box.run(["import", "circle.json"] + box.storeFlags).code == .success)
    do {
      let store = try Store.open(
        StoreLocation(database: box.database, keyFile: box.keyFile), actor: .current())
      try store.connection.execute(
        """
        CREATE TRIGGER test_refuse_access BEFORE INSERT ON access_log
        BEGIN SELECT RAISE(ABORT, 'the test refuses every access_log row'); END
        """)
    }
    let result = box.run(
      ["er", "rob"] + output + ["--templates", PackageRoot.templates] + box.storeFlags)
    #expect(result.code != .success)
    #expect(result.stderr.contains("cannot record the delivery"), "\(result.stderr)")
    #expect(result.stdout.isEmpty, "no PDF byte reached stdout")
    #expect(!FileManager.default.fileExists(atPath: box.file("er.pdf")))
    let store = try Store.open(
      StoreLocation(database: box.database, keyFile: box.keyFile), actor: .current())
    #expect(try store.accessLog().isEmpty)
  }
}
