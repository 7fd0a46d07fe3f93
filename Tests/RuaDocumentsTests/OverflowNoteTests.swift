// SPDX-License-Identifier: Apache-2.0
import RuaCore
import RuaDocuments
import Testing

/// "N more medicines: see page 2": a table that breaks to another page says how many rows
/// are still to come and where, under the last row that fits.
@Suite struct OverflowNoteTests {
  static let forms: LabelForms = {
    var forms = LabelForms("{count} more rows: see page {page}", language: "en")
    forms.forms[.one] = "{count} more row: see page {page}"
    return forms
  }()
  let note = TableOverflowNote(format: Self.forms, style: "body")

  func table(rows: Int, note: TableOverflowNote?) -> Block {
    .table(
      Table(
        columns: [TableColumn(header: Fake.text("Medicine"), weight: 1)],
        rows: (1...rows).map { [Fake.text("row \($0)")] }, overflowNote: note))
  }

  func rows(on page: Page) -> [Int] {
    page.textBoxes.compactMap { box in
      let text = box.text.plainText
      return text.hasPrefix("row ") ? Int(text.dropFirst(4)) : nil
    }
  }

  @Test func aBrokenTableCountsTheRestUnderItsLastRow() {
    let pages = paginate(
      Fake.document([table(rows: 40, note: note)]), layout: Fake.layout, measurer: Fake.measurer)
    #expect(pages.count >= 2)
    for (index, page) in pages.enumerated() where index < pages.count - 1 {
      let later = pages[(index + 1)...].flatMap(rows).count
      let texts = page.textBoxes.map(\.text.plainText)
      let expected = "\(later) more rows: see page \(page.number + 1)"
      #expect(texts.contains(expected), "page \(page.number)")
      // The note is below the page's last row and inside the body.
      let last = page.textBoxes.last { $0.text.plainText.hasPrefix("row ") }
      let noteBox = page.textBoxes.first { $0.text.plainText == expected }
      #expect((noteBox?.y ?? 0) > (last?.y ?? .infinity))
      #expect((noteBox?.y ?? .infinity) + Fake.lineHeight <= Fake.layout.pageHeight - 30)
    }
    #expect(!pages.last!.textBoxes.contains { $0.text.plainText.contains("more row") })
    #expect(pages.flatMap(rows) == Array(1...40))
  }

  @Test func aTableThatFitsPrintsNoNote() {
    let pages = paginate(
      Fake.document([table(rows: 5, note: note)]), layout: Fake.layout, measurer: Fake.measurer)
    #expect(pages.count == 1)
    #expect(!pages[0].textBoxes.contains { $0.text.plainText.contains("more row") })
  }

  @Test func theNoteTakesRoomFromRowsNotFromTheFooter() {
    let plain = paginate(
      Fake.document([table(rows: 40, note: nil)]), layout: Fake.layout, measurer: Fake.measurer)
    let noted = paginate(
      Fake.document([table(rows: 40, note: note)]), layout: Fake.layout, measurer: Fake.measurer)
    #expect(rows(on: noted[0]).count < rows(on: plain[0]).count)
  }

  @Test func oneRowLeftUsesTheOneForm() {
    #expect(note.text(count: 1, page: 2).plainText == "1 more row: see page 2")
    #expect(note.text(count: 12, page: 3).plainText == "12 more rows: see page 3")
  }

  /// No separate label for one row: each language's `one` form, where it has one, and the
  /// count in its `other` form where it has not (Chinese); bilingual, each its own form.
  @Test func shippedNotesTakeTheFormOfTheCountInEachLanguage() throws {
    func note(_ language: String) throws -> TableOverflowNote {
      let labels = try LocaleFixture.labels(language)
      return TableOverflowNote(
        format: labels.forms(.moreMedicines), style: "body",
        second: language == "ru" ? try LocaleFixture.labels("en").forms(.moreMedicines) : nil)
    }
    let russian = try note("ru")
    #expect(
      russian.text(count: 1, page: 2).plainText
        == "Ещё 1 лекарство: см. страницу 2 / 1 more medicine: see page 2")
    #expect(
      russian.text(count: 21, page: 2).plainText
        == "Ещё 21 лекарство: см. страницу 2 / 21 more medicines: see page 2")
    #expect(try note("es").strings(count: 1, page: 3).first == "1 medicamento más: vea la página 3")
    #expect(try note("ar").strings(count: 1, page: 2).first == "دواء آخر واحد: انظر الصفحة 2")
    #expect(try note("ar").strings(count: 2, page: 2).first == "دواءان آخران: انظر الصفحة 2")
    #expect(try note("zh-Hans").strings(count: 1, page: 2).first == "另有 1 种药：见第 2 页")
  }
}
