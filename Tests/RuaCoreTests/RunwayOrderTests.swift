// SPDX-License-Identifier: Apache-2.0
import RuaCore
import Testing

@Suite struct RunwayOrderTests {
  let today = day("2026-06-30")

  @Test func documentOrderIsActiveFirstThenUrgencyThenDaysThenName() {
    let meds = [
      medication("a", "Zolpidem", asNeeded: true),
      medication("b", "lisinopril", fills: [("2026-06-01", 90)]),  // ok, 61 days
      medication("c", "Metformin", fills: [("2026-06-01", 30)]),  // urgent, 1 day
      medication("d", "atorvastatin", fills: [("2026-06-01", 60)]),  // ok, 31 days
      medication("e", "warfarin", fills: [("2026-05-01", 30)]),  // overdue, -30
      medication("f", "amlodipine"),  // no fill
      medication("g", "apixaban", fills: [("2026-06-05", 30)]),  // soon, 5
      medication("h", "Acetaminophen", asNeeded: true),
      medication("i", "donepezil", fills: [("2026-06-01", 30)], status: .stopped),
      medication("j", "furosemide", fills: [("2026-06-01", 30)], status: .onHold),  // urgent, 1
      medication("k", "digoxin", fills: [("2026-06-01", 29)]),  // overdue, 0
    ]
    let order = Runway.documentOrder(meds, today: today).map(\.id)
    #expect(order == ["e", "k", "c", "g", "f", "d", "b", "h", "a", "j"])
  }

  @Test func onHoldMedicationsFollowTheActiveOnes() {
    let meds = [
      medication("held", "aspirin", fills: [("2026-01-01", 30)], status: .onHold),  // overdue
      medication("prn", "acetaminophen", asNeeded: true),
      medication("held2", "apixaban", status: .onHold),  // no fill
    ]
    #expect(Runway.documentOrder(meds, today: today).map(\.id) == ["prn", "held", "held2"])
  }

  @Test func stoppedMedicationsAreLeftOut() {
    let meds = [
      medication("a", "warfarin", fills: [("2026-06-01", 30)], status: .stopped),
      medication("b", "metformin", status: .stopped),
    ]
    #expect(Runway.documentOrder(meds, today: today).isEmpty)
  }

  @Test func sameStatusSameDaysFallsBackToNameIgnoringCaseThenID() {
    let meds = [
      medication("z", "beta", fills: [("2026-06-01", 90)]),
      medication("y", "Alpha", fills: [("2026-06-01", 90)]),
      medication("x", "alpha", fills: [("2026-06-01", 90)]),
    ]
    #expect(Runway.documentOrder(meds, today: today).map(\.id) == ["x", "y", "z"])
  }

  @Test func urgencyRanksAreDistinctAndInDocumentOrder() {
    let ranked = RunwayStatus.allCases.sorted { $0.urgencyRank < $1.urgencyRank }
    #expect(ranked == [.overdue, .urgent, .soon, .noFill, .ok, .asNeeded])
  }
}
