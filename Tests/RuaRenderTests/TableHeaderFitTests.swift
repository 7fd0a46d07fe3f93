// SPDX-License-Identifier: Apache-2.0
import Foundation
import RuaCore
import RuaDocuments
import RuaRender
import Testing

/// The languages with long words (Vietnamese phrases, Tagalog, Russian) keep every table
/// header whole: a header word too wide for its column would be broken between letters
/// (`PANGO_WRAP_WORD_CHAR`) or run into the next column.
@Suite struct TableHeaderFitTests {
  typealias F = DocumentFixture

  static let medicationHeaders: [LabelKey] = [
    .medsColumnFlags, .medsColumnDoseWhen, .slotMorning, .slotNoon, .slotEvening,
    .slotBedtime, .medsColumnPurpose, .medsColumnPrescriber, .medsColumnLastFill,
    .medsColumnRunsOut, .medsColumnRunway, .medsColumnReason, .medsColumnMaxPerDay,
    .columnMedication,
  ]
  static let erHeaders: [LabelKey] = [
    .columnMedication, .columnStrength, .columnDose, .columnSchedule, .columnNotes,
  ]

  /// Each header word as poppler finds it: whole, with its left and right edges.
  typealias WordBox = (word: String, left: Double, right: Double, top: Double)

  static func wordBoxes(_ pdf: RenderedPDF, page: Int? = nil) throws -> [WordBox] {
    let range = page.map { ["-f", String($0), "-l", String($0)] } ?? []
    let boxes = try RenderFixture.poppler("pdftotext", ["-bbox"] + range, pdf: pdf.bytes)
    return boxes.split(separator: "\n").compactMap { line in
      // By scalars: an Arabic word may start with a combining mark, which would make ">" and
      // that mark one Character.
      guard line.contains("<word "), let open = line.unicodeScalars.firstIndex(of: ">"),
        let close = line.range(of: "</word>"), open < close.lowerBound
      else { return nil }
      let fields = line.split(separator: "\"")
      guard fields.count > 5, let left = Double(fields[1]), let top = Double(fields[3]),
        let right = Double(fields[5])
      else { return nil }
      let word = line.unicodeScalars[line.unicodeScalars.index(after: open)..<close.lowerBound]
      return (String(word), left, right, top)
    }
  }

  /// Header words poppler does not find whole, header words that run into a word beside them,
  /// and words that leave the page.
  static func problems(
    _ pdf: RenderedPDF, _ labels: Labels, _ keys: [LabelKey], pageWidth: Double
  ) throws -> [String] {
    let words = try wordBoxes(pdf)
    let found = Set(words.map(\.word))
    var problems: [String] = []
    for key in keys {
      for word in labels[key].split(separator: " ") where !found.contains(String(word)) {
        problems.append("\(labels.language) \(key.rawValue): '\(word)' is broken")
      }
    }
    let headerWords = Set(keys.flatMap { labels[$0].split(separator: " ").map(String.init) })
    for box in words where headerWords.contains(box.word) {
      for other in words
      where other.word != box.word && abs(other.top - box.top) < 1 && other.left > box.left
        && other.left < box.right - 0.5
      {
        problems.append("'\(box.word)' runs into '\(other.word)'")
      }
    }
    for box in words where box.left < 0 || box.right > pageWidth {
      problems.append("'\(box.word)' leaves the page")
    }
    return problems
  }

  @Test(arguments: ["vi", "tl", "ru"])
  func medicationListHeadersStayWhole(language: String) throws {
    let patient = try #require(F.sample().first { $0.fullName.hasPrefix("Mei-Ling") })
    let pdf = try F.render(F.medicationList(patient, language: language))
    let labels = try RenderFixture.labels(language)
    #expect(try Self.problems(pdf, labels, Self.medicationHeaders, pageWidth: 792) == [])
  }

  @Test(arguments: ["vi", "tl", "ru"])
  func erSheetHeadersStayWhole(language: String) throws {
    let pdf = try RenderFixture.render(SamplePatients.typical, language: language)
    let labels = try RenderFixture.labels(language)
    #expect(try Self.problems(pdf, labels, Self.erHeaders, pageWidth: 612) == [])
  }

  /// The check can fail: a header word wider than the page is found (broken, running into a
  /// neighbour or off the page).
  @Test func aTooLongHeaderWordIsFound() throws {
    let patient = try #require(F.sample().first { $0.fullName.hasPrefix("Mei-Ling") })
    let long = String(repeating: "Ngườikêđơn", count: 12)
    let text = try RenderFixture.text("locales/vi.json").replacingOccurrences(
      of: "\"meds.column.prescriber\": \"Người kê đơn\"",
      with: "\"meds.column.prescriber\": \"\(long)\"")
    let labels = try Labels.parse(text, file: "vi.json")
    let template = try F.template("medication-list.json", paper: .letter)
    let table = try F.drugClasses
    let document = MedicationList.build(
      patient: patient, table: table, today: F.today, printedAt: "2026-11-29 12:00",
      labels: labels, template: template, contentVersion: table.contentVersion,
      pendingReview: true)
    let pdf = try F.render((document, template))
    let problems = try Self.problems(pdf, labels, [.medsColumnPrescriber], pageWidth: 792)
    #expect(!problems.isEmpty)
  }
}
