// SPDX-License-Identifier: Apache-2.0
import RuaPaperKit
import RuaStore
import Testing

/// `Session.patients(matching:)`: the listing `patients`, `demo` and the completions show,
/// searched by id or name without case or accents.
@Suite struct PatientSearchTests {
  @Test func everyPatientInFileOrderWithoutASearch() throws {
    let session = try KitFixture().session()
    #expect(try session.patients().map(\.id) == ["p-agnes-01", "p-tomasz-02", "p-meiling-03"])
  }

  @Test(arguments: [
    ("agnes", ["p-agnes-01"]), ("RAMIREZ", ["p-agnes-01"]), ("wisniewski", ["p-tomasz-02"]),
    ("陈", ["p-meiling-03"]), ("meiling-03", ["p-meiling-03"]), ("nobody", []),
  ])
  func aSearchFindsIdsAndNamesWithoutCaseOrAccents(search: String, ids: [String]) throws {
    let session = try KitFixture().session()
    #expect(try session.patients(matching: search).map(\.id) == ids)
  }
}
