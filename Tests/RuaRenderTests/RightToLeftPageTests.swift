// SPDX-License-Identifier: Apache-2.0
import Foundation
import RuaCore
import RuaDocuments
import RuaRender
import Testing

/// Arabic pages run right to left: the page is the left-to-right page mirrored, while Latin
/// names, doses, phones and dates keep their left-to-right order. Checked on real PDFs read
/// back with poppler, and on the real paginated pages.
@Suite struct RightToLeftPageTests {
  typealias F = DocumentFixture
  typealias WordBox = TableHeaderFitTests.WordBox

  static func meiLing() throws -> Patient {
    try #require(F.sample().first { $0.fullName.hasPrefix("Mei-Ling") })
  }

  static func words(_ pdf: RenderedPDF) throws -> [WordBox] {
    try TableHeaderFitTests.wordBoxes(pdf)
  }

  static func box(_ word: String, in words: [WordBox]) throws -> WordBox {
    try #require(words.first { $0.word == word }, "'\(word)' not found")
  }

  /// The medicine column comes first: at the right margin in Arabic, at the left in English.
  @Test func theFirstColumnStartsAtTheRightMargin() throws {
    let patient = try Self.meiLing()
    let arabic = try F.medicationList(patient, language: "ar")
    #expect(arabic.0.direction == .rightToLeft)
    let layout = arabic.1.layout
    let start = layout.pageWidth - layout.marginRight - layout.cellPaddingX
    let words = try Self.words(F.render(arabic))
    let name = try Self.box("atorvastatin", in: words)
    #expect(abs(name.right - start) < 1.5, "the first medicine ends at \(name.right), not \(start)")
    // The last column (the runway) is now at the left margin side of the table.
    let runway = try #require(words.filter { $0.word == "2026" }.map(\.left).min())
    #expect(runway < layout.marginLeft + 120)

    let english = try F.medicationList(patient, language: "en")
    #expect(english.0.direction == .leftToRight)
    let englishName = try Self.box("atorvastatin", in: Self.words(F.render(english)))
    #expect(abs(englishName.left - (layout.marginLeft + layout.cellPaddingX)) < 1.5)
  }

  /// The fall guide's first column, its list markers and check boxes, and the runway bar:
  /// every box mirrored, measured on the real paginated pages.
  @Test func theFallGuideIsMirrored() throws {
    let (document, template) = try F.fallGuide(Self.meiLing(), language: "ar")
    let renderer = try PDFRenderer(fontsConf: RenderFixture.fontsConf)
    let pages = try renderer.paginate(document, template: template)
    let layout = template.layout
    let right = layout.pageWidth - layout.marginRight
    #expect(pages.allSatisfy { $0.direction == .rightToLeft })
    let boxes = pages.flatMap(\.items).compactMap { item -> Rect? in
      if case .checkbox(let rect, _) = item { return rect } else { return nil }
    }
    #expect(!boxes.isEmpty)
    // Every check box sits at the right edge of its column, none at a left edge.
    let columnRights = [right, right - layout.columnWidth - layout.columnGap]
    for box in boxes {
      #expect(
        columnRights.contains { abs(box.x + box.width + layout.cellPaddingX - $0) < 0.01 },
        "a check box at x \(box.x)")
    }
    // A list marker is right of its text.
    let page = try #require(pages.first)
    let texts = page.textBoxes
    let marker = try #require(texts.first { $0.text.plainText == "1." })
    let item = try #require(texts.first { $0.y == marker.y && $0 != marker && $0.x < marker.x })
    #expect(item.x + item.width <= marker.x + 0.01)
    // The title starts at the right margin.
    let title = try #require(texts.first { $0.text.plainText.contains("Mei-Ling") && $0.y > 40 })
    #expect(abs(title.x + title.width - right) < 0.01)
  }

  /// A gauge on an Arabic page is the English one mirrored.
  @Test func theRunwayBarIsMirrored() throws {
    let patient = try Self.meiLing()
    let renderer = try PDFRenderer(fontsConf: RenderFixture.fontsConf)
    func gauges(_ language: String) throws -> [Rect] {
      let (document, template) = try F.medicationList(patient, language: language)
      return try renderer.paginate(document, template: template).flatMap(\.items).compactMap {
        if case .gauge(let rect, _) = $0 { return rect } else { return nil }
      }
    }
    let english = try gauges("en")
    let arabic = try gauges("ar")
    #expect(!arabic.isEmpty)
    let width = try F.medicationList(patient).1.layout.pageWidth
    for rect in arabic {
      // In the runway column, which is now the leftmost one.
      #expect(rect.x < width / 4)
    }
    #expect(english.allSatisfy { $0.x > width * 3 / 4 })
  }

  /// A dose and a schedule next to Arabic words keep their digits in stored order, and a Latin
  /// medicine name its words.
  @Test func doseDigitsAndLatinNamesKeepTheirOrder() throws {
    var patient = try Self.meiLing()
    var medication = Medication(id: "m-rtl", name: "insulin glargine")
    medication.brand = "Lantus"
    medication.dose = "2.5 mg"
    medication.route = "تحت الجلد"
    medication.schedule = "2-0-1 بعد الأكل"
    medication.purpose = "للسكري 12.5 mg"
    patient.medications = [medication]
    let pdf = try F.render(F.medicationList(patient, language: "ar"))
    let words = try Self.words(pdf)
    // `second` follows `first` on its line, right after it (poppler splits Arabic words
    // into letters, so only the Latin and numeric words are looked up).
    func leftToRight(_ first: String, _ second: String) throws {
      let a = try Self.box(first, in: words)
      let b = words.first {
        $0.word == second && abs($0.top - a.top) < 1 && $0.left >= a.right - 0.5
          && $0.left - a.right < 8
      }
      #expect(b != nil, "\(second) drawn right after \(first)")
    }
    try leftToRight("2.5", "mg")
    try leftToRight("insulin", "glargine")
    try leftToRight("12.5", "mg")
    // The schedule is one word, its digits as stored.
    #expect(words.contains { $0.word == "2-0-1" })
    #expect(!words.contains { $0.word == "1-0-2" })
    let text = try RenderFixture.poppler("pdftotext", ["-raw"], pdf: pdf.bytes)
    #expect(text.contains("2.5"))
    #expect(!text.contains("5.2"))
    #expect(text.contains("2-0-1"))
  }

  /// The ER sheet in Arabic runs right to left too: the name ends at the right margin.
  @Test func theERSheetIsMirroredInArabic() throws {
    let patient = try Self.meiLing()
    let (document, template) = try RenderFixture.sheet(patient, language: "ar")
    let renderer = try PDFRenderer(fontsConf: RenderFixture.fontsConf)
    let pdf = try renderer.render(
      document, template: template, now: RenderFixture.now, creator: "rua-paper test")
    let words = try Self.words(pdf)
    let layout = template.layout
    let chen = try Self.box("(陈美玲)", in: words)
    #expect(abs(chen.right - (layout.pageWidth - layout.marginRight)) < 2)
    try #expect(Self.box("Mei-Ling", in: words).right <= chen.left + 0.5)
  }
}
