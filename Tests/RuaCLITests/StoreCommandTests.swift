// SPDX-License-Identifier: Apache-2.0
import Foundation
import RuaCLI
import RuaCLITestSupport
import RuaCore
import RuaPaperKit
import RuaTestSupport
import Testing

@testable import RuaStore

@Suite("Store commands end to end")
struct StoreCommandTests {
  @Test func initImportPatientsExportRoundTrip() throws {
    let box = CLISandbox()
    let created = box.run(["init"] + box.storeFlags)
    #expect(created.code == .success, "\(created.stderr)")
    #expect(box.mode(box.database) == 0o600 && box.mode(box.keyFile) == 0o600)
    #expect(
      !created.stdout.contains(
        String(
          decoding: (FileManager.default.contents(atPath: box.keyFile) ?? Data()).prefix(16),
          as: UTF8.self)))
    #expect(box.run(["init"] + box.storeFlags).code == .cannotCreate)

    box.write("circle.json", SampleCircles.small)
    let dry = box.run(["import", "circle.json", "--dry-run"] + box.storeFlags)
    // The reconciliation first (every item of a new person is new, "no known allergies" too),
    // then the summary.
    #expect(
      dry.stdout == """
        reconciliation (what the file would change; check it against the papers):

        Robert Alvarez (p-robert)
          Medicines
            NEW         warfarin 5 mg
          Allergies
            ADDED       penicillin
          Conditions: none in the file or the store

        María Núñez (p-maria)
          Medicines: none in the file or the store
          Allergies
            ADDED       no known allergies
          Conditions: none in the file or the store
        dry run, nothing written: 2 patients: 2 added

        """)
    #expect(box.run(["patients"] + box.storeFlags).stdout.isEmpty)
    let imported = box.run(["import", "circle.json"] + box.storeFlags)
    #expect(imported.code == .success)
    #expect(imported.stdout == "2 patients: 2 added\n")
    let before = box.hash(box.database)
    let again = box.run(["import", "circle.json"] + box.storeFlags)
    #expect(again.stdout == "2 patients: 2 unchanged\n")
    #expect(box.hash(box.database) == before)

    let listed = box.run(["patients", "--format", "json"] + box.storeFlags)
    let json = try JSONParser.parse(listed.stdout)
    #expect(json.arrayValue?.count == 2)
    #expect(json.arrayValue?.first?["fullName"]?.stringValue == "Robert Alvarez")
    #expect(json.arrayValue?.last?["dateOfBirth"]?.stringValue == "1938-12-24")
    #expect(
      box.run(["patients"] + box.storeFlags).stdout.contains(
        "p-maria   María Núñez     1938-12-24\n"))

    let exported = box.run(["export", "-o", "out.json"] + box.storeFlags)
    #expect(exported.code == .success, "\(exported.stderr)")
    #expect(box.mode(box.file("out.json")) == 0o600)
    let refused = box.run(["export", "-o", "out.json"] + box.storeFlags)
    #expect(refused.code == .cannotCreate)
    #expect(refused.stderr.contains("--force"))
    #expect(box.run(["export", "-o", "out.json", "--force"] + box.storeFlags).code == .success)
    #expect(
      box.run(["export", "-o", box.database, "--force"] + box.storeFlags).code == .cannotCreate)
    let noFolder = box.run(["export", "-o", "missing/out.json"] + box.storeFlags)
    #expect(noFolder.code == .cannotCreate)
    #expect(noFolder.stderr.contains("does not exist"))
    let exportLog = try JSONParser.parse(
      box.run(["log", "--format", "json"] + box.storeFlags).stdout)
    let outcomes = exportLog.arrayValue?.compactMap {
      $0["outcome"]?.stringValue?.split(separator: ":").first.map(String.init)
    }
    // Three exports to a file: completed, refused (exists), completed with --force; then the
    // refusals before opening (over the store) log nothing, and the missing folder logs a failure.
    #expect(
      outcomes == [
        "intent", "completed", "intent", "failed", "intent", "completed", "intent", "failed",
      ])
    #expect(box.run(["log", "verify"] + box.storeFlags).code == .success)
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: box.path)
      .filter { $0.hasPrefix(".rua-paper-") }
    #expect(leftovers.isEmpty)

    // Into a fresh store: identical content, and an identical export.
    let second = CLISandbox()
    #expect(second.run(["init"] + second.storeFlags).code == .success)
    let copy = box.file("out.json")
    #expect(second.run(["import", copy] + second.storeFlags).stdout == "2 patients: 2 added\n")
    let first = box.run(["export"] + box.storeFlags).stdout
    let other = second.run(["export"] + second.storeFlags).stdout
    #expect(first == other)
    #expect(first.contains("\"exportedAt\": \"2026-11-18T11:06:40Z\""))
  }

  @Test func badFileIsRefusedAndStoreUnchanged() throws {
    let box = CLISandbox()
    #expect(box.run(["init"] + box.storeFlags).code == .success)
    box.write("circle.json", SampleCircles.small)
    #expect(box.run(["import", "circle.json"] + box.storeFlags).code == .success)
    let before = box.hash(box.database)
    box.write(
      "bad.json",
      SampleCircles.small.replacingOccurrences(of: "\"daySupply\": 30", with: "\"daySupply\": 400"))
    let bad = box.run(["import", "bad.json"] + box.storeFlags)
    #expect(bad.code == .dataError)
    #expect(
      bad.stderr.contains("bad.json: patients[0].medications[0].fills[0].daySupply:"),
      "\(bad.stderr)")
    #expect(box.hash(box.database) == before)
    let missing = box.run(["import", "nowhere.json"] + box.storeFlags)
    #expect(missing.code == .noInput)
    #expect(missing.stderr.contains("nowhere.json"))
    #expect(box.run(["import"] + box.storeFlags).code == .usage)
  }

  @Test func refusalsHaveTheirExitCodes() throws {
    let box = CLISandbox()
    #expect(box.run(["doctor"] + box.storeFlags).code == .noInput)
    #expect(box.run(["patients"] + box.storeFlags).code == .noInput)
    #expect(box.run(["init"] + box.storeFlags).code == .success)
    let ready = box.run(["doctor"] + box.storeFlags)
    #expect(ready.code == .success)
    #expect(ready.stdout.contains("state:      ready"))
    #expect(ready.stdout.contains("SQLCipher:  4."))
    #expect(!ready.stdout.split(separator: "\n").contains { $0.hasPrefix("warning:") })
    chmod(box.database, 0o644)
    let loosened = box.run(["doctor"] + box.storeFlags)
    #expect(loosened.code == .success)
    #expect(loosened.stdout.contains("warning:    the store is open to other users (mode 0644)"))
    chmod(box.database, 0o600)

    let hex = String(
      decoding: (FileManager.default.contents(atPath: box.keyFile) ?? Data()), as: UTF8.self)
    box.write("loose-key", hex)
    chmod(box.file("loose-key"), 0o644)
    let loose = box.run(["patients", "--db", box.database, "--key-file", box.file("loose-key")])
    #expect(loose.code == .permission)
    #expect(loose.stderr.contains("chmod 600"))
    #expect(!loose.stderr.contains(hex.prefix(20)))

    box.write("wrong-key", String(repeating: "0f", count: 32))
    chmod(box.file("wrong-key"), 0o600)
    let before = box.hash(box.database)
    let wrong = box.run(["doctor", "--db", box.database, "--key-file", box.file("wrong-key")])
    #expect(wrong.code == .dataError)
    #expect(wrong.stderr.contains("either the key is wrong"))
    #expect(
      box.run(["import", "x.json", "--db", box.database, "--key-file", box.file("wrong-key")]).code
        == .noInput)
    box.write("circle.json", SampleCircles.small)
    let wrongImport = box.run([
      "import", "circle.json", "--db", box.database, "--key-file", box.file("wrong-key"),
    ])
    #expect(wrongImport.code == .dataError)
    #expect(box.hash(box.database) == before)

    let keyOnArgv = box.run(["patients", "--key", "00"] + box.storeFlags)
    #expect(keyOnArgv.code == .usage)
    #expect(keyOnArgv.stderr.contains("key file"))
  }

  @Test func environmentAndXDGDefaults() throws {
    let box = CLISandbox()
    let home = box.path + "/home"
    let created = box.run(["init"], environment: ["HOME": home])
    #expect(created.code == .success, "\(created.stderr)")
    #expect(FileManager.default.fileExists(atPath: home + "/.local/share/rua-paper/store.db"))
    #expect(FileManager.default.fileExists(atPath: home + "/.config/rua-paper/key"))
    #expect(box.mode(home + "/.local/share/rua-paper") == 0o700)
    let xdg = box.run(
      ["init"],
      environment: [
        "HOME": home, "XDG_DATA_HOME": box.path + "/xd", "XDG_CONFIG_HOME": box.path + "/xc",
      ])
    #expect(xdg.code == .success)
    #expect(FileManager.default.fileExists(atPath: box.path + "/xd/rua-paper/store.db"))
    let viaEnv = box.run(
      ["doctor"],
      environment: [
        "HOME": "/nonexistent", "RUA_DB": box.path + "/xd/rua-paper/store.db",
        "RUA_KEY_FILE": box.path + "/xc/rua-paper/key",
      ])
    #expect(viaEnv.code == .success, "\(viaEnv.stdout)\(viaEnv.stderr)")
  }

  @Test func accessLogCommands() throws {
    let box = CLISandbox()
    #expect(box.run(["init"] + box.storeFlags).code == .success)
    box.write("circle.json", SampleCircles.small)
    #expect(box.run(["import", "circle.json"] + box.storeFlags).code == .success)
    do {
      let store = try Store.open(
        StoreLocation(database: box.database, keyFile: box.keyFile), actor: .current())
      for outcome: AccessOutcome in ["ok", "ok", "failed"] {
        try store.appendAccess(
          AccessEntry(
            patientID: "p-robert", document: "er-sheet", action: "export", destination: "er.pdf",
            sha256: SHA256.hex(Array(outcome.rawValue.utf8)), pages: 1, toolVersion: "0.1.0",
            outcome: outcome),
          now: Instant(secondsSinceEpoch: box.now))
      }
    }
    let verified = box.run(["log", "verify"] + box.storeFlags)
    #expect(verified.code == .success)
    #expect(verified.stdout.hasPrefix("access log verified: 3 rows, hash chain intact, head 3:"))
    #expect(verified.stdout.hasSuffix(", holds the anchor file's 3\n"))
    let listed = box.run(["log", "rob"] + box.storeFlags)
    #expect(listed.stdout.split(separator: "\n").count == 3)
    let json = try JSONParser.parse(
      box.run(["log", "p-robert", "--format", "json"] + box.storeFlags).stdout)
    #expect(json.arrayValue?.last?["outcome"]?.stringValue == "failed")
    #expect(box.run(["log", "p-maria"] + box.storeFlags).stdout.isEmpty)
    #expect(box.run(["log", "zed"] + box.storeFlags).code == .usage)

    do {
      let attacker = try Store.open(
        StoreLocation(database: box.database, keyFile: box.keyFile), actor: .current())
      try attacker.connection.execute(
        "DROP TRIGGER access_log_no_update; UPDATE access_log SET outcome = 'ok' WHERE id = 3")
    }
    let broken = box.run(["log", "verify"] + box.storeFlags)
    #expect(broken.code == .failure)
    #expect(broken.stderr.contains("row 3"))
  }

  @Test func demoPrefersTheSampleInTheWorkingDirectory() throws {
    let box = CLISandbox()
    box.write("samples/care-circle.json", SampleCircles.small)
    let demo = box.run(["demo", "--dir", "demo"])
    #expect(demo.code == .success, "\(demo.stderr)")
    #expect(demo.stdout.contains("imported the sample: 2 patients: 2 added\n"))
    #expect(demo.stdout.contains("store: \(box.path)/demo/store.db"))
    let location = StoreLocation(
      database: box.path + "/demo/store.db", keyFile: box.path + "/demo/key")
    #expect(box.mode(location.database) == 0o600 && box.mode(location.keyFile) == 0o600)
    let store = try Store.open(location, actor: .current())
    let patient = try store.loadPatient(externalID: "p-robert")
    let fill = try #require(patient?.medications.first?.fills.first)
    // exportedAt 2026-11-01, today 2026-11-18: fills move 17 days forward.
    #expect(fill.fillDate.iso == "2026-11-06")
    #expect(box.run(["demo", "--dir", "demo"]).stdout.contains("2 patients: 2 unchanged"))
  }

  @Test func demoFindsTheBundledSampleBesideTheExecutable() throws {
    let box = CLISandbox()
    let demo = box.run(["demo", "--dir", "demo"])
    // The test bundle lives in .build/<triple>/debug, below the package's samples/ folder.
    #expect(demo.code == .success, "\(demo.stderr)")
    #expect(demo.stdout.contains("imported the sample: 3 patients: 3 added"))
    let store = try Store.open(
      StoreLocation(database: box.path + "/demo/store.db", keyFile: box.path + "/demo/key"),
      actor: .current())
    let circle = try store.loadCareCircle()
    let latestFill = circle.patients.flatMap(\.medications).flatMap(\.fills).map(\.fillDate).max()
    #expect(latestFill.map { $0.iso <= box.today } == true)
    // The demo shows the defaults: Mei-Ling's list in Chinese with English, her ER sheet in
    // English.
    let list = try PDFText.of(box.file("demo/documents/p-meiling-03-medication-list.pdf"))
    #expect(list.contains("用药清单") && list.contains("MEDICATION LIST"), "\(list)")
    let sheet = try PDFText.of(box.file("demo/documents/p-meiling-03-er-sheet.pdf"))
    #expect(sheet.contains("EMERGENCY INFORMATION"), "\(sheet)")
  }

  @Test func demoRefusesAHalfMadeFolder() throws {
    let box = CLISandbox()
    box.write("samples/care-circle.json", SampleCircles.small)
    box.write("demo/key", String(repeating: "ab", count: 32))
    chmod(box.file("demo/key"), 0o600)
    let demo = box.run(["demo", "--dir", "demo"])
    #expect(demo.code == .noInput)
    #expect(demo.stderr.contains("the key file"))
    #expect(!FileManager.default.fileExists(atPath: box.file("demo/store.db")))
  }
}
