// SPDX-License-Identifier: Apache-2.0
import Foundation
import RuaCore
import RuaPaperKit
import RuaStore
import RuaTestSupport
import Testing

/// `fill` without `--days` takes the day supply of the medicine's current fill: the latest by
/// fill date, whatever order the fills are stored or listed in. A refill's run-out date is
/// printed on every document, so this must not depend on the storage order.
@Suite struct RefillDefaultTests {
  /// Fills as (date, day supply), in the order the file lists them.
  static let orders: [(fills: [(String, Int)], expected: Int, why: String)] = [
    ([("2026-10-20", 90), ("2026-09-01", 30)], 90, "the latest listed first"),
    ([("2026-09-01", 30), ("2026-10-20", 90), ("2026-08-01", 7)], 90, "the latest in the middle"),
    ([("2026-08-01", 7), ("2026-09-01", 30), ("2026-10-20", 90)], 90, "in date order"),
    // Two fills on the latest day: the one listed last is current (Runway.currentFill).
    ([("2026-10-20", 14), ("2026-09-01", 30), ("2026-10-20", 28)], 28, "two on the latest day"),
    ([("2026-10-20", 60)], 60, "a single fill"),
  ]

  static func circle(_ fills: [(String, Int)]) -> String {
    let listed = fills.map { #"{"fillDate": "\#($0.0)", "daySupply": \#($0.1)}"# }
    return #"""
      {"format": "rua-care-circle", "version": 1, "patients": [{
        "id": "p-one", "fullName": "Ona Example", "dateOfBirth": "1940-01-01",
        "medications": [{"id": "m-one", "name": "lisinopril", "strength": "10 mg",
          "times": ["morning"], "fills": [\#(listed.joined(separator: ", "))]}]}]}
      """#
  }

  @Test(arguments: 0..<orders.count)
  func aRefillWithoutDaysTakesTheCurrentFillsSupply(_ index: Int) throws {
    let (fills, expected, why) = Self.orders[index]
    let fixture = try KitFixture(circle: Self.circle(fills))
    let edit = try fixture.session().edit("p-one")
    let medication = try edit.medication("lisinopril")
    let refill = try edit.refill(medication, on: "2026-11-10", days: nil, quantity: nil)
    let after = try edit.commit(refill, command: "fill", dryRun: false, options: [:]).patient
    let added = try #require(
      after.medications.first?.fills.first { $0.fillDate.iso == "2026-11-10" })
    #expect(added.daySupply == expected, "\(why)")
    // …and the run-out every document prints counts from the new fill with that supply.
    let runway = Runway.evaluate(try #require(after.medications.first), today: fixture.now.utcDate)
    #expect(runway.runOutDate == CivilDate(iso: "2026-11-10")?.adding(days: expected), "\(why)")
    // The stored record says the same after a fresh read.
    let stored = try fixture.session().patient("p-one")
    #expect(stored.medications.first?.fills.count == fills.count + 1)
  }

  @Test func aMedicineWithoutFillsNeedsDays() throws {
    let fixture = try KitFixture(circle: Self.circle([]))
    let edit = try fixture.session().edit("p-one")
    let medication = try edit.medication("lisinopril")
    #expect(
      throws: PaperError.invalidRequest(
        "lisinopril has no earlier fill to take the day supply from; pass --days N")
    ) {
      _ = try edit.refill(medication, on: nil, days: nil, quantity: nil)
    }
    // Given --days, it is recorded as given.
    let refill = try edit.refill(medication, on: "2026-11-10", days: "45", quantity: nil)
    let after = try edit.commit(refill, command: "fill", dryRun: false, options: [:]).patient
    #expect(after.medications.first?.fills.map(\.daySupply) == [45])
    // `fill` then prints the medicine's run-out from the record as stored.
    let runway = try #require(edit.runway(of: "m-one", in: after))
    #expect(runway.hasPrefix("lisinopril: runs out 2026-12-25, "))
    #expect(edit.runway(of: "m-other", in: after) == nil)
  }
}
