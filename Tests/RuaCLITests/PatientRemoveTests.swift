// SPDX-License-Identifier: Apache-2.0
import Foundation
import RuaCLI
import RuaCLITestSupport
import RuaCore
import RuaPaperKit
import Testing

@testable import RuaStore

/// `patient remove`: what goes is said first, `--yes` off a terminal, one transaction with its
/// change-log rows, and the access log left whole.
@Suite("patient remove")
struct PatientRemoveTests {
  private func open(_ box: CLISandbox) throws -> Store {
    try Store.open(StoreLocation(database: box.database, keyFile: box.keyFile), actor: .current())
  }

  @Test func itSaysWhatGoesAndNeedsYesOffATerminal() throws {
    let box = RecordEditorTests.store()
    #expect(box.run(["er", "agnes", "-o", "er.pdf"] + box.storeFlags).code == .success)
    let before = box.hash(box.database)
    let refused = box.run(["patient", "remove", "agnes"] + box.storeFlags)
    #expect(refused.code == .usage)
    #expect(
      refused.stderr.contains(
        "would remove Agnes Dore (p-agnes, born 1940-05-02) and 4 medicines (3 fills);"
          + " pass --yes"), "\(refused.stderr)")
    #expect(box.hash(box.database) == before)

    let dry = box.run(["patient", "remove", "agnes", "--dry-run"] + box.storeFlags)
    #expect(dry.code == .success, "\(dry.stderr)")
    #expect(
      dry.stdout.contains("would record 8 change-log rows (fills 3, medications 4, patients 1)"),
      "\(dry.stdout)")
    #expect(box.hash(box.database) == before)

    let removed = box.run(["patient", "remove", "agnes", "--yes"] + box.storeFlags)
    #expect(removed.code == .success, "\(removed.stderr)")
    #expect(removed.stdout.hasPrefix("removed Agnes Dore"), "\(removed.stdout)")
    let store = try open(box)
    #expect(try store.loadPatient(externalID: "p-agnes") == nil)
    #expect(try store.loadPatient(externalID: "p-robert") != nil)
    for table in ["medications", "fills"] {
      #expect(try store.connection.scalarInt("SELECT count(*) FROM \(table)") == 0, "\(table)")
    }
    let rows = try store.connection.scalarInt(
      "SELECT count(*) FROM change_log WHERE command = 'patient remove' AND action = 'delete'")
    #expect(rows == 8)
    // The access log keeps the ER sheet's rows; its chain and the store stay whole.
    #expect(box.run(["log", "verify"] + box.storeFlags).code == .success)
    #expect(box.run(["doctor"] + box.storeFlags).code == .success)
    let log = box.run(["log", "p-agnes"] + box.storeFlags)
    #expect(log.code == .success, "\(log.stderr)")
    #expect(log.stdout.contains("p-agnes  er-sheet"), "\(log.stdout)")
    // Once removed, the name finds no one.
    #expect(box.run(["patient", "remove", "agnes", "--yes"] + box.storeFlags).code == .usage)
  }

  @Test func onATerminalItAsksAndOnlyYesRemoves() throws {
    let box = RecordEditorTests.store()
    let before = box.hash(box.database)
    for answer in ["", "no", "maybe"] {
      let kept = box.run(["patient", "remove", "robert"] + box.storeFlags, typed: answer)
      #expect(kept.code == .usage, "\(answer): \(kept.stderr)")
      #expect(kept.stderr.contains("remove them? type yes"), "\(kept.stderr)")
      #expect(kept.stderr.contains("nothing was changed"), "\(kept.stderr)")
      #expect(box.hash(box.database) == before)
    }
    let removed = box.run(["patient", "remove", "robert"] + box.storeFlags, typed: "YES")
    #expect(removed.code == .success, "\(removed.stderr)")
    #expect(try open(box).loadPatient(externalID: "p-robert") == nil)
  }

  @Test func everyRefusalNamesTheArgumentAndChangesNothing() {
    let box = RecordEditorTests.store()
    let before = box.hash(box.database)
    let cases: [([String], String)] = [
      (["patient", "remove"], "needs one PATIENT"),
      (["patient", "remove", "agnes", "robert"], "needs one PATIENT"),
      (["patient", "remove", "nobody", "--yes"], "no patient with the id or name 'nobody'"),
      (["patient", "remove", "agnes", "--weight", "60", "--yes"], "--weight is for 'patient set'"),
      (["patient", "set", "agnes", "--weight", "60", "--yes"], "--yes is for 'patient remove'"),
    ]
    for (arguments, says) in cases {
      let result = box.run(arguments + box.storeFlags)
      #expect(result.code == .usage, "\(arguments): \(result.stderr)")
      #expect(result.stderr.contains(says), "\(arguments): \(result.stderr)")
      #expect(box.hash(box.database) == before, "\(arguments) changed the store")
    }
  }

  @Test func aContactKeepsTwoNumbersFromPhoneGivenTwice() throws {
    let box = RecordEditorTests.store()
    let added = box.run(
      [
        "contact", "add", "agnes", "--name", "Lucía Dore", "--phone", "555-0101", "--phone",
        "555-0102",
      ] + box.storeFlags)
    #expect(added.code == .success, "\(added.stderr)")
    var contact = try #require(try open(box).loadPatient(externalID: "p-agnes")?.contacts.first)
    #expect(contact.phone == "555-0101")
    #expect(contact.altPhone == "555-0102")
    let set = box.run(
      ["contact", "set", "agnes", "lucia", "--phone", "555-0201", "--phone", "555-0202"]
        + box.storeFlags)
    #expect(set.code == .success, "\(set.stderr)")
    contact = try #require(try open(box).loadPatient(externalID: "p-agnes")?.contacts.first)
    #expect(contact.phone == "555-0201")
    #expect(contact.altPhone == "555-0202")
    let before = box.hash(box.database)
    for extra in [["--phone", "555-0303"], ["--alt-phone", "555-0303"]] {
      let refused = box.run(
        ["contact", "set", "agnes", "lucia", "--phone", "555-0301", "--phone", "555-0302"]
          + extra + box.storeFlags)
      #expect(refused.code == .usage, "\(extra): \(refused.stderr)")
      #expect(refused.stderr.contains("keeps two numbers"), "\(refused.stderr)")
    }
    // A field without a twin is still given once.
    let team = box.run(
      ["team", "add", "agnes", "--name", "Dr. Okafor", "--phone", "1", "--phone", "2"]
        + box.storeFlags)
    #expect(team.code == .usage)
    #expect(team.stderr.contains("--phone is given twice"), "\(team.stderr)")
    #expect(box.hash(box.database) == before)
  }
}
