// SPDX-License-Identifier: Apache-2.0
import Foundation
import RuaCLI
import RuaCLITestSupport
import RuaCore
import RuaPaperKit
import RuaTestSupport
import Testing

@testable import RuaStore

/// Issue 16 through the command line: run ids, binders, filters, anchors, doctor --repair.
@Suite("access log commands")
struct AccessLogCommandTests {
  private func sandbox() -> CLISandbox { BatchCommandTests.sandbox() }

  private func store(_ box: CLISandbox) throws -> Store {
    try Store.open(StoreLocation(database: box.database, keyFile: box.keyFile), actor: .current())
  }

  private func er(_ box: CLISandbox, _ output: String, _ extra: [String] = []) -> CLIResult {
    box.run(
      ["er", "p-agnes-01", "-o", output, "--templates", PackageRoot.templates] + extra
        + box.storeFlags)
  }

  private func json(_ result: CLIResult) throws -> [JSON] {
    try #require(try JSONParser.parse(result.stdout).arrayValue)
  }

  @Test func aBatchIsOneRunAndItsBinderIsListedForEachPatient() throws {
    let box = sandbox()
    let batch = box.run(
      [
        "batch", "--all", "--docs", "er", "--out", "docs", "--binder", "binder.pdf",
        "--templates", PackageRoot.templates,
      ] + box.storeFlags)
    #expect(batch.code == .success, "\(batch.stderr)")
    #expect(er(box, "one.pdf").code == .success)
    let rows = try json(box.run(["log", "--format", "json"] + box.storeFlags))
    #expect(rows.count == 10)  // 3 documents and a binder, intent + outcome, then the ER sheet
    let runs = rows.map { $0["runId"]?.stringValue }
    #expect(Set(runs.prefix(8)).count == 1 && runs[0]?.count == 36)
    #expect(runs[8] == runs[9] && runs[8] != runs[0])
    let run = try #require(runs[0])
    #expect(
      try json(box.run(["log", "--run", run, "--format", "json"] + box.storeFlags)).count == 8)
    let clock = Int(time(nil))
    for row in rows {
      // Stamped when written (the harness's fixed clock is weeks earlier), not at start.
      let epoch = try #require(row["epoch"]?.intValue)
      #expect(abs(epoch - clock) < 600 && epoch != Int(box.now))
      #expect(row["uid"]?.intValue == Int(getuid()))
      #expect(row["user"]?.stringValue?.isEmpty == false)
      #expect(row["host"]?.stringValue?.isEmpty == false)
      #expect(row["chainFormat"]?.intValue == 2)
    }

