// SPDX-License-Identifier: Apache-2.0
import Foundation
import RuaCore
import RuaDocuments
import RuaRender
import Testing

/// The wallet card (issue 29): exact ID-1 size, the ER sheet's facts, nothing left off
/// without a line saying so.
@Suite struct WalletCardRenderTests {
  typealias F = DocumentFixture

  func squeezed(_ text: String) -> String { text.filter { !$0.isWhitespace } }

  @Test func cardPaperIsTwoID1PagesFrontAndBack() throws {
    let patient = SamplePatients.typical
    let pdf = try F.render(F.walletCard(patient, paper: .card))
    #expect(pdf.pageCount == 2)
    // 85.60 × 53.98 mm at 72 points to the inch.
    #expect(try F.pageSizes(pdf) == ["242.646 x 153.014", "242.646 x 153.014"])
    #expect(abs(Paper.card.width - 242.6457) < 0.001 && abs(Paper.card.height - 153.0142) < 0.001)
    let front = squeezed(try F.text(pdf, page: 1))
    for fact in [
      patient.fullName, "Feb14,1941", "85years", "ALLERGIES", "ONABLOODTHINNER", "warfarin",
      "CODESTATUS", "DNR/DNI", "NEEDED",
    ] {
      #expect(front.contains(squeezed(fact)), "the front lacks \(fact)")
    }
    let back = squeezed(try F.text(pdf, page: 2))
    for fact in [
      "Emergency contacts", "DECISION MAKER", "Main Street Pharmacy", "Printed 2026-11-29 12:00",
      "wallet-card 1.0.0", "PENDING CLINICIAN REVIEW",
    ] {
      #expect(back.contains(squeezed(fact)), "the back lacks \(fact)")
    }
    // The blood thinner leads the medicines.
    let medicines = try #require(back.range(of: "Medicines(mostcriticalfirst)"))
    #expect(back[medicines.upperBound...].dropFirst().hasPrefix("warfarin"))
  }

  @Test func letterAndA4CarryBothFacesSideBySideWithGuides() throws {
    for paper in [Paper.letter, .a4] {
      let built = try F.walletCard(SamplePatients.typical, paper: paper)
      let pdf = try F.render(built)
      #expect(pdf.pageCount == 1)
      #expect(try F.pageSizes(pdf) == [paper == .letter ? "612 x 792" : "595.276 x 841.89"])
      let text = squeezed(try F.text(pdf))
      #expect(text.contains("Printat100%"))
      #expect(text.contains("85.6×54.0mm"))
      let pages = try PDFRenderer(fontsConf: RenderFixture.fontsConf).paginate(
        built.0, template: built.1)
      let lines = pages[0].items.compactMap { item -> (Double, Double, Double, Double, Bool)? in
        if case .line(let x1, let y1, let x2, let y2, let dashed) = item {
          return (x1, y1, x2, y2, dashed)
        }
        return nil
      }
      // Eight crop marks and the fold line above and below the cards.
      #expect(lines.filter { !$0.4 }.count == 8)
      let folds = lines.filter(\.4)
      #expect(folds.count == 2)
      // The fold is one card width from the outline's left edge, which the frame draws.
      let outline = try #require(
        pages[0].items.compactMap { item -> Rect? in
          if case .frame(let rect, _, _) = item { return rect }
          return nil
        }.first)
      #expect(abs(outline.width - 2 * Paper.cardWidth) < 0.001)
      #expect(abs(outline.height - Paper.cardHeight) < 0.001)
      #expect(folds.allSatisfy { abs($0.0 - (outline.x + Paper.cardWidth)) < 0.001 })
    }
  }

  /// The crowded record: 40 medicines, 6 contacts, 8 long conditions. What does not fit is
  /// announced with its count, and the counts add up; the critical medicines are printed.
  @Test func everyOmissionIsAnnouncedAndCountsAddUp() throws {
    var patient = SamplePatients.crowded
    patient.allergies += (1...9).map {
      Allergy(substance: "test allergen \($0)", reaction: "hives")
    }
    let pdf = try F.render(F.walletCard(patient, paper: .card))
    #expect(pdf.pageCount == 2)
    let text = try F.text(pdf)
    func announced(_ noun: String) -> Int {
      guard
        let range = text.range(
          of: #"\+ (\d+) more "# + noun + ": see the ER sheet", options: .regularExpression)
      else { return 0 }
      return Int(text[range].split(separator: " ")[1]) ?? 0
    }
    func shown(_ names: [String]) -> Int { names.filter { text.contains($0) }.count }
    let medicines = patient.medications.map(\.name).filter { !$0.hasPrefix("test medicine") }
    #expect(text.contains("warfarin") && text.contains("insulin glargine"))
    let printedTests = (1...37).filter { text.contains("test medicine number \($0) ") }.count
    #expect(shown(medicines) + printedTests + announced("medicines") == 40)
    #expect(announced("medicines") > 0)
    #expect(shown(patient.contacts.map(\.name)) + announced("contacts") == 6)
    #expect(shown(patient.conditions.map(\.name)) + announced("conditions") == 8)
    #expect(shown(patient.allergies.map(\.substance)) + announced("allergies") == 12)
    // The first contacts are kept while another list can give way.
    #expect(text.contains("Contact Person 1") && text.contains("Contact Person 2"))
  }

  @Test func allergiesNoneKnownAndNotRecordedAreSaid() throws {
    var patient = SamplePatients.typical
    patient.allergies = []
    patient.noKnownAllergies = true
    let none = try F.text(F.render(F.walletCard(patient, paper: .card)), page: 1)
    #expect(none.contains("NO KNOWN ALLERGIES"))
    patient.noKnownAllergies = false
    let unknown = try F.text(F.render(F.walletCard(patient, paper: .card)), page: 1)
    #expect(unknown.contains("ALLERGIES NOT RECORDED"))
  }

  @Test func neverTheInsuranceMemberIDAndNothingTwiceOrChanging() throws {
    let patient = SamplePatients.typical
    let built = try F.walletCard(patient)
    let first = try F.render(built)
    let text = try F.text(first)
    #expect(!text.contains("1EG4"))
    #expect(!text.contains("Medicare"))
    #expect(try F.render(built).bytes == first.bytes)
  }

  @Test func arabicCardRunsRightToLeftAndSaysItsLanguage() throws {
    let built = try F.walletCard(SamplePatients.typical, language: "ar", paper: .card)
    #expect(built.0.direction.isRightToLeft)
    let pdf = try F.render(built)
    let objects = try RenderFixture.objects(pdf.bytes).joined()
    #expect(objects.contains("/Lang (ar-US)"))
    #expect(objects.contains("/StructTreeRoot"))
    // The name starts at the right margin of the card.
    let pages = try PDFRenderer(fontsConf: RenderFixture.fontsConf).paginate(
      built.0, template: built.1)
    let name = try #require(pages[0].textBoxes.first)
    #expect(name.text.plainText == SamplePatients.typical.fullName)
    #expect(abs(name.x + name.width - (Paper.cardWidth - built.1.layout.marginLeft)) < 0.01)
  }

  @Test func typeIsNeverBelowTheCardMinimum() throws {
    let template = try F.template("wallet-card.json")
    try template.requireStyles(WalletCard.styleNames)
    #expect(template.styles.values.allSatisfy { $0.size >= 6.5 })
    for name in ["body", "strong", "band-text", "band-strong", "band-label", "heading"] {
      #expect((template.styles[name]?.size ?? 0) >= 7, "\(name) is under 7 pt")
    }
  }
}
