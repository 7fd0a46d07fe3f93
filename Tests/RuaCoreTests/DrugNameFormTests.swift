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

  @Test func everySaltWordIsSetAsideForEveryGeneric() {
    #expect(generics.count > 50)
    let salts = DrugName.saltWords.sorted()
    for (index, generic) in generics.enumerated() {
      let salt = salts[index % salts.count]
      let written = "\(generic) \(salt.uppercased())"
      #expect(DrugName.words(written) == DrugName.words(generic), "\(written)")
      #expect(classIDs(written) == classIDs(generic), "\(written)")
    }
    #expect(DrugName.words("potassium chloride") == [])
    #expect(DrugName.words("metoprolol succinate") == ["metoprolol"])
  }

  @Test func everyReleaseWordIsSetAsideForEveryGeneric() {
    let releases = DrugName.releaseWords.sorted()
    for (index, generic) in generics.enumerated() {
      let release = releases[index % releases.count]
      let written = "\(generic) \(release.uppercased())"
      #expect(DrugName.words(written) == DrugName.words(generic), "\(written)")
      #expect(classIDs(written) == classIDs(generic), "\(written)")
    }
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
