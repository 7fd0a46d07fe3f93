// SPDX-License-Identifier: Apache-2.0
import RuaCore
import Testing

@Suite struct RunwayPropertyTests {
  /// Severity that only grows as a supply runs down: ok < soon < urgent < overdue.
  private func severity(_ status: RunwayStatus) -> Int {
    switch status {
    case .ok: return 0
    case .soon: return 1
    case .urgent: return 2
    case .overdue: return 3
    case .asNeeded, .noFill: return -1
    }
  }

  @Test func randomFillsKeepTheRunwayRules() {
    var generator = SeededGenerator(seed: 0x5275_6150_6170_6572)
    let start = day("1900-01-01").daysSinceEpoch
    let end = day("2200-12-31").daysSinceEpoch
    for _ in 0..<5_000 {
      let fillCount = Int.random(in: 1...4, using: &generator)
      let fills = (0..<fillCount).map { _ in
        Fill(
          fillDate: CivilDate(daysSinceEpoch: Int.random(in: start...end, using: &generator)),
          daySupply: Int.random(in: 1...365, using: &generator))
      }
      let med = Medication(id: "m", name: "metformin", fills: fills)
      let today = fills[0].fillDate.adding(days: Int.random(in: -400...400, using: &generator))
      let runway = Runway.evaluate(med, today: today)

      guard let fill = runway.currentFill, let runOut = runway.runOutDate,
        let remaining = runway.daysRemaining
      else {
        Issue.record("a scheduled medication with fills must get a forecast")
        return
      }
      #expect(fill.fillDate.days(until: runOut) == fill.daySupply)
      #expect(fills.allSatisfy { $0.fillDate <= fill.fillDate })
      #expect(today.days(until: runOut) == remaining)

      let tomorrow = Runway.evaluate(med, today: today.adding(days: 1))
      #expect(tomorrow.daysRemaining == remaining - 1)
      #expect(severity(tomorrow.status) >= severity(runway.status))
    }
  }

  @Test func statusNeverImprovesOverAWholeSupply() {
    var generator = SeededGenerator(seed: 42)
    for _ in 0..<200 {
      let supply = Int.random(in: 1...365, using: &generator)
      let fillDate = CivilDate(daysSinceEpoch: Int.random(in: 0...60_000, using: &generator))
      let med = Medication(
        id: "m", name: "x", fills: [Fill(fillDate: fillDate, daySupply: supply)])
      var previous = -1
      for offset in -2...(supply + 2) {
        let status = Runway.evaluate(med, today: fillDate.adding(days: offset)).status
        #expect(severity(status) >= previous)
        previous = severity(status)
      }
      #expect(previous == severity(.overdue))
    }
  }
}
