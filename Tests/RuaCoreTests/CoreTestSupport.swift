// SPDX-License-Identifier: Apache-2.0
import Foundation
import RuaCore
import RuaTestSupport
import Testing

/// A date from `YYYY-MM-DD`, for tables whose literals are known to be valid.
func day(_ text: String) -> CivilDate {
  guard let date = CivilDate(iso: text) else {
    Issue.record("not a date in a test table: \(text)")
    return CivilDate(daysSinceEpoch: 0)
  }
  return date
}

/// The shipped `templates/drug-classes.json`, parsed.
func shippedDrugClassTable() throws -> DrugClassTable {
  try DrugClassTable.parse(try JSONParser.parse(PackageRoot.bytes("templates/drug-classes.json")))
}

/// SplitMix64: a small seeded generator, so property tests give the same cases on every run.
struct SeededGenerator: RandomNumberGenerator {
  private var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

func medication(
  _ id: String, _ name: String, fills: [(String, Int)] = [], asNeeded: Bool = false,
  status: MedicationStatus = .active, highAlert: Bool? = nil
) -> Medication {
  Medication(
    id: id, name: name, asNeeded: asNeeded, status: status, highAlert: highAlert,
    fills: fills.map { Fill(fillDate: day($0.0), daySupply: $0.1) })
}
