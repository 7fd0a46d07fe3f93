// SPDX-License-Identifier: Apache-2.0
import Foundation
import RuaCLI
import RuaCLITestSupport
import RuaCore
import RuaTestSupport
import Testing

/// The medication list and fall guide follow the person's recorded language; the ER sheet
/// stays in English; `--lang` wins over both.
@Suite("document language")
struct DocumentLanguageCommandTests {
  static let circle = """
    {
      "format": "rua-care-circle", "version": 1,
      "patients": [
        { "id": "p-mei", "fullName": "Mei Chen", "dateOfBirth": "1945-07-07",
          "language": "zh-CN", "noKnownAllergies": true,
          "medications": [{ "id": "m-1", "name": "amlodipine", "strength": "5 mg",
                            "times": ["morning"],
                            "fills": [{ "fillDate": "2026-11-01", "daySupply": 30 }] }] },
        { "id": "p-lin", "fullName": "Lin Wu", "dateOfBirth": "1944-01-02",
          "language": "zh-Hant", "noKnownAllergies": true },
        { "id": "p-ana", "fullName": "Ana Sousa", "dateOfBirth": "1950-05-05",
          "language": "pt-BR", "noKnownAllergies": true }
      ]
    }
    """

  private func store() -> CLISandbox { CLISandbox.imported(Self.circle) }

  private func text(_ box: CLISandbox, _ arguments: [String]) throws -> String {
    let result = box.run(
      arguments + [
        "-o", "out.pdf", "--force", "--now", "2026-11-20T15:30:00Z", "--templates",
        PackageRoot.templates,
      ] + box.storeFlags)
    #expect(result.code == .success, "\(result.stderr)")
    return try PDFText.of(box.file("out.pdf"))
  }

  /// Bilingual by default: the family's labels, then English, so a home nurse can read them.
  @Test func documentsKeptAtHomeFollowThePersonsLanguageWithEnglish() throws {
    let box = store()
    let meds = try text(box, ["meds", "p-mei"])
    #expect(meds.contains("用药清单") && meds.contains("2026年11月1日"), "\(meds)")
    #expect(meds.contains("MEDICATION LIST") && meds.contains("Scheduled medicines"), "\(meds)")
    // Every value its English too (issue 30), the table cells' dates as well: the run-out
    // date in the family's words and in English.
    #expect(meds.contains("Nov 1, 2026") || meds.contains("Dec 1, 2026"), "\(meds)")
    let falls = try text(box, ["falls", "p-mei"])
    #expect(falls.contains("跌倒指南") && falls.contains("FALL GUIDE"), "\(falls)")
    #expect(falls.contains("Fall guide for Mei"), "\(falls)")
  }

  @Test func oneLanguageWhenTheCommandLineSaysSo() throws {
    let box = store()
    let meds = try text(box, ["meds", "p-mei", "--lang", "zh-Hans"])
    #expect(meds.contains("用药清单") && !meds.contains("MEDICATION LIST"), "\(meds)")
    let er = try text(box, ["er", "p-mei", "--lang", "ko+en"])
    #expect(er.contains("EMERGENCY INFORMATION"), "\(er)")
  }

  @Test(arguments: ["en+en", "zh-Hans+es", "fr+en", "zh-Hans+en+en", "+en"])
  func aLangThatIsNotALanguageOrOnePlusEnglishIsRefused(value: String) {
    let box = store()
    let result = box.run(
      [
        "meds", "p-mei", "--lang", value, "-o", "out.pdf", "--templates",
        PackageRoot.templates,
      ]
        + box.storeFlags)
    #expect(result.code == .usage)
    #expect(result.stderr.contains("--lang") && result.stderr.contains("+en"), "\(result.stderr)")
    #expect(!FileManager.default.fileExists(atPath: box.file("out.pdf")))
  }

  @Test func theERSheetStaysInEnglishAndNamesThePersonsLanguage() throws {
    let box = store()
    let er = try text(box, ["er", "p-mei"])
    #expect(er.contains("EMERGENCY INFORMATION") && !er.contains("紧急信息"), "\(er)")
  }

  @Test func theCommandLineWins() throws {
    let box = store()
    #expect(try text(box, ["meds", "p-mei", "--lang", "en"]).contains("MEDICATION LIST"))
    #expect(try text(box, ["er", "p-mei", "--lang", "zh-Hans"]).contains("紧急信息"))
  }

