// SPDX-License-Identifier: Apache-2.0
import Foundation
import RuaCore
import RuaDocuments
import RuaRender
import RuaTestSupport
import Testing

@Suite struct ERSheetRenderTests {
  /// Text of the PDF in content order, whitespace collapsed so wrapped phrases still match.
  func text(_ pdf: RenderedPDF, page: Int? = nil) throws -> String {
    let range = page.map { ["-f", String($0), "-l", String($0)] } ?? []
    let raw = try RenderFixture.poppler(
      "pdftotext", ["-raw", "-enc", "UTF-8"] + range, pdf: pdf.bytes)
    return raw.split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }

  /// One sheet, two sides at most (clinical reference §8.1); page 1 holds the emergency.
  @Test func typicalRecordFitsOneSheetAndCarriesEveryFact() throws {
    let patient = SamplePatients.typical
    let pdf = try RenderFixture.render(patient)
    #expect(pdf.pageCount <= 2)
    let one = try text(pdf, page: 1).filter { !$0.isWhitespace }
    let emergency =
      [patient.fullName, "ALLERGIES", "ON A BLOOD THINNER", "CODE STATUS", "DECISION MAKER"]
      + patient.contacts.map(\.name) + patient.medications.map(\.name)
    for fact in emergency {
      #expect(one.contains(fact.filter { !$0.isWhitespace }), "page 1 lacks \(fact)")
    }
    let all = try text(pdf)
    var facts = [
      patient.fullName, "Bobbie", "Feb 14, 1941", "85 years", "Female", "61.5 kg", "158 cm",
      "Spanish (also English)", "NEEDED", "Information as of Nov 1, 2026",
      "Printed 2026-11-29 12:00",
      "Page 1 of \(pdf.pageCount)", "ALLERGIES", "ON A BLOOD THINNER", "HIGH-ALERT MEDICINES",
      "CODE STATUS",
      "DNR / DNI", "pink form on the refrigerator door", "PENDING CLINICIAN REVIEW",
    ]
    facts += patient.allergies.flatMap { [$0.substance, $0.reaction ?? ""] }
    facts += patient.medications.flatMap {
      [$0.name, $0.strength ?? "", $0.schedule ?? "", $0.purpose ?? ""]
    }
    facts += patient.medications.compactMap(\.brand)
    facts += patient.conditions.map(\.name)
    facts += patient.contacts.flatMap { [$0.name, $0.relation ?? "", $0.phone ?? ""] }
    facts += patient.careTeam.flatMap { [$0.name, $0.organization ?? "", $0.phone ?? ""] }
    facts += ["Main Street Pharmacy", "(541) 555-0177", "DECISION MAKER", "power of attorney"]
    facts += [
      patient.preferredHospital, patient.insurance, patient.address, patient.phone,
      patient.dependents,
    ].compactMap { $0 }
    let baseline = patient.baseline
    facts += [
      baseline?.cognition, baseline?.mobility, baseline?.hearing, baseline?.vision,
      baseline?.communication,
    ].compactMap { $0 }
    facts += patient.devices.flatMap { [$0.name, $0.details ?? ""] } + patient.alerts
    // Compare without whitespace: a line break inside a phrase ("yes/" | "no") is not a loss.
    let squeezed = all.filter { !$0.isWhitespace }
    for fact in facts where !fact.isEmpty {
      #expect(squeezed.contains(fact.filter { !$0.isWhitespace }), "the PDF lacks \(fact)")
    }
  }

  @Test func largeRecordContinuesOnHeadedNumberedPages() throws {
    let pdf = try RenderFixture.render(SamplePatients.large)
    #expect(pdf.pageCount >= 2)
    for page in 1...pdf.pageCount {
      let pageText = try text(pdf, page: page)
      #expect(pageText.contains("Page \(page) of \(pdf.pageCount)"))
      if page > 1 {
        #expect(
          pageText.hasPrefix("Roberta Álvarez-Núñez Date of birth Feb 14, 1941"), "page \(page)")
      }
    }
    let all = try text(pdf)
    for index in 1...40 {
      #expect(all.contains("test medicine number \(index) \(index * 5) mg"), "medicine \(index)")
    }
    for index in 1...10 { #expect(all.contains("extra condition \(index)")) }
  }

