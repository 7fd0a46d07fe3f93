// SPDX-License-Identifier: Apache-2.0
import RuaCore
import Testing

@Suite struct DrugClassTableTests {
  @Test func theShippedTableParsesAndEveryClassIsSourcedAndHasAReviewStatus() throws {
    let table = try shippedDrugClassTable()
    #expect(table.contentVersion == "1.3.1")
    #expect(!table.classes.isEmpty)
    let sourceIDs = Set(table.sources.map(\.id))
    for drugClass in table.classes {
      #expect(!drugClass.sources.isEmpty, "\(drugClass.id) has no source")
      #expect(drugClass.sources.allSatisfy(sourceIDs.contains))
      #expect(drugClass.labels["en"] != nil && drugClass.labels["es"] != nil)
      // Shipped honestly: nobody has reviewed it yet.
      #expect(drugClass.review == .pending, "\(drugClass.id)")
    }
    #expect(!table.isReviewed)
    #expect(table.sources.allSatisfy { !$0.citation.isEmpty })
  }

  @Test func theShippedTableCoversEveryFlagAndTheRequiredClasses() throws {
    let table = try shippedDrugClassTable()
    #expect(Set(table.classes.map(\.flag)) == Set(MedicationFlag.allCases))
    let ids = Set(table.classes.map(\.id))
    for id in [
      "anticoagulants", "antiplatelets", "insulins", "sulfonylureas", "opioids-high-alert",
      "opioids-fall-risk", "benzodiazepines", "z-drugs", "antipsychotics", "antidepressants",
      "antiepileptics", "diuretics",
    ] {
      #expect(ids.contains(id), "missing \(id)")
    }
    // STOPPFall is cited by class name only; its classes are the fall-risk ones.
    for drugClass in table.classes where drugClass.sources.contains("STOPPFall") {
      #expect(drugClass.flag == .fallRisk)
    }
  }

  @Test func everyShippedGenericMatchesItsOwnClass() throws {
    let table = try shippedDrugClassTable()
    for drugClass in table.classes {
      for generic in drugClass.generics {
        let matched = table.classes(for: Medication(id: "m", name: generic)).map(\.id)
        #expect(matched.contains(drugClass.id), "\(generic) does not match \(drugClass.id)")
        // The same generic as a prescriber writes it, with a salt and a release suffix.
        let written = Medication(id: "m", name: generic.uppercased() + " HCl ER")
        #expect(table.flags(for: written).contains(drugClass.flag), "\(generic)")
      }
    }
  }

  @Test func aBloodThinnerIsNeverAlsoAnAntiplatelet() throws {
    let table = try shippedDrugClassTable()
    let anticoagulants = table.classes.filter { $0.flag == .anticoagulant }.flatMap(\.generics)
    for generic in anticoagulants {
      #expect(!table.flags(for: Medication(id: "m", name: generic)).contains(.antiplatelet))
    }
  }

  private static let minimal = """
    {"format": "rua-drug-classes", "contentVersion": "3.1.0",
     "sources": [{"id": "ISMP", "citation": "ISMP 2021"}],
     "classes": [{"id": "insulins", "flag": "high-alert", "label": {"en": "insulin", "es": "insulina"},
       "generics": ["insulin"], "sources": ["ISMP"],
       "review": {"status": "approved", "reviewer": "Dr. Example", "date": "2026-11-01"}}]}
    """

  @Test func parsesAnApprovedReview() throws {
    let table = try DrugClassTable.parse(try JSONParser.parse(Self.minimal))
    #expect(table.contentVersion == "3.1.0")
    #expect(
      table.classes.first?.review == .approved(reviewer: "Dr. Example", date: day("2026-11-01")))
    #expect(table.isReviewed)
  }

  @Test(arguments: [
    ("\"3.1.0\"", "3", "contentVersion"),
    ("\"3.1.0\"", "\"3.01.0\"", "contentVersion"),
    ("\"3.1.0\"", "\"3.1\"", "contentVersion"),
    ("\"3.1.0\",", "\"3.1.0\", \"extra\": 1,", "extra"),
    ("\"rua-drug-classes\"", "\"something-else\"", "format"),
    ("\"flag\": \"high-alert\"", "\"flag\": \"scary\"", "classes[0].flag"),
    ("\"es\": \"insulina\"", "\"fr\": \"insuline\"", "classes[0].label.es"),
    ("[\"insulin\"]", "[\"insulin\", 7]", "classes[0].generics[1]"),
    ("[\"insulin\"]", "[\"insulin\", \"Insulin\"]", "classes[0].generics[1]"),
    ("[\"insulin\"]", "[\"HCl ER\"]", "classes[0].generics[0]"),
    ("[\"insulin\"]", "[]", "classes[0].generics"),
    ("\"sources\": [\"ISMP\"]", "\"sources\": [\"BEERS\"]", "classes[0].sources[0]"),
    ("\"sources\": [\"ISMP\"]", "\"sources\": []", "classes[0].sources"),
    ("\"2026-11-01\"", "\"2026-02-30\"", "classes[0].review.date"),
    ("\"reviewer\": \"Dr. Example\", ", "", "classes[0].review.reviewer"),
    ("\"approved\"", "\"maybe\"", "classes[0].review.status"),
    ("\"id\": \"insulins\"", "\"id\": \"Insulins!\"", "classes[0].id"),
    ("\"generics\"", "\"generic\"", "classes[0].generic"),
    (
      "\"flag\": \"high-alert\"", "\"flag\": \"high-alert\", \"lowersBloodSugar\": \"yes\"",
      "classes[0].lowersBloodSugar"
    ),
  ])
  func refusesABrokenTableNamingThePath(find: String, replace: String, path: String) throws {
    let text = Self.minimal.replacing(find, with: replace, maxReplacements: 1)
    #expect(text != Self.minimal, "the test edit did not apply")
    let json = try JSONParser.parse(text)
    let error = #expect(throws: DrugClassTableError.self) { try DrugClassTable.parse(json) }
    #expect(error?.path == path)
  }

  @Test func onlyInsulinsAndSulfonylureasLowerBloodSugar() throws {
    let table = try shippedDrugClassTable()
    #expect(table.classes.filter(\.lowersBloodSugar).map(\.id) == ["insulins", "sulfonylureas"])
    let minimal = try DrugClassTable.parse(try JSONParser.parse(Self.minimal))
    #expect(minimal.classes.first?.lowersBloodSugar == false)
  }

  @Test func refusesTwoClassesWithOneID() throws {
    let json = try JSONParser.parse(
      """
      {"format": "rua-drug-classes", "contentVersion": "1.0.0", "sources": [{"id": "S", "citation": "c"}],
       "classes": [
        {"id": "a", "flag": "fall-risk", "label": {"en": "a", "es": "a"}, "generics": ["x"],
         "sources": ["S"], "review": {"status": "pending"}},
        {"id": "a", "flag": "fall-risk", "label": {"en": "a", "es": "a"}, "generics": ["y"],
         "sources": ["S"], "review": {"status": "pending"}}]}
      """)
    let error = #expect(throws: DrugClassTableError.self) { try DrugClassTable.parse(json) }
    #expect(error?.path == "classes[1].id")
    #expect(error?.description.hasPrefix("classes[1].id: ") == true)
  }

  @Test func aPendingReviewCarriesNoReviewer() throws {
    let text = Self.minimal.replacing("\"approved\"", with: "\"pending\"", maxReplacements: 1)
    let error = #expect(throws: DrugClassTableError.self) {
      try DrugClassTable.parse(try JSONParser.parse(text))
    }
    #expect(error?.path == "classes[0].review")
  }
}
