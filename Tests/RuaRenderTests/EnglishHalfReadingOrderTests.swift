// SPDX-License-Identifier: Apache-2.0
import Foundation
import RuaCore
import RuaDocuments
import RuaRender
import Testing

/// Issue 30: on an ar+en document each line takes its direction from its own language, so the
/// English half of every bilingual text reads left to right as it was written, the "…" and
/// "+" that open it before its words ("… see the ER sheet", "+ 2 more allergies: see the ER
/// sheet"), read back with poppler. Set at the Arabic paragraph's level, the "+" followed the
/// words it opens ("2 more allergies: see +") and the fields of a joined pointer ran right to
/// left.
@Suite struct EnglishHalfReadingOrderTests {
  /// Every English half on the hostile ar+en cards (on card paper: one face a page), a
  /// reaction cut with "… see the ER sheet" among them, reads in order.
  @Test func theCardsEnglishHalvesReadInOrder() throws {
    let renderer = try PDFRenderer(fontsConf: RenderFixture.fontsConf)
    let note = try RenderFixture.labels("en")[.cardShortened]
    var cut = false
    for patient in CardOutlineTests.hostile + [Self.oneLongReaction] {
      let built = try LayoutMeasurementTests.describe(
        .card, patient, "ar+en", paper: .card, large: false)
      let (pdf, pages) = try LayoutMeasurementTests.drawn(built, with: renderer)
      let read = Self.readingOrder(try CardOutlineReadBack(pdf: pdf.bytes, cardPaper: true).words)
      let halves = Self.englishHalves(LayoutMeasurementTests.textBoxes(pages).map(\.box.text))
      #expect(!halves.isEmpty)
      for half in halves {
        #expect(read.contains(half), "\(patient.id): '\(half)' not in reading order: \(read)")
      }
      cut = cut || halves.contains { $0.hasPrefix(note) }
    }
    // The reaction with no pointer in its band is cut with the whole note.
    #expect(cut, "no card cut a text with '\(note)'")
  }

  /// The ER sheet's pointer to the rest of its medicines ("… more medicines: see page 2")
  /// is in both languages and its English reads in order.
  @Test func theSheetsMedicinePointerReadsInOrder() throws {
    let renderer = try PDFRenderer(fontsConf: RenderFixture.fontsConf)
    let built = try LayoutMeasurementTests.describe(
      .er, SamplePatients.adversarial, "ar+en", paper: .letter, large: false)
    let (pdf, pages) = try LayoutMeasurementTests.drawn(built, with: renderer)
    let read = Self.readingOrder(try CardOutlineReadBack(pdf: pdf.bytes, cardPaper: false).words)
    let english = try RenderFixture.labels("en")
    // "{count} more medicines: see page {page}" → "more medicine", the words of every form.
    let other = english.forms(.moreMedicines).other
    let head = String(
      other.prefix { $0 != ":" }.split(separator: "}").last?.drop { $0 == " " }.dropLast() ?? "")
    let halves = Self.englishHalves(LayoutMeasurementTests.textBoxes(pages).map(\.box.text))
      .filter { $0.contains(head) }
    #expect(!halves.isEmpty, "no English medicines pointer")
    for half in halves {
      #expect(read.contains(half), "'\(half)' not in reading order")
    }
  }

  /// The adversarial record with one allergy, its reaction long: its band has no pointer, so
  /// a cut ends with the whole note.
  static var oneLongReaction: Patient {
    var patient = SamplePatients.adversarial
    patient.id = "p-adversarial-one-reaction"
    patient.allergies = [patient.allergies[0]]
    patient.allergies[0].reaction = String(
      repeating: "swelling of the lips tongue and throat with hives over the whole body ", count: 3)
    return patient
  }

  /// The English halves of `texts` (their second-language runs), each line of one without
  /// the separator before it, its spaces as single spaces; a half with an Arabic letter in it
  /// (a name, read as its own isolate) is left out.
  static func englishHalves(_ texts: [StyledText]) -> [String] {
    var halves: [String] = []
    for text in texts {
      var current = ""
      for run in text.runs + [TextRun("", style: "body")] {
        if run.secondLanguage {
          current += run.text
          continue
        }
        for line in current.split(separator: "\n") {
          let half = normalized(String(line.drop { $0 == " " || $0 == "/" }))
          if !half.isEmpty, !half.unicodeScalars.contains(where: isArabic) {
            halves.append(half)
          }
        }
        current = ""
      }
    }
    return halves
  }

  /// The words poppler read, in reading order for a right-to-left page: lines top to bottom;
  /// in a line, the stretches without an Arabic letter right to left, each left to right, a
  /// stretch cut at an Arabic word and at a lone "/" (the halves' separator). Stretches of a
  /// line are joined by " ‖ ", lines by a space (an English half runs on at the right of the
  /// next line).
  static func readingOrder(_ words: [CardOutlineReadBack.Word]) -> String {
    var lines: [[CardOutlineReadBack.Word]] = []
    for word in words.sorted(by: { ($0.page, $0.top) < ($1.page, $1.top) }) {
      let middle = (word.top + word.bottom) / 2
      if let first = lines.last?.first, first.page == word.page,
        first.top <= middle, middle <= first.bottom
      {
        lines[lines.count - 1].append(word)
      } else {
        lines.append([word])
      }
    }
    return lines.map { line in
      var stretches: [[String]] = [[]]
      for word in line.sorted(by: { $0.left < $1.left }) {
        if word.text == "/" || word.text.unicodeScalars.contains(where: isArabic) {
          if stretches.last?.isEmpty == false { stretches.append([]) }
        } else {
          stretches[stretches.count - 1].append(word.text)
        }
      }
      return stretches.filter { !$0.isEmpty }.reversed()
        .map { normalized($0.joined(separator: " ")) }.joined(separator: " ‖ ")
    }.joined(separator: " ")
  }

  /// A letter of a right-to-left script (Hebrew, Arabic and their presentation forms).
  static func isArabic(_ scalar: Unicode.Scalar) -> Bool {
    (0x0590...0x08FF).contains(scalar.value) || (0xFB1D...0xFEFC).contains(scalar.value)
  }

  /// `text` with every run of spaces (a no-break space too) one space.
  static func normalized(_ text: String) -> String {
    text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
  }
}
