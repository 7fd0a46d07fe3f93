// SPDX-License-Identifier: Apache-2.0
import RuaCore
import Testing

@Suite struct MedsReportTests {
  let table: DrugClassTable
  let today = day("2026-11-29")

  init() throws { table = try shippedDrugClassTable() }

  private func patient() -> Patient {
    var person = Patient(id: "p-001", fullName: "Robert Example", dateOfBirth: day("1945-02-14"))
    var metformin = medication("m1", "metformin HCl ER", fills: [("2026-11-01", 30)])
    metformin.strength = "500 mg"
    person.medications = [
      metformin,
      medication("m2", "warfarin", fills: [("2026-10-01", 30), ("2026-11-27", 30)]),
      medication("m3", "acetaminophen", asNeeded: true),
      medication("m4", "amlodipine"),
      medication("m5", "donepezil", fills: [("2026-11-01", 30)], status: .stopped),
    ]
    return person
  }

  @Test func jsonHasTheDocumentedShape() {
    let json = MedsReport.json(patient: patient(), table: table, today: today)
    let expected = """
      {
        "patient": {
          "id": "p-001",
          "fullName": "Robert Example",
          "dateOfBirth": "1945-02-14",
          "age": 81
        },
        "today": "2026-11-29",
        "medications": [
          {
            "id": "m1",
            "name": "metformin HCl ER",
            "brand": null,
            "strength": "500 mg",
            "medicationStatus": "active",
            "status": "urgent",
            "runOutDate": "2026-12-01",
            "daysRemaining": 2,
            "lastFillDate": "2026-11-01",
            "daySupply": 30,
            "hold": null,
            "flags": [],
            "classes": []
          },
          {
            "id": "m4",
            "name": "amlodipine",
            "brand": null,
            "strength": null,
            "medicationStatus": "active",
            "status": "no-fill",
            "runOutDate": null,
            "daysRemaining": null,
            "lastFillDate": null,
            "daySupply": null,
            "hold": null,
            "flags": [],
            "classes": []
          },
          {
            "id": "m2",
            "name": "warfarin",
            "brand": null,
            "strength": null,
            "medicationStatus": "active",
            "status": "ok",
            "runOutDate": "2026-12-27",
            "daysRemaining": 28,
            "lastFillDate": "2026-11-27",
            "daySupply": 30,
            "hold": null,
            "flags": [
              "anticoagulant"
            ],
            "classes": [
              "anticoagulants"
            ]
          },
          {
            "id": "m3",
            "name": "acetaminophen",
            "brand": null,
            "strength": null,
            "medicationStatus": "active",
            "status": "as-needed",
            "runOutDate": null,
            "daysRemaining": null,
            "lastFillDate": null,
            "daySupply": null,
            "hold": null,
            "flags": [],
            "classes": []
          }
        ],
        "drugClasses": {
          "contentVersion": "1.3.1",
          "reviewed": false
        }
      }

      """
    #expect(JSONWriter.write(json) == expected)
  }

  @Test func textIsATableMostUrgentFirst() {
    let text = MedsReport.text(patient: patient(), table: table, today: today)
    let expected = """
      Robert Example, born 1945-02-14 (age 81), as of 2026-11-29
      status     runs out    days  medication               flags
      urgent     2026-12-01     2  metformin HCl ER 500 mg
      no-fill    -              -  amlodipine
      ok         2026-12-27    28  warfarin                 anticoagulant
      as-needed  -              -  acetaminophen

      """
    #expect(text == expected)
  }

  @Test func noMedicationsSaysSo() {
    let person = Patient(id: "p", fullName: "Nobody Example", dateOfBirth: day("1950-01-01"))
    let text = MedsReport.text(patient: person, table: table, today: today)
    #expect(text.hasSuffix("No current medications recorded.\n"))
    let json = MedsReport.json(patient: person, table: table, today: today)
    #expect(json["medications"] == .array([]))
  }
}

@Suite struct PatientSelectorTests {
  private let people: [PatientName] = {
    var robert = Patient(id: "p-1", fullName: "Robert Example", dateOfBirth: day("1945-02-14"))
    robert.preferredName = "Bob"
    let roberta = Patient(id: "p-2", fullName: "Roberta Sample", dateOfBirth: day("1950-05-05"))
    let ana = Patient(id: "p-3", fullName: "Ana Lee", dateOfBirth: day("1940-01-01"))
    let anaLeeson = Patient(id: "p-4", fullName: "Ana Leeson", dateOfBirth: day("1941-01-01"))
    let numbered = Patient(id: "Robert", fullName: "Zed Example", dateOfBirth: day("1939-01-01"))
    return [robert, roberta, ana, anaLeeson, numbered].map(PatientName.init)
  }()

  private func ids(_ selection: PatientSelector.Selection) -> [String] {
    switch selection {
    case .found(let patient): return [patient.id]
    case .ambiguous(let patients): return ["ambiguous"] + patients.map(\.id)
    case .notFound: return []
    }
  }

  @Test(arguments: [
    ("p-2", ["p-2"]),
    ("Robert", ["Robert"]),  // an exact id beats a name prefix
    ("robert e", ["p-1"]),
    ("ROBERTA", ["p-2"]),
    ("bob", ["p-1"]),
    ("rob", ["ambiguous", "p-1", "p-2"]),
    ("Ana Lee", ["p-3"]),  // an exact name beats a longer one it prefixes
    ("ana", ["ambiguous", "p-3", "p-4"]),
    ("ana lees", ["p-4"]),
    ("  zed  ", ["Robert"]),
    ("P-2", ["p-2"]),  // an id in another case ("er Mom" for the id `mom`)
    ("ROBERT", ["Robert"]),  // the id `Robert` in another case, before the names "Robert …"
    // No name starts so: any part of a name does (issue 27: "Herrera" finds José Herrera-Müller).
    ("Example", ["ambiguous", "p-1", "Robert"]),
    ("exam", ["ambiguous", "p-1", "Robert"]),
    ("", []),
    ("   ", []),
  ])
  func selectsByIDOrUnambiguousNamePrefix(query: String, expected: [String]) {
    #expect(ids(PatientSelector.select(query, from: people)) == expected)
  }
}
