// SPDX-License-Identifier: Apache-2.0
import Foundation
import RuaCore
import RuaDocuments
import RuaRender
import Testing

/// In the long-word languages (Vietnamese, Tagalog, Russian), alone and bilingual with English,
/// every word of every table header is drawn whole inside its own column: the header's text box
/// (the column less its padding, from the real paginated page) holds each of its words as
/// poppler finds them on the real PDF.
@Suite struct TableHeaderColumnTests {
  typealias F = DocumentFixture

  /// Header text boxes of page 1: the text right after a TH tag in a row on a header fill.
  static func headerBoxes(_ page: Page) -> [TextBox] {
    var boxes: [TextBox] = []
    var inHeaderRow = false
    var afterTH = false
    for item in page.items {
      switch item {
      case .fill(_, .neutral): inHeaderRow = true
      case .beginTag(let tag): afterTH = tag == "TH"
      case .text(let box): if inHeaderRow && afterTH { boxes.append(box) }
      case .rule: inHeaderRow = false
      default: break
      }
    }
    return boxes
  }

  /// Header words not found whole inside their own column, on every page.
  static func outside(_ built: (Document, Template)) throws -> [String] {
    let renderer = try PDFRenderer(fontsConf: RenderFixture.fontsConf)
    let pages = try renderer.paginate(built.0, template: built.1)
    let pdf = try F.render(built)
    let boxes = pages.map(headerBoxes)
    #expect(boxes.joined().count >= 8, "the header cells were not found")
    var problems: [String] = []
    for (page, boxes) in zip(pages, boxes) {
      problems += try outside(boxes, TableHeaderFitTests.wordBoxes(pdf, page: page.number))
    }
    return problems
  }

  static func outside(_ boxes: [TextBox], _ words: [TableHeaderFitTests.WordBox]) -> [String] {
    var problems: [String] = []
    for box in boxes {
      for word in box.text.plainText.split(whereSeparator: \.isWhitespace).map(String.init) {
        let inside = words.contains {
          $0.word == word && $0.left >= box.x - 0.5 && $0.right <= box.x + box.width + 0.5
            && $0.top >= box.y - 3 && $0.top <= box.y + 40
        }
        if !inside { problems.append("'\(word)' of '\(box.text.plainText)'") }
      }
    }
    return problems
  }

  static func meiLing() throws -> Patient {
    try #require(F.sample().first { $0.fullName.hasPrefix("Mei-Ling") })
  }

  static func bilingual(_ language: String) throws -> (Document, Template) {
    let patient = try meiLing()
    let template = try F.template("medication-list.json")
    let table = try F.drugClasses
    let labels = try RenderFixture.labels(language).bilingual(RenderFixture.labels("en"))
    let document = MedicationList.build(
      patient: patient, table: table, today: F.today, printedAt: "2026-11-29 12:00",
      labels: labels, template: template, contentVersion: table.contentVersion,
      pendingReview: !table.isReviewed)
    return (document, template)
  }

  @Test(arguments: ["vi", "tl", "ru"])
  func headerWordsStayInsideTheirColumns(language: String) throws {
    let built = try F.medicationList(Self.meiLing(), language: language)
    #expect(try Self.outside(built) == [])
  }

  @Test(arguments: ["vi", "tl", "ru"])
  func bilingualHeaderWordsStayInsideTheirColumns(language: String) throws {
    let built = try Self.bilingual(language)
    #expect(try Self.outside(built) == [])
  }

  /// The check can fail: a header word wider than the whole table cannot fit its column.
  @Test func aHeaderWordWiderThanItsColumnIsFound() throws {
    let long = String(repeating: "Ngườikêđơn", count: 12)
    let text = try RenderFixture.text("locales/vi.json").replacingOccurrences(
      of: "\"meds.column.prescriber\": \"Người kê đơn\"",
      with: "\"meds.column.prescriber\": \"\(long)\"")
    let labels = try Labels.parse(text, file: "vi.json")
    let template = try F.template("medication-list.json")
    let table = try F.drugClasses
    let document = MedicationList.build(
      patient: try Self.meiLing(), table: table, today: F.today, printedAt: "2026-11-29 12:00",
      labels: labels, template: template, contentVersion: table.contentVersion,
      pendingReview: true)
    #expect(try Self.outside((document, template)).contains { $0.contains("Ngườikêđơn") })
  }
}
