// SPDX-License-Identifier: Apache-2.0
import Foundation
import RuaCore
import RuaDocuments
import RuaTestSupport
import Testing

@Suite struct TemplateTests {
  static func shipped(_ relative: String) throws -> String {
    try PackageRoot.text("templates/" + relative)
  }

  @Test func shippedERTemplateParsesAndDefinesEveryStyleTheSheetUses() throws {
    let template = try Template.parse(
      Self.shipped("er-sheet.json"), file: "templates/er-sheet.json")
    #expect(template.paper == .letter)
    #expect(template.layout.pageWidth == 612)
    try template.requireStyles(ERSheet.styleNames)
    for section in template.sections { #expect(ERSheet.sectionIDs.contains(section.id)) }
    for style in ERSheet.styleNames { #expect((template.style(style)?.size ?? 0) >= 7.5) }
  }

  @Test func a4IsAvailable() throws {
    let template = try Template.parse(Self.shipped("er-sheet.json"), file: "t.json").with(
      paper: .a4)
    #expect(abs(template.layout.pageHeight - 841.89) < 0.01)
  }

  @Test func styleSizeErrorNamesFileAndKey() throws {
    let text = try Self.shipped("er-sheet.json").replacingOccurrences(
      of: "\"size\": 9.5,", with: "\"size\": 100,")
    #expect(throws: TemplateError.self) {
      try Template.parse(text, file: "templates/er-sheet.json")
    }
    do {
      _ = try Template.parse(text, file: "templates/er-sheet.json")
    } catch {
      #expect(
        error.description
          == "templates/er-sheet.json: styles.body.size: must be a number from 6 to 72")
    }
  }

  @Test(arguments: [
    ("{\"paper\": \"legal\"}", "paper: must be one of \"letter\", \"a4\""),
    ("[1]", "must be an object"),
    ("{", "not valid JSON"),
  ])
  func malformedTemplatesAreRefusedWithTheKey(text: String, expected: String) {
    do {
      _ = try Template.parse(text, file: "x.json")
      Issue.record("accepted \(text)")
    } catch {
      #expect(error.description.hasPrefix("x.json: "))
      #expect(error.description.contains(expected), "\(error.description)")
    }
  }

  @Test func badColourNamesTheKey() throws {
    let text = try Self.shipped("er-sheet.json").replacingOccurrences(of: "#b3261e", with: "red")
    do {
      _ = try Template.parse(text, file: "templates/er-sheet.json")
      Issue.record("accepted a bad colour")
    } catch {
      #expect(
        error.description
          == "templates/er-sheet.json: tones.danger.border: must be a colour written #rrggbb")
    }
  }

  @Test func englishAndSpanishHaveTheSameCompleteLabelKeys() throws {
    var keys: [String: [String]] = [:]
    for language in ["en", "es"] {
      let text = try Self.shipped("locales/\(language).json")
      let labels = try Labels.parse(text, file: "templates/locales/\(language).json")
      #expect(labels.language == language)
      let json = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
      keys[language] = ((json?["labels"] as? [String: Any]) ?? [:]).keys.sorted()
    }
    #expect(keys["en"] == keys["es"])
    #expect(keys["en"] == LabelKey.allCases.map(\.rawValue).sorted())
  }

  @Test func missingLabelNamesLocaleFileAndKey() throws {
    let text = try Self.shipped("locales/es.json").replacingOccurrences(
      of: "\"er.title\"", with: "\"er.titel\"")
    do {
      _ = try Labels.parse(text, file: "templates/locales/es.json")
      Issue.record("accepted a locale with a misspelt key")
    } catch {
      #expect(
        error.description.hasPrefix("templates/locales/es.json: labels.er.titel: not a known label")
      )
    }
    let removed = try Self.shipped("locales/es.json").replacingOccurrences(
      of: "\"er.title\": \"Hoja de información de emergencia\",", with: "")
    do {
      _ = try Labels.parse(removed, file: "templates/locales/es.json")
      Issue.record("accepted a locale without er.title")
    } catch {
      #expect(
        error.description
          == "templates/locales/es.json: labels.er.title: missing; every locale must define it")
    }
  }

  @Test func labelsFillPlaceholders() throws {
    let labels = try Labels.parse(Self.shipped("locales/es.json"), file: "es.json")
    #expect(labels.format(.pageNumber, ["page": "2", "pages": "3"]) == "Página 2 de 3")
  }

  @Test func englishAndSpanishNameTheSameLanguages() throws {
    func tags(_ language: String) throws -> [String] {
      let root = try JSONParser.parse(Self.shipped("locales/\(language).json"))
      guard case .object(let members) = root,
        case .object(let names)? = members.first(where: { $0.key == "languages" })?.value
      else { return [] }
      return names.map(\.key)
    }
    #expect(try tags("en").count >= 20)
    #expect(try tags("en") == tags("es"))
    let spanish = try Labels.parse(Self.shipped("locales/es.json"), file: "es.json")
    #expect(spanish.languageName("ZH-hans") == "chino simplificado")
    #expect(spanish.languageName("tlh") == nil)
  }

  @Test func staleAfterDaysIsReadAndChecked() throws {
    #expect(try Template.parse(Self.shipped("er-sheet.json"), file: "er.json").staleAfterDays == 90)
    let text = try Self.shipped("er-sheet.json").replacingOccurrences(
      of: "\"staleAfterDays\": 90", with: "\"staleAfterDays\": 0")
    #expect(throws: TemplateError.self) {
      try Template.parse(text, file: "templates/er-sheet.json")
    }
    do { _ = try Template.parse(text, file: "templates/er-sheet.json") } catch {
      #expect(error.description.contains("staleAfterDays"))
    }
  }
}
