// SPDX-License-Identifier: Apache-2.0
import RuaCore
import Testing

/// A second guard on the drug-name matcher, over the whole shipped table rather than a list of
/// chosen names: a salt or release word never changes which classes a generic gets, and the
/// brand field never gives a class.
@Suite struct DrugNameFormTests {
  let table: DrugClassTable
  let generics: [String]

  init() throws {
    table = try shippedDrugClassTable()
    generics = table.classes.flatMap(\.generics)
  }

  private func classIDs(_ name: String, brand: String? = nil) -> [String] {
    var med = medication("m", name)
    med.brand = brand
    return table.classes(for: med).map(\.id)
  }

  /// Each generic of the table, written with one of `extra` (in turn) after it, upper-case.
  private func expectSetAside(_ extra: Set<String>) {
    let words = extra.sorted()
    for (index, generic) in generics.enumerated() {
      let written = "\(generic) \(words[index % words.count].uppercased())"
      #expect(DrugName.words(written) == DrugName.words(generic), "\(written)")
      #expect(classIDs(written) == classIDs(generic), "\(written)")
    }
  }

  @Test func everySaltWordIsSetAsideForEveryGeneric() {
    #expect(generics.count > 50)
    expectSetAside(DrugName.saltWords)
    #expect(DrugName.words("potassium chloride") == [])
    #expect(DrugName.words("metoprolol succinate") == ["metoprolol"])
  }

  @Test func everyReleaseWordIsSetAsideForEveryGeneric() {
    expectSetAside(DrugName.releaseWords)
    #expect(DrugName.words("nifedipine extended-release") == ["nifedipine"])
  }

  @Test func theBrandGivesNoClassAndTakesNoneAway() {
    for generic in generics {
      #expect(classIDs("Brandolex", brand: generic).isEmpty, "brand \(generic)")
      #expect(classIDs(generic, brand: "Brandolex") == classIDs(generic), "\(generic)")
    }
    #expect(!classIDs("apixaban").isEmpty)
    #expect(classIDs("Eliquis", brand: "apixaban").isEmpty)
  }
}
