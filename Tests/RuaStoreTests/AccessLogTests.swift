// SPDX-License-Identifier: Apache-2.0
import Foundation
import RuaCore
import RuaTestSupport
import Testing

@testable import RuaStore

@Suite("Access log: append-only and hash-chained")
struct AccessLogTests {
  func entry(_ outcome: AccessOutcome) -> AccessEntry {
    AccessEntry(
      patientID: "p-robert", document: "er-sheet", action: "export", destination: "/tmp/x.pdf",
      sha256: SHA256.hex(Array(outcome.rawValue.utf8)), pages: 1, toolVersion: "0.1.0",
      contentVersion: "1", outcome: outcome)
  }

  @Test func appendListAndVerify() throws {
    let folder = TemporaryFolder()
    let store = try Store.create(folder.location, actor: .tester)
    let first = try store.appendAccess(entry("ok"), now: Fixture.now)
    let second = try store.appendAccess(entry("ok"), now: Fixture.now + 1)
    #expect(first.id == 1 && second.id == 2)
    #expect(first.previousHash == [UInt8](repeating: 0, count: 32))
    #expect(second.previousHash == first.rowHash)
    #expect(first.storedTime == "2026-11-18T11:06:40Z" && first.time == Fixture.now)
    #expect(first.uuid.count == 36 && Array(first.uuid)[14] == "7")
    #expect(try store.accessLog(patient: "p-robert").count == 2)
    #expect(try store.accessLog(patient: "p-maria").isEmpty)
    #expect(try store.verifyAccessLog() == nil)
  }

  @Test func appendOnlyRefusesEveryRewrite() throws {
    let folder = TemporaryFolder()
    let store = try Store.create(folder.location, actor: .tester)
    try store.appendAccess(entry("ok"), now: Fixture.now)
    try store.appendAccess(entry("ok"), now: Fixture.now)
    let columns =
      "uuid, time, epoch, document, action, tool_version, outcome, prev_hash, row_hash"
    let values = "'u', 't', 0, 'd', 'a', 'v', 'forged', x'00', x'00'"
    let attacks = [
      "UPDATE access_log SET outcome = 'forged' WHERE id = 1",
      "DELETE FROM access_log WHERE id = 1",
      "INSERT OR REPLACE INTO access_log (id, \(columns)) VALUES (1, \(values))",
      "REPLACE INTO access_log (id, \(columns)) VALUES (2, \(values))",
      "INSERT INTO access_log (id, \(columns)) VALUES (1, \(values))",
    ]
    for sql in attacks {
      #expect(throws: StoreError.self, "\(sql)") { try store.connection.execute(sql) }
    }
    let outcomes = try store.connection.column("SELECT outcome FROM access_log ORDER BY id")
    #expect(outcomes == ["ok", "ok"])
    #expect(try store.verifyAccessLog() == nil)
  }

  @Test func verifyFindsARowRewrittenAfterDropTrigger() throws {
    let folder = TemporaryFolder()
    let store = try Store.create(folder.location, actor: .tester)
    for second in 0..<3 { try store.appendAccess(entry("ok"), now: Fixture.now + Int64(second)) }
    let attacker = try Store.open(folder.location, actor: .tester)
    try attacker.connection.execute(
      """
      DROP TRIGGER access_log_no_update;
      UPDATE access_log SET destination = '/elsewhere.pdf' WHERE id = 2;
      """)
    #expect(try store.verifyAccessLog() == 2)
  }
}

@Suite("Hashes and ids")
struct HashAndIDTests {
  @Test func sha256KnownAnswer() {
    #expect(
      SHA256.hex(Array("abc".utf8))
        == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    #expect(
      SHA256.hex([]) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
  }

  @Test func uuidv7Layout() throws {
    let text = UUIDv7.format(
      milliseconds: 0x0189_1234_5678, random: [UInt8](repeating: 0xff, count: 10))
    #expect(text == "01891234-5678-7fff-bfff-ffffffffffff")
    let made = try UUIDv7.make(seconds: 1)
    #expect(made.hasPrefix("00000000-03e8-7"))
    #expect(try UUIDv7.make(seconds: 1) != made)
  }

  @Test func utcTime() {
    #expect(Instant(secondsSinceEpoch: 0).rfc3339 == "1970-01-01T00:00:00Z")
    #expect(Instant(secondsSinceEpoch: 1_795_000_000).rfc3339 == "2026-11-18T11:06:40Z")
    #expect(Instant(secondsSinceEpoch: -1).rfc3339 == "1969-12-31T23:59:59Z")
  }
}
