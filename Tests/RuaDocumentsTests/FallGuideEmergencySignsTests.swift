// SPDX-License-Identifier: Apache-2.0
import RuaCore
import RuaDocuments
import Testing

/// The head-strike rule for an antiplatelet alone, and the 911 signs the guide adds for
/// everyone (fainting, chest pain, stroke) and for a person on insulin or a sulfonylurea (low
/// blood sugar), in every language the guide ships in.
@Suite struct FallGuideEmergencySignsTests {
  typealias B = BuiltDocument

  static func patient(_ medications: [Medication]) -> Patient {
    var patient = Patient(id: "p", fullName: "Tomas Prueba", dateOfBirth: day(1940, 2, 3))
    patient.preferredName = "Tomas"
    patient.medications = medications
    return patient
  }

  static var clopidogrel: Medication {
    var medication = B.medication("m1", "clopidogrel", fill: (day(2026, 11, 1), 30))
    medication.brand = "Plavix"
    return medication
  }

  /// The filled text of one content block in `language`, as the guide prints it.
  static func filled(_ id: String, _ language: String, name: String = "Tomas") throws -> String {
    let block = try #require(try B.content(language).block(id))
    return block.text.replacing("{name}", with: name)
  }

  /// The table's word for "anticoagulant" in `language` (its label up to any parenthesis).
  static func anticoagulantWord(_ language: String) throws -> String {
    let anticoagulants = try #require(
      try B.drugClasses().classes.first { $0.id == "anticoagulants" })
    let label = anticoagulants.label(locale: language)
    return String(label.prefix { $0 != "(" && $0 != "（" }).trimmingSpaces
  }

  @Test(arguments: DocumentKind.languages)
  func anAntiplateletAloneIsNamedAsABloodThinnerOfItsKind(_ language: String) throws {
    let document = try B.fallGuide(Self.patient([Self.clopidogrel]), language: language)
    let text = B.allText(document)
    let rule = try Self.filled("falls.antiplatelet", language).replacing(
      "{antiplatelets}", with: "clopidogrel (Plavix)")
    #expect(text.contains(rule), "\(language): the antiplatelet rule is missing")
    #expect(rule.contains("clopidogrel (Plavix)"))
    // Not "if he ever starts a blood thinner", and not the anticoagulant band.
    let general = try Self.filled("falls.blood-thinner-general", language)
    #expect(!text.contains(String(general.prefix(30))), "\(language)")
    #expect(!text.contains(try B.labels(language)[.bloodThinner]), "\(language)")
    // The ER sheet's softer band, not the danger band.
    let bands = B.blocks(document).compactMap {
      if case .alert(let alert) = $0 { return alert } else { return nil }
    }
    let band = try #require(bands.first { $0.text.plainText == rule }, "\(language)")
    #expect(band.tone == .warning)
    #expect(band.label.plainText == (try B.labels(language)[.antiplatelet]))
  }

  /// Neither the antiplatelet rule nor the blood-thinner band (which also lists an antiplatelet
  /// taken with the anticoagulant) may call the medicines anticoagulants.
  @Test(arguments: DocumentKind.languages)
  func noLanguageCallsAnAntiplateletAnAnticoagulant(_ language: String) throws {
    let word = try Self.anticoagulantWord(language)
    #expect(!word.isEmpty)
    let content = try B.content(language)
    for id in ["falls.antiplatelet", "falls.blood-thinner", "falls.blood-thinner-general"] {
      let block = try #require(content.block(id))
      #expect(
        !block.text.lowercased().contains(word.lowercased()),
        "\(language) \(id) says \(word)")
    }
    var apixaban = B.medication("m2", "apixaban")
    apixaban.brand = "Eliquis"
    let both = B.allText(
      try B.fallGuide(Self.patient([apixaban, Self.clopidogrel]), language: language))
    #expect(both.contains(try B.labels(language)[.bloodThinner]), "\(language)")
    #expect(both.contains("clopidogrel"))
  }

  @Test(arguments: DocumentKind.languages)
  func everyoneGetsTheFaintingChestPainAndStrokeSigns(_ language: String) throws {
    let text = B.allText(try B.fallGuide(Self.patient([]), language: language))
    for id in ["falls.call.fainted", "falls.call.chest-pain", "falls.call.stroke"] {
      #expect(text.contains(try Self.filled(id, language)), "\(language) \(id)")
    }
  }

  @Test(arguments: DocumentKind.languages)
  func lowBloodSugarSignsOnlyForInsulinOrASulfonylurea(_ language: String) throws {
    let sign = try Self.filled("falls.call.low-blood-sugar", language)
    func guide(_ medications: [Medication]) throws -> String {
      B.allText(try B.fallGuide(Self.patient(medications), language: language))
    }
    #expect(try guide([B.medication("m1", "insulin glargine")]).contains(sign), "\(language)")
    #expect(try guide([B.medication("m1", "glipizide")]).contains(sign), "\(language)")
    #expect(!(try guide([B.medication("m1", "metformin")])).contains(sign), "\(language)")
    #expect(!(try guide([Self.clopidogrel])).contains(sign), "\(language)")
  }
}

extension String {
  fileprivate var trimmingSpaces: String {
    String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
  }
}