  @Test(arguments: ["p-lin", "p-ana"])
  func aLanguageWithoutALocaleGetsEnglish(patient: String) throws {
    let box = store()
    #expect(try text(box, ["meds", patient]).contains("MEDICATION LIST"))
  }
}

extension CLISandbox {
  /// A sandbox whose store holds `circle` (a care-circle JSON), imported through the CLI.
  static func imported(_ circle: String) -> CLISandbox {
    let box = CLISandbox()
    box.write("circle.json", circle)
    #expect(box.run(["init"] + box.storeFlags).code == .success)
    #expect(box.run(["import", "circle.json"] + box.storeFlags).code == .success)
    return box
  }
}

/// A batch chooses each document's language as the one-document commands do.
@Suite("batch document language")
struct BatchDocumentLanguageTests {
  private func batch(_ box: CLISandbox, _ extra: [String]) {
    let result = box.run(
      [
        "batch", "--all", "--now", "2026-11-20T15:30:00Z", "--templates",
        PackageRoot.templates,
      ]
        + extra + box.storeFlags)
    #expect(result.code == .success, "\(result.stderr)")
  }

  @Test func eachPersonsListAndGuideFollowTheirLanguageAndTheERSheetStaysEnglish() throws {
    let box = CLISandbox.imported(DocumentLanguageCommandTests.circle)
    batch(box, ["--out", "docs"])
    let meds = try PDFText.of(box.file("docs/p-mei-medication-list.pdf"))
    #expect(meds.contains("用药清单") && meds.contains("MEDICATION LIST"), "\(meds)")
    let falls = try PDFText.of(box.file("docs/p-mei-fall-guide.pdf"))
    #expect(falls.contains("跌倒指南") && falls.contains("FALL GUIDE"), "\(falls)")
    let er = try PDFText.of(box.file("docs/p-mei-er-sheet.pdf"))
    #expect(er.contains("EMERGENCY INFORMATION") && !er.contains("急救"), "\(er)")
    // No locale for Portuguese: English.
    let other = try PDFText.of(box.file("docs/p-ana-medication-list.pdf"))
    #expect(other.contains("MEDICATION LIST") && !other.contains("用药清单"), "\(other)")
    // The binder holds the same languages as the single documents.
    batch(box, ["--binder", "binder.pdf", "--docs", "meds"])
    let binder = try PDFText.of(box.file("binder.pdf"))
    #expect(binder.contains("用药清单") && binder.contains("MEDICATION LIST"), "\(binder)")
  }

  @Test func theCommandLineLanguageWinsForEveryone() throws {
    let box = CLISandbox.imported(DocumentLanguageCommandTests.circle)
    batch(box, ["--out", "docs", "--lang", "en"])
    let meds = try PDFText.of(box.file("docs/p-mei-medication-list.pdf"))
    #expect(meds.contains("MEDICATION LIST") && !meds.contains("用药清单"), "\(meds)")
  }

  @Test func resumeKeepsOnlyFilesInTheLanguageThisRunWouldUse() throws {
    let box = CLISandbox.imported(DocumentLanguageCommandTests.circle)
    batch(box, ["--out", "docs", "--lang", "en"])
    let manifest = try JSONParser.parse(
      String(contentsOfFile: box.file("docs/manifest.json"), encoding: .utf8))
    let languages = manifest["documents"]?.arrayValue?.map { $0["language"]?.stringValue }
    #expect(languages?.isEmpty == false && languages?.allSatisfy { $0 == "en" } == true)
    // Same language: everything is kept.
    batch(box, ["--out", "docs", "--lang", "en", "--resume"])
    // Without --lang, Mei's list and guide would be bilingual: refused, nothing touched.
    let before = box.hash(box.file("docs/p-mei-medication-list.pdf"))
    let result = box.run(
      [
        "batch", "--all", "--out", "docs", "--resume", "--now", "2026-11-20T15:30:00Z",
        "--templates", PackageRoot.templates,
      ] + box.storeFlags)
    #expect(result.code == .cannotCreate, "\(result.stderr)")
    #expect(result.stderr.contains("in another language than this run makes them"))
    #expect(result.stderr.contains("p-mei-medication-list.pdf"))
    #expect(box.hash(box.file("docs/p-mei-medication-list.pdf")) == before)
  }
}
