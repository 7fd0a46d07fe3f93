// SPDX-License-Identifier: Apache-2.0
import Testing

@testable import RuaPDF

/// `ObjectTable` stands in for the `[Int: Handle]` the reader kept: for any sequence of
/// writes it must answer every number as that dictionary does, below and above its dense
/// limit, for the null handle 0, and after an object is removed.
@Suite("object table")
struct ObjectTableTests {
  @Test("answers as a dictionary for numbers dense, sparse, removed and never set")
  func answersAsADictionary() {
    var table = ObjectTable()
    var reference: [Int: Int] = [:]
    let limit = ObjectTable.denseLimit
    let writes: [(Int, Int?)] = [
      (1, 5), (2, 0), (7, 9), (3, nil), (limit - 1, 4), (limit, 8), (3_999_999, 2),
      (7, nil), (limit, nil), (0, 11), (12, 13), (40, nil), (limit + 5, 0),
    ]
    for (number, handle) in writes {
      table[number] = handle
      reference[number] = handle
    }
    let asked = [
      0, 1, 2, 3, 4, 7, 12, 13, 40, 41, limit - 1, limit, limit + 5, 3_999_999, 5_000_000,
    ]
    for number in asked {
      #expect(table[number] == reference[number], "object \(number)")
    }
  }
}
