// SPDX-License-Identifier: Apache-2.0
import Foundation
import RuaCore
import RuaDocuments

/// Loads the shipped templates, labels, drug classes and guide content for builder tests, and
/// reads the text back out of a built document.
enum BuiltDocument {
  static let today = day(2026, 11, 29)

  static func template(_ file: String) throws -> Template {
    try Template.parse(TemplateTests.shipped(file), file: "templates/\(file)")
  }

  /// A locale's labels; "es+en" is Spanish with its English halves.
  static func labels(_ language: String = "en") throws -> Labels {
    let parts = language.split(separator: "+").map(String.init)
    let first = try Labels.parse(
      TemplateTests.shipped("locales/\(parts[0]).json"), file: "locales/\(parts[0]).json")
    return try parts.count > 1 ? first.bilingual(labels(parts[1])) : first
  }

  static func drugClasses() throws -> DrugClassTable {
    try DrugClassTable.parse(JSONParser.parse(TemplateTests.shipped("drug-classes.json")))
  }

  static func content(_ language: String = "en") throws -> ContentFile {
    try ContentFile.parse(
      path: "content/falls.\(language).json",
      bytes: Array(TemplateTests.shipped("content/falls.\(language).json").utf8))
  }

  static func medicationList(_ patient: Patient, language: String = "en") throws -> Document {
    let table = try drugClasses()
    return MedicationList.build(
      patient: patient, table: table, today: today, printedAt: "now",
      labels: try labels(language), template: try template("medication-list.json"),
      contentVersion: table.contentVersion, pendingReview: !table.isReviewed)
  }

  /// A fictional patient with only what a test gives her.
  static func patient(_ medications: [Medication] = []) -> Patient {
    var patient = Patient(id: "p", fullName: "Ana Prueba", dateOfBirth: day(1940, 1, 2))
    patient.medications = medications
    return patient
  }

  static func erSheet(_ patient: Patient, language: String = "en") throws -> Document {
    let table = try drugClasses()
    return ERSheet.build(
      patient: patient, facts: ERFacts.derive(patient: patient, table: table, today: today),
      today: today, informationAsOf: nil, printedAt: "now", labels: try labels(language),
      template: try template("er-sheet.json"), contentVersion: "1", pendingReview: false)
  }

  static func fallGuide(
    _ patient: Patient, language: String = "en", content: ContentFile? = nil,
    pendingReview: Bool = false
  ) throws -> Document {
    let table = try drugClasses()
    return FallGuide.build(
      patient: patient, facts: ERFacts.derive(patient: patient, table: table, today: today),
      content: try content ?? Self.content(language), today: today, printedAt: "now",
      labels: try labels(language), template: try template("fall-guide.json"),
      contentVersion: "1.0.0", pendingReview: pendingReview)
  }

  /// Blocks in order, nested column groups flattened.
  static func blocks(_ document: Document) -> [Block] {
    document.blocks.flatMap { block -> [Block] in
      if case .columns(let inner) = block { return inner }
      return [block]
    }
  }

  /// The plain text of every piece of a block.
  static func texts(_ block: Block) -> [String] {
    switch block {
    case .heading(_, let text), .paragraph(let text), .stamp(let text): return [text.plainText]
    case .keyValues(let rows): return rows.flatMap { [$0.label.plainText, $0.value.plainText] }
    case .list(let items): return items.map { $0.marker.plainText + " " + $0.text.plainText }
    case .table(let table):
      return table.columns.map(\.header.plainText) + table.rows.flatMap { $0.map(\.plainText) }
    case .alert(let alert): return [alert.label.plainText, alert.text.plainText]
    case .checklist(let items): return items.map(\.text.plainText)
    case .columns(let blocks): return blocks.flatMap(texts)
    }
  }

  static func allText(_ document: Document) -> String {
    document.blocks.flatMap(texts).joined(separator: "\n")
  }

  static func tables(_ document: Document) -> [Table] {
    blocks(document).compactMap {
      if case .table(let table) = $0 { return table } else { return nil }
    }
  }

  static func medication(
    _ id: String, _ name: String, times: [DoseTime] = [.morning], asNeeded: Bool = false,
    status: MedicationStatus = .active, fill: (CivilDate, Int)? = nil
  ) -> Medication {
    Medication(
      id: id, name: name, strength: "5 mg", dose: "1 tablet", schedule: "daily", times: times,
      asNeeded: asNeeded, asNeededReason: asNeeded ? "pain" : nil,
      maxPerDay: asNeeded ? "3 tablets" : nil, purpose: "for testing", prescriber: "Dr. Test",
      status: status, fills: fill.map { [Fill(fillDate: $0.0, daySupply: $0.1)] } ?? [])
  }
}
