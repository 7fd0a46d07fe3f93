// SPDX-License-Identifier: Apache-2.0
import Foundation
import RuaCore
import RuaDocuments
import RuaRender
import Testing

/// Issue 30: counts read as words agreeing with the number, not "лет: 88" or "5 дн.", read
/// back from the rendered PDFs with poppler; the refill legend's two counts too.
@Suite struct PluralFormsRenderTests {
  typealias F = DocumentFixture

  /// An 88-year-old (fictional) whose medicines have 1, 3, 5 and 21 days left on
  /// `SamplePatients.today`, and one that ran out two days ago.
  static var patient: Patient {
    var patient = Patient(id: "p-plural", fullName: "Vera Sokolova", dateOfBirth: day(1938, 6, 1))
    let fills = [
      ("a", "lisinopril", 1), ("b", "amlodipine", 3), ("c", "atorvastatin", 5),
      ("d", "metformin", 21),
    ]
    patient.medications = fills.map { id, name, days in
      var medication = SamplePatients.med(id, name, "10 mg", "1 tablet", "morning")
      medication.fills = [Fill(fillDate: SamplePatients.today, daySupply: days)]
      return medication
    }
    var ranOut = SamplePatients.med("e", "furosemide", "20 mg", "1 tablet", "morning")
    ranOut.fills = [Fill(fillDate: SamplePatients.today.adding(days: -12), daySupply: 10)]
    patient.medications.append(ranOut)
    return patient
  }

  @Test func aRussianSheetSaysEightyEightYears() throws {
    let text = try F.text(RenderFixture.render(Self.patient, language: "ru"), page: 1)
    #expect(text.contains("88 лет"), "\(text.prefix(300))")
    #expect(!text.contains("возраст: 88"))
  }

  @Test func aRussianListCountsDaysInWords() throws {
    let text = try F.text(F.render(F.medicationList(Self.patient, language: "ru")))
    for phrase in [
      "88 лет", "остался 1 день", "осталось 3 дня", "осталось 5 дней", "остался 21 день",
      "на 1 день", "на 3 дня", "на 5 дней", "на 21 день", "кончилось 2 дня назад",
    ] {
      #expect(text.contains(phrase), "the Russian list lacks \(phrase)")
    }
    // The runway legend's two counts, each in its own form: no "дн." left anywhere.
    for phrase in [
      "СРОЧНО = осталось 3 дня или меньше", "СКОРО = 10 дней или меньше",
      "ХВАТАЕТ = больше 10 дней;",
    ] {
      #expect(text.contains(phrase), "the Russian legend lacks \(phrase)")
    }
    #expect(!text.contains("дн."), "an abbreviated day count is left")
    #expect(!text.contains("лет: "))
  }

  @Test func anArabicListCountsDaysInTheirForm() throws {
    let words = try PatientAgreementTests.words(
      F.render(F.medicationList(Self.patient, language: "ar")))
    // Poppler glues a number to the word after it ("3أيام") and moves the tanween; compare
    // the letters only.
    let marks = CharacterSet(charactersIn: "\u{064B}"..."\u{0652}")
    let letters = String(
      String.UnicodeScalarView(
        words.joined(separator: " ").unicodeScalars.filter {
          !marks.contains($0)
        }))
    // 3, 5 and 10 days take the plural, 21 the singular accusative, 88 years the singular;
    // the digits stay the Western ones the document prints. (Ran out N days ago keeps its
    // label form in Arabic, docs/documents.md.)
    for word in ["3أيام", "5أيام", "10أيام", "21يوما", "88سنة"] {
      #expect(letters.contains(word), "the Arabic list lacks \(word)")
    }
    // The legend names the days with each count ("بقي 3 أيام أو أقل"), not "the remaining
    // days 3 or fewer"; 11 and 2 would take their own forms.
    let arabic = try RenderFixture.labels("ar")
    let legend = [3, 10, 11, 2].map { arabic.format(.legendDays, count: $0, as: "days") }
    #expect(legend == ["3 أيام", "10 أيام", "11 يومًا", "يومان"])
    #expect(arabic.format(.legendMoreThanDays, count: 10, as: "days") == "أكثر من 10 أيام")
    #expect(!letters.contains("الأيام المتبقية"))
  }
}