  @Test func markupLookingDataPrintsLiterally() throws {
    var patient = SamplePatients.typical
    let hostile = "<b>Bold</b> & Co </span><span foreground=\"white\">hidden"
    patient.fullName = hostile
    patient.allergies = [
      Allergy(substance: "<i>latex</i> & &amp;", reaction: "<span size=\"1\">x</span>")
    ]
    let all = try text(RenderFixture.render(patient))
    #expect(all.contains(hostile))
    #expect(all.contains("<i>latex</i> & &amp;"))
    #expect(all.contains("<span size=\"1\">x</span>"))
  }

  @Test func longUnbrokenStringsWrapWithoutLoss() throws {
    var patient = SamplePatients.typical
    let id = String(repeating: "1234567890", count: 30)
    patient.insurance = "Member " + id
    patient.medications[0].name = String(repeating: "verylongname", count: 12)
    let pdf = try RenderFixture.render(patient)
    let squeezed = try text(pdf).filter { !$0.isWhitespace }
    #expect(squeezed.contains("Member" + id))
    #expect(squeezed.contains(String(repeating: "verylongname", count: 12)))
  }

  @Test func namesInManyScriptsPrintWithRealGlyphs() throws {
    let names = [
      "Ελένη Παπαδοπούλου", "Анна Иванова", "فاطمة الزهراء", "רבקה כהן", "सीता देवी",
      "王秀英", "Nguyễn Thị Hương", "Zoë Ångström-Łukasiewicz",
    ]
    for name in names {
      var patient = SamplePatients.typical
      patient.fullName = name
      patient.contacts[0].name = name
      let pdf = try RenderFixture.render(patient)
      // A taller script may push the last section to page 2; the person is on page 1.
      #expect(pdf.pageCount <= 2, "\(name)")
      let letters1 = Set(name.filter { !$0.isWhitespace })
      #expect(letters1.isSubset(of: Set(try text(pdf, page: 1))), "\(name) is not on page 1")
      let all = try text(pdf)
      // Right-to-left names come back in visual order from pdftotext; check their letters.
      let letters = Set(name.filter { !$0.isWhitespace })
      #expect(letters.isSubset(of: Set(all)), "\(name)")
    }
  }

  @Test func aCharacterNoPinnedFontHasFailsNamingTheStyleNotTheText() throws {
    var patient = SamplePatients.typical
    patient.fullName = "Secret Name \u{E000}"
    do {
      _ = try RenderFixture.render(patient)
      Issue.record("rendered a glyph no font has")
    } catch let error as RenderError {
      guard case .missingGlyphs(let style) = error else {
        Issue.record("unexpected \(error)")
        return
      }
      #expect(!style.isEmpty)
      #expect(!error.description.contains("Secret"))
    }
  }

  @Test func sameNowGivesIdenticalBytesAndTheDateIsPinned() throws {
    let first = try RenderFixture.render(SamplePatients.typical)
    let second = try RenderFixture.render(SamplePatients.typical)
    #expect(first.bytes == second.bytes)
    let (document, template) = try RenderFixture.sheet(SamplePatients.typical)
    let later = try PDFRenderer(fontsConf: RenderFixture.fontsConf).render(
      document, template: template,
      now: Instant(secondsSinceEpoch: RenderFixture.now.secondsSinceEpoch + 60),
      creator: "rua-paper test")
    #expect(later.bytes != first.bytes)
    let info = try RenderFixture.poppler("pdfinfo", ["-isodates"], pdf: first.bytes)
      .split(whereSeparator: \.isWhitespace).joined(separator: " ")
    #expect(info.contains("CreationDate: 2026-11-29T12:00:00"))
    #expect(info.contains("ModDate: 2026-11-29T12:00:00"))
    #expect(info.contains("Title: Emergency information sheet: Roberta Álvarez-Núñez"))
    #expect(info.contains("Creator: rua-paper test"))
  }

