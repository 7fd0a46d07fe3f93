// SPDX-License-Identifier: Apache-2.0
import RuaCore
import RuaDocuments
import Testing

/// Readable by an older adult (issue 13): sizes from the shipped templates, safety
/// instructions in the primary colour.
@Suite struct ReadabilityTests {
  typealias B = BuiltDocument

  /// Page furniture (running header, footer, stamp) is not body text.
  static let furniture: Set<String> = [
    "header", "header-muted", "stamp", "footer", "footer-center", "footer-right",
  ]

  @Test(arguments: ["er-sheet.json", "medication-list.json", "fall-guide.json"])
  func bodyIsAtLeast9Point5AndNothingClinicalBelow9(file: String) throws {
    let template = try B.template(file)
    #expect((template.styles["body"]?.size ?? 0) >= 9.5, "\(file): body")
    for (name, style) in template.styles where !Self.furniture.contains(name) {
      #expect(style.size >= 9, "\(file): \(name) is \(style.size) pt")
    }
  }

  @Test func alertValuesAndTheNameAreTheLargestTextOnTheSheet() throws {
    let styles = try B.template("er-sheet.json").styles
    let body = styles["body"]?.size ?? 0
    let name = styles["name"]?.size ?? 0
    #expect(name >= 20)
    #expect((styles["name-sub"]?.size ?? 0) > (styles["band-strong"]?.size ?? 0))
    #expect((styles["band-strong"]?.size ?? 0) > body)
  }

  @Test func safetyInstructionsAreInThePrimaryColourNotGrey() throws {
    var patient = Patient(id: "p", fullName: "Ana", dateOfBirth: day(1940, 1, 2))
    var medication = B.medication("m", "metoprolol")
    medication.instructions = "Hold if pulse under 55"
    patient.medications = [medication]
    let template = try B.template("medication-list.json")
    let primary = template.styles["cell"]?.colour
    let table = try #require(
      B.tables(try B.medicationList(patient)).first { $0.columns.count == 12 })
    let run = try #require(table.rows[0].flatMap(\.runs).first { $0.text.contains("Hold if") })
    #expect(template.styles[run.style]?.colour == primary)
    #expect(run.style != "cell-muted")
  }
}