    let tomasz = box.run(["log", "p-tomasz-02"] + box.storeFlags)
    let lines = tomasz.stdout.split(separator: "\n")
    #expect(lines.count == 4, "\(tomasz.stdout)")
    #expect(lines.filter { $0.contains("  binder  ") }.count == 2)
    #expect(lines.last?.contains("holds p-agnes-01,p-tomasz-02,p-meiling-03") == true)
    let binder = try json(box.run(["log", "p-meiling-03", "--format", "json"] + box.storeFlags))
      .last
    #expect(binder?["document"]?.stringValue == "binder")
    #expect(binder?["patient"] == .null)
    #expect(
      binder?["patients"]?.arrayValue?.compactMap(\.stringValue)
        == ["p-agnes-01", "p-tomasz-02", "p-meiling-03"])
  }

  @Test func filtersBySinceUntilAndActionShowTheUserPerRow() throws {
    let box = sandbox()
    do {
      let store = try store(box)
      let day: Int64 = 86_400
      for (index, user) in ["ana", "bo", "cy"].enumerated() {
        store.actor = AccessActor(
          userID: 1000 + index, userName: user, host: "desk", runID: "run-\(user)")
        try store.appendAccess(
          AccessEntry(
            patientID: "p-agnes-01", document: "er-sheet", action: index == 1 ? "export" : "print",
            destination: "lab", toolVersion: "0.1.0", outcome: AccessOutcome.completed),
          // 2026-11-18, -19, -20, 11:06:40Z
          now: Instant(secondsSinceEpoch: 1_795_000_000 + Int64(index) * day))
      }
    }
    func users(_ extra: [String]) throws -> [String] {
      let result = box.run(["log", "--format", "json"] + extra + box.storeFlags)
      #expect(result.code == .success, "\(result.stderr)")
      return try json(result).compactMap { $0["user"]?.stringValue }
    }
    #expect(try users([]) == ["ana", "bo", "cy"])
    #expect(try users(["--since", "2026-11-19"]) == ["bo", "cy"])
    #expect(try users(["--until", "2026-11-19"]) == ["ana", "bo"])
    #expect(try users(["--since", "2026-11-19T11:06:41Z"]) == ["cy"])
    #expect(try users(["--until", "2026-11-19T12:06:40+01:00"]) == ["ana", "bo"])
    #expect(try users(["--action", "print"]) == ["ana", "cy"])
    #expect(try users(["--action", "print", "--since", "2026-11-19"]) == ["cy"])
    #expect(try users(["--run", "run-bo"]) == ["bo"])
    let text = box.run(["log", "--action", "print", "--until", "2026-11-18"] + box.storeFlags)
    #expect(text.stdout.contains("by ana (uid 1000) on desk  run run-ana"), "\(text.stdout)")
    for bad in [
      ["--since", "last monday"], ["--until", "2026-13-01"],
      ["--since", "2026-11-20", "--until", "2026-11-19"],
    ] {
      let refused = box.run(["log"] + bad + box.storeFlags)
      #expect(refused.code == .usage, "\(bad)")
      #expect(refused.stderr.contains("--"), "\(refused.stderr)")
    }
    #expect(box.run(["log", "anchor", "--since", "2026-11-19"] + box.storeFlags).code == .usage)
  }

  @Test(arguments: [1, 2, 4])
  func aCutTailFailsVerifyWithTheAnchorFileAndWithAKeptAnchor(cut: Int) throws {
    let box = sandbox()
    #expect(er(box, "a.pdf").code == .success)
    #expect(er(box, "b.pdf").code == .success)
    let anchor = box.run(["log", "anchor"] + box.storeFlags)
    let kept = anchor.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    #expect(kept == (try store(box).accessHead().text))
    #expect(kept.hasPrefix("4:") && kept.count == 2 + 64)
    let intact = box.run(["log", "verify", "--anchor", kept] + box.storeFlags)
    #expect(intact.code == .success, "\(intact.stderr)")
    #expect(intact.stdout.contains("holds the anchor file's 4 and the given anchor 4"))
    let short = String(kept.prefix(8))  // "4:" and 6 hex digits, as a printed footer gives it
    #expect(box.run(["log", "verify", "--anchor", short] + box.storeFlags).code == .success)

    try store(box).connection.execute(
      """
      DROP TRIGGER access_log_no_delete;
      DELETE FROM access_log WHERE id > \(4 - cut);
      \(AccessLogGuard.triggers[1].sql);
      """)
    let withFile = box.run(["log", "verify"] + box.storeFlags)
    #expect(withFile.code == .failure)
    #expect(withFile.stderr.contains("no longer holds row 4"), "\(withFile.stderr)")
    let withAnchor = box.run(["log", "verify", "--anchor", short] + box.storeFlags)
    #expect(withAnchor.code == .failure)
    #expect(withAnchor.stderr.contains("does not contain the anchor 4:"), "\(withAnchor.stderr)")
    #expect(withAnchor.stderr.contains("no row 4 (its head is \(4 - cut))"))
    // And nothing more is delivered onto the cut chain.
    let refused = er(box, "c.pdf")
    #expect(refused.code == .dataError)
    #expect(!FileManager.default.fileExists(atPath: box.file("c.pdf")))
  }

  /// Issue 34: the empty-log anchor `0:000…` written after a cut used to verify as intact.
  @Test func anAnchorSetBackAfterACutFailsVerifyUnlessAKeptAnchorNamesTheHead() throws {
    let box = sandbox()
    #expect(er(box, "a.pdf").code == .success)
    #expect(er(box, "b.pdf").code == .success)
    try store(box).connection.execute(
      """
      DROP TRIGGER access_log_no_delete;
      DELETE FROM access_log WHERE id > 2;
      \(AccessLogGuard.triggers[1].sql);
      """)
    box.write("config/key.anchor", LogPosition.empty.text + "\n")
    let verify = box.run(["log", "verify"] + box.storeFlags)
    #expect(verify.code == .failure, "\(verify.stdout)")
    #expect(
      verify.stderr.contains("names the empty log (0), but the access log goes on to row 2"),
      "\(verify.stderr)")
    let head = try store(box).accessHead().text
    let vouched = box.run(["log", "verify", "--anchor", head] + box.storeFlags)
    #expect(vouched.code == .success, "\(vouched.stderr)")
    #expect(vouched.stderr.contains("which the given anchor vouches for"), "\(vouched.stderr)")
    #expect(er(box, "c.pdf").code == .dataError, "nothing is delivered onto it")
  }

  /// A kept anchor is a row and its hash: a row that exists with another hash (a rewritten
  /// log, or another store's anchor) fails as surely as a missing row, and says so.
  @Test func aWrongHashOrAnotherStoresAnchorFailsVerifyOnAnIntactLog() throws {
    let boxA = sandbox()
    let boxB = sandbox()
    for box in [boxA, boxB] {
      #expect(er(box, "a.pdf").code == .success)
      #expect(er(box, "b.pdf").code == .success)
    }
    let rowsBefore = try store(boxA).accessLog().count
    let headA = try store(boxA).accessHead().text
    let headB = try store(boxB).accessHead().text
    // Same rows, same sequence numbers: only the hashes tell the two stores apart.
    #expect(headA.hasPrefix("4:") && headB.hasPrefix("4:") && headA != headB)
    #expect(boxA.run(["log", "verify", "--anchor", headA] + boxA.storeFlags).code == .success)

    let rowTwo = try #require(try store(boxA).accessLog().first { $0.position.sequence == 2 })
    let realTwo = String(rowTwo.position.text.dropFirst(2).prefix(6))
    let wrongTwo = (realTwo.first == "0" ? "1" : "0") + realTwo.dropFirst()
    let cases: [(anchor: String, shown: String)] = [
      ("2:" + wrongTwo, "2:" + wrongTwo),
      ("2:" + String(repeating: realTwo.first == "f" ? "e" : "f", count: 64), "2:"),
      (headB, String(headB.prefix(8))),
      (String(headB.prefix(8)), String(headB.prefix(8))),
    ]
    for (anchor, shown) in cases {
      let refused = boxA.run(["log", "verify", "--anchor", anchor] + boxA.storeFlags)
      #expect(refused.code == .failure, "\(anchor): \(refused.stdout)\(refused.stderr)")
      #expect(!refused.stdout.contains("verified"), "\(anchor): \(refused.stdout)")
      #expect(
        refused.stderr.contains("does not contain the anchor \(shown)"),
        "\(anchor): \(refused.stderr)")
      #expect(
        refused.stderr.contains("row \(anchor.prefix(1)) has another hash"),
        "\(anchor): \(refused.stderr)")
    }
    // Verifying reads only: the log of A is as it was, and B's own anchor holds for B.
    #expect(try store(boxA).accessLog().count == rowsBefore)
    #expect(boxB.run(["log", "verify", "--anchor", headB] + boxB.storeFlags).code == .success)
  }

  @Test func aDroppedTriggerIsReportedByDoctorRefusedByWritesAndRepaired() throws {
    let box = sandbox()
    #expect(er(box, "a.pdf").code == .success)
    #expect(box.run(["doctor"] + box.storeFlags).stdout.contains("append-only triggers present"))
    try store(box).connection.execute("DROP TRIGGER access_log_no_update")
    let doctor = box.run(["doctor"] + box.storeFlags)
    #expect(doctor.code == .dataError)
    #expect(doctor.stdout.contains("the trigger access_log_no_update is missing"))
    #expect(doctor.stderr.contains("doctor --repair"))
    let verify = box.run(["log", "verify"] + box.storeFlags)
    #expect(verify.code == .dataError)
    #expect(verify.stderr.contains("no longer append-only"))
    let refused = er(box, "b.pdf")
    #expect(refused.code == .dataError)
    #expect(refused.stderr.contains("nothing was delivered"))
    #expect(!FileManager.default.fileExists(atPath: box.file("b.pdf")))

    let repair = box.run(["doctor", "--repair"] + box.storeFlags)
    #expect(repair.code == .success, "\(repair.stdout)\(repair.stderr)")
    #expect(repair.stdout.contains("repaired:   restored the append-only triggers"))
    let last = try json(
      box.run(["log", "--action", "repair", "--format", "json"] + box.storeFlags))
    #expect(last.count == 1 && last[0]["outcome"]?.stringValue?.contains("no_update") == true)
    #expect(box.run(["log", "verify"] + box.storeFlags).code == .success)
    #expect(er(box, "b.pdf").code == .success)
  }

  @Test func printedPagesCarryTheHeadUnlessTheTimeIsFixed() throws {
    let box = sandbox()
    #expect(er(box, "a.pdf").code == .success)
    let head = try store(box).accessLog()[1].position
    #expect(er(box, "b.pdf").code == .success)
    // b.pdf was made when a.pdf's two rows were the log: "log 2 · <first 6 hex digits>".
    #expect(try PDFText.of(box.file("b.pdf")).contains(head.footer))
    #expect(head.footer == "log 2 · " + String(Hex.encode(head.hash).prefix(6)))
    // The first document of an empty log, and any with --now, carry none.
    #expect(try !PDFText.of(box.file("a.pdf")).contains("log "))
    let fixed = Instant(secondsSinceEpoch: Int64(time(nil)) + 60).rfc3339
    #expect(er(box, "c.pdf", ["--now", fixed]).code == .success)
    #expect(try !PDFText.of(box.file("c.pdf")).contains("· log"))
  }
}
