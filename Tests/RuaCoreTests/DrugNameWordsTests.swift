// SPDX-License-Identifier: Apache-2.0
import Testing

@testable import RuaCore

/// `DrugName.allWords` splits ASCII names by bytes and everything else by Characters: on ASCII
/// text the two must give the same words.
@Suite struct DrugNameWordsTests {
  /// Every ASCII character alone, between letters, and doubled, and the shipped table's names.
  @Test func asciiNamesSplitByBytesAsByCharacters() throws {
    var names = [
      "", "Metoprolol Succinate ER 25 mg", "WARFARIN sodium", "insulin-glargine (U-100)",
      "Co-Amoxiclav 875/125", "a\r\nb", "\r\n", "x\ty\u{0}z\u{7f}", "ÀSCII-free? no: plain",
    ]
    for code in 0..<128 {
      let character = String(UnicodeScalar(UInt8(code)))
      names += [character, "ab" + character + "CD9", character + character + "Zz"]
    }
    let table = try shippedDrugClassTable()
    names += table.classes.flatMap(\.generics)
    for name in names where name.utf8.allSatisfy({ $0 < 0x80 }) {
      #expect(
        DrugName.asciiWords(name) == DrugName.characterWords(name), "\(name.debugDescription)")
      #expect(DrugName.allWords(name) == DrugName.characterWords(name))
    }
    // Other text still goes by Characters.
    #expect(DrugName.allWords("Ácido fólico 5 mg") == ["ácido", "fólico", "5", "mg"])
  }
}
