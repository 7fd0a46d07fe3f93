// SPDX-License-Identifier: Apache-2.0
import Foundation
import RuaCore
import RuaDocuments
import RuaRender
import Testing

/// Issue 30: the Arabic fall guide agrees with the person's recorded sex (the content's
/// `gendered` forms), unknown sex reads the neutral phrasing; and no guide repeats the
/// person's name in every sentence (the name heads its sections, a pronoun or "the person"
/// does the rest). Read back from the PDFs with poppler.
@Suite struct PatientAgreementTests {
  typealias F = DocumentFixture

  /// Words only one form uses: "does she answer you", "let her (rest)", "ask her"; and his.
  static let feminine: Set<String> = ["تجيبك", "دعها", "اسألها"]
  static let masculine: Set<String> = ["يجيبك", "دعه", "اسأله"]

  /// The words poppler reads, in its default mode (`-raw` gives Arabic letter by letter), the
  /// direction marks it adds around right-to-left lines taken out.
  static func words(_ pdf: RenderedPDF) throws -> Set<String> {
    let marks = CharacterSet(
      charactersIn: "\u{200E}\u{200F}\u{202A}\u{202B}\u{202C}\u{202D}\u{202E}")
    let raw = try RenderFixture.poppler("pdftotext", ["-enc", "UTF-8"], pdf: pdf.bytes)
    let text = String(String.UnicodeScalarView(raw.unicodeScalars.filter { !marks.contains($0) }))
    return Set(
      text.split(whereSeparator: \.isWhitespace).map {
        $0.trimmingCharacters(in: CharacterSet(charactersIn: "،.؟:؛,()"))
      })
  }

  static func patient(_ prefix: String, sex: Sex??) throws -> Patient {
    var patient = try #require(F.sample().first { $0.fullName.hasPrefix(prefix) })
    if let sex { patient.sex = sex }
    return patient
  }

  @Test func aWomansArabicGuideSpeaksOfHer() throws {
    let patient = try Self.patient("Agnès", sex: .some(.female))
    let words = try Self.words(F.render(F.fallGuide(patient, language: "ar")))
    #expect(Self.feminine.isSubset(of: words), "\(Self.feminine.subtracting(words))")
    #expect(words.isDisjoint(with: Self.masculine), "\(words.intersection(Self.masculine))")
  }

  @Test func aMansArabicGuideSpeaksOfHim() throws {
    let patient = try Self.patient("Tomasz", sex: .some(.male))
    let words = try Self.words(F.render(F.fallGuide(patient, language: "ar")))
    #expect(Self.masculine.isSubset(of: words), "\(Self.masculine.subtracting(words))")
    #expect(words.isDisjoint(with: Self.feminine), "\(words.intersection(Self.feminine))")
  }

  /// Sex not recorded (or other, unknown): neither form; "the person" ("الشخص") instead, and
  /// the heading is the verbal noun "when … falls" ("عند سقوط").
  @Test(arguments: [Sex?.none, .other, .unknown])
  func unknownSexReadsTheNeutralForm(sex: Sex?) throws {
    let patient = try Self.patient("Agnès", sex: .some(sex))
    let words = try Self.words(F.render(F.fallGuide(patient, language: "ar")))
    #expect(words.isDisjoint(with: Self.feminine.union(Self.masculine)))
    #expect(words.contains("الشخص") && words.contains("سقوط"))
  }

  /// The Arabic ER sheet and guide labels need no agreement: "on a blood thinner" (على دواء
  /// مميّع), "raises the tendency to bleed" (of the medicine), "name used", not "he takes" (يتناول),
  /// "he bleeds" (ينزف), "he is called" (يُنادى) for everyone.
  @Test(arguments: ["Agnès", "Tomasz"]) func theArabicERSheetNeedsNoAgreement(name: String) throws {
    let patient = try Self.patient(name, sex: nil)
    let words = try Self.words(RenderFixture.render(patient, language: "ar"))
    #expect(words.contains("المناداة"))
    #expect(words.isDisjoint(with: ["يتناول", "تتناول", "ينزف", "يُنادى", "وُلد"]), "\(name)")
  }

  static let languages = ["en", "es", "zh-Hans", "vi", "tl", "ar", "ko", "ru", "ht"]
  /// The name heads the guide, its sections and the 911 band; it was on every line (32
  /// times in one Arabic guide).
  static let mostPerPage = 6

  @Test(arguments: languages) func theNameIsNotRepeatedInEverySentence(language: String) throws {
    for patient in try F.sample() {
      let name = try #require(patient.preferredName)
      let pdf = try F.render(F.fallGuide(patient, language: language))
      var counts: [Int] = []
      for page in 1...pdf.pageCount {
        counts.append(try F.text(pdf, page: page).components(separatedBy: name).count - 1)
      }
      #expect(counts.allSatisfy { $0 <= Self.mostPerPage }, "\(name) \(language): \(counts)")
      #expect(counts.reduce(0, +) <= 9, "\(name) \(language): \(counts)")
    }
  }
}