  @Test func embeddedFontsComeFromThePinnedSet() throws {
    var patient = SamplePatients.typical
    patient.contacts[1].name = "王秀英 · فاطمة · सीता"
    let fonts = try RenderFixture.poppler("pdffonts", [], pdf: RenderFixture.render(patient).bytes)
    let rows = fonts.split(separator: "\n").dropFirst(2)
    #expect(!rows.isEmpty)
    let pinned = [
      "NotoSans-", "NotoSansCJK", "NotoSansArabic", "NotoSansDevanagari", "NotoSansHebrew",
      "DejaVuSans",
    ]
    for row in rows {
      let name = row.split(separator: " ").first.map(String.init) ?? ""
      let family = name.split(separator: "+").last.map(String.init) ?? name
      #expect(pinned.contains { family.hasPrefix($0) }, "unpinned font \(family)")
      #expect(row.contains(" yes yes yes "), "\(row)")
    }
    #expect(fonts.contains("NotoSansCJK"))
    #expect(fonts.contains("NotoSansArabic"))
  }

  @Test func pdfCarriesStructureTags() throws {
    let pdf = try RenderFixture.render(SamplePatients.typical)
    let tree = try RenderFixture.poppler("pdfinfo", ["-struct"], pdf: pdf.bytes)
    for tag in ["H1", "H2", "Table", "TR", "TH", "TD", "P", "L", "LI"] {
      #expect(tree.contains("\n\(tag)") || tree.contains(" \(tag)"), "no \(tag) tag")
    }
  }

  @Test func unknownStyleNamesTheTemplateKey() throws {
    let (document, template) = try RenderFixture.sheet(SamplePatients.typical)
    var broken = template
    broken.styles["band-label"] = nil
    do {
      _ = try PDFRenderer(fontsConf: RenderFixture.fontsConf).render(
        document, template: broken, now: Instant(secondsSinceEpoch: 0), creator: "t")
      Issue.record("rendered with a missing style")
    } catch {
      #expect(
        error.description
          == "templates/er-sheet.json: styles.band-label: missing; the document uses it")
    }
  }

  /// fonts.conf rejects the hinted faces, so without the unhinted copies beside it (made by
  /// scripts/make-fonts) there is no upright Noto Sans: refused rather than set in another face.
  @Test func missingUnhintedCopiesAreAClearError() throws {
    let folder = TemporaryFolder("rua-fonts")
    let conf = folder.file("fonts.conf")
    try FileManager.default.copyItem(atPath: RenderFixture.fontsConf, toPath: conf)
    #expect(throws: RenderError.fontsMissing(file: conf, family: "Noto Sans")) {
      _ = try PDFRenderer(fontsConf: conf)
    }
  }

  @Test func missingFontsConfIsAClearError() {
    #expect(throws: RenderError.fontConfiguration(file: "/nonexistent/fonts.conf")) {
      _ = try PDFRenderer(fontsConf: "/nonexistent/fonts.conf")
    }
  }
}

@Suite struct RendererThreadingTests {
  @Test func spanishTypicalRecordAlsoFitsOneSheet() throws {
    let pdf = try RenderFixture.render(SamplePatients.typical, language: "es")
    #expect(pdf.pageCount <= 2)
    let info = try RenderFixture.poppler("pdfinfo", [], pdf: pdf.bytes)
    #expect(info.contains("Hoja de información de emergencia"))
  }

  @Test func a4PaperWorksAndTheTypicalRecordStillFits() throws {
    let (document, template) = try RenderFixture.sheet(SamplePatients.typical)
    let pdf = try PDFRenderer(fontsConf: RenderFixture.fontsConf).render(
      document, template: template.with(paper: .a4), now: RenderFixture.now, creator: "t")
    #expect(pdf.pageCount <= 2)
    let info = try RenderFixture.poppler("pdfinfo", [], pdf: pdf.bytes)
    #expect(info.contains("(A4)"))
  }

  @Test func renderersOnSeveralThreadsGiveTheSameBytes() async throws {
    let bytes = try await withThrowingTaskGroup(of: [UInt8].self) { group in
      for _ in 0..<4 {
        group.addTask { try RenderFixture.render(SamplePatients.typical).bytes }
      }
      var all: [[UInt8]] = []
      for try await result in group { all.append(result) }
      return all
    }
    #expect(bytes.count == 4)
    #expect(Set(bytes).count == 1)
  }
}
