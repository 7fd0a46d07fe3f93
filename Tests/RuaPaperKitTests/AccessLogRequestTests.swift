// SPDX-License-Identifier: Apache-2.0
import RuaCore
import RuaPaperKit
import RuaStore
import Testing

/// `log --since`/`--until` to the second: a row written at exactly the --since second is in,
/// and an --until time includes its own second; dates are whole UTC days. Read by the
/// library's `AccessLogRequest`, so the query is what the store is asked.
@Suite("log filter bounds")
struct AccessLogRequestTests {
  static let second: Int64 = 1_795_000_000  // 2026-11-18T11:06:40Z

  func query(since: String? = nil, until: String? = nil, action: String? = nil)
    throws(PaperError) -> AccessQuery
  {
    var request = AccessLogRequest()
    request.since = since
    request.until = until
    request.action = action
    return try request.query(patient: "p-agnes")
  }

  @Test func aTimeStartsAtItsOwnSecondAndIncludesItWhenItEnds() throws {
    let both = try query(since: "2026-11-18T11:06:40Z", until: "2026-11-18T11:06:40Z")
    #expect(both.since?.secondsSinceEpoch == Self.second)
    #expect(both.until?.secondsSinceEpoch == Self.second + 1)
    #expect(both.patient == "p-agnes")
    let offset = try query(since: "2026-11-18T12:06:40+01:00")
    #expect(offset.since?.secondsSinceEpoch == Self.second)
  }

  @Test func aDateIsTheWholeUTCDay() throws {
    let midnight = Int64(CivilDate(iso: "2026-11-18")!.daysSinceEpoch) * 86_400
    let day = try query(since: "2026-11-18", until: "2026-11-18")
    #expect(day.since?.secondsSinceEpoch == midnight)
    #expect(day.until?.secondsSinceEpoch == midnight + 86_400)
  }

  @Test func neitherADateNorATimeIsRefusedNamingTheOption() {
    #expect(throws: PaperError.self) { try query(since: "yesterday") }
    let error = #expect(throws: PaperError.self) { try query(until: "18/11/2026") }
    #expect(error?.message.contains("--until '18/11/2026'") == true)
    #expect(error?.kind == .invalidRequest)
    let backwards = #expect(throws: PaperError.self) {
      try query(since: "2026-11-18", until: "2026-11-17")
    }
    #expect(backwards?.message == "--until must come after --since")
  }

  @Test func anActionIsOneTheLogWrites() throws {
    #expect(try query(action: "print").action == .print)
    let error = #expect(throws: PaperError.self) { try query(action: "read") }
    #expect(error?.message.hasPrefix("--action takes one of ") == true)
  }
}

/// `log verify --anchor` and `log anchor` without argv: the claim's form is checked before the
/// store is asked, the head vouches for the log, and a head the log does not hold is found.
@Suite struct AccessLogVerifyTests {
  @Test(arguments: ["12", "12:abc", "x:abcdef", "-1:abcdef", "3:abcdeg"])
  func aClaimNotOfTheFormSEQHASHIsRefusedNamingTheOption(text: String) {
    #expect {
      try LogAnchorClaim(checking: text)
    } throws: { error in
      let error = error as? PaperError
      return error?.kind == .invalidRequest
        && error?.message.hasPrefix("--anchor '\(text)' is not SEQ:HASH") == true
    }
  }

  @Test func theHeadVouchesForTheLogAndAnotherHashDoesNot() throws {
    let fixture = try KitFixture()
    let session = try fixture.session()
    _ = try session.export(to: .file(path: fixture.folder + "/circle.json", replace: false))
    let head = try session.accessHead()
    #expect(head.sequence > 0)
    let kept = try session.verifyAccessLog(claim: LogAnchorClaim(checking: head.text))
    guard case .verified(let said) = kept.finding else {
      Issue.record("the head did not vouch for the log: \(kept.messages)")
      return
    }
    #expect(said.contains("head \(head.text)") && said.contains("given anchor \(head.sequence)"))
    let hex = String(head.text.split(separator: ":")[1])
    let other = (hex.first == "0" ? "1" : "0") + hex.dropFirst()
    let forged = try session.verifyAccessLog(
      claim: LogAnchorClaim(checking: "\(head.sequence):\(other)"))
    #expect(forged.finding == .tampered)
    #expect(forged.messages.contains { $0.contains("has another hash") })
  }
}
