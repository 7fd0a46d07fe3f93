// SPDX-License-Identifier: Apache-2.0
import Foundation
import RuaCore
import RuaDocuments
import Testing

@testable import RuaRender

/// The libqpdf post-pass: what screen readers and checkers read from every rendered PDF.
@Suite struct PostPassTests {
  @Test func catalogIsTaggedWithLanguageAndDisplaysTheTitle() throws {
    let pdf = try RenderFixture.render(SamplePatients.typical, language: "es").bytes
    let info = try RenderFixture.poppler("pdfinfo", [], pdf: pdf)
    #expect(info.contains("Tagged:          yes"), "\(info)")
    #expect(info.contains("Metadata Stream: yes"))
    #expect(info.contains("Title:           Hoja de información de emergencia: Roberta"))
    let catalog = try #require(RenderFixture.objects(pdf).first { $0.contains("/Type /Catalog") })
    #expect(catalog.contains("/Lang (es-US)"), "\(catalog)")
    #expect(catalog.contains("/DisplayDocTitle true"))
    #expect(catalog.contains("/Marked true"))
    let check = try RenderFixture.poppler("qpdf", ["--check"], pdf: pdf)
    #expect(check.contains("No syntax or stream encoding errors found"), "\(check)")
    #expect(!check.contains("WARNING"))
  }

  @Test func xmpSaysWhatInfoSays() throws {
    let pdf = try RenderFixture.render(SamplePatients.typical).bytes
    let xmp = try RenderFixture.poppler("pdfinfo", ["-meta"], pdf: pdf)
    #expect(
      xmp.contains(
        "<rdf:li xml:lang=\"x-default\">Emergency information sheet: Roberta Álvarez-Núñez</rdf:li>"
      ), "\(xmp)")
    #expect(xmp.contains("<rdf:li>en-US</rdf:li>"))
    #expect(xmp.contains("<xmp:CreateDate>2026-11-29T12:00:00Z</xmp:CreateDate>"))
    #expect(xmp.contains("<xmp:CreatorTool>rua-paper test</xmp:CreatorTool>"))
    let info = try #require(RenderFixture.objects(pdf).first { $0.contains("/Producer") })
    #expect(info.contains("/CreationDate (D:20261129120000Z)"), "\(info)")
    let trailer = try RenderFixture.poppler(
      "qpdf", ["--show-object=trailer"], pdf: pdf)
    #expect(trailer.contains("/ID [ <"), "\(trailer)")
  }

  @Test func xmpEscapesMarkupInTitles() {
    let facts = PDFFacts(title: "A & <B>", language: "en-US", creator: "c", date: "d")
    let text = String(decoding: XMPPacket(facts: facts, producer: "p").bytes, as: UTF8.self)
    #expect(text.contains(">A &amp; &lt;B&gt;</rdf:li>"))
  }

  /// Reading order starts with the title and the person's name; the running header, footer
  /// and repeated stamp are artifacts (drawn, but not read), and every table has header cells.
  @Test(arguments: [
    ("er", "EMERGENCY INFORMATION"), ("meds", "MEDICATION LIST"), ("falls", "FALL GUIDE"),
  ])
  func structureReadsTitleAndNameFirst(_ kind: String, title: String) throws {
    var patient = SamplePatients.large
    patient.fullName = "Roberta Álvarez-Núñez"
    let built: (Document, Template) =
      switch kind {
      case "er": try RenderFixture.sheet(patient)
      case "meds": try DocumentFixture.medicationList(patient)
      default: try DocumentFixture.fallGuide(patient)
      }
    let pdf = try DocumentFixture.render(built)
    #expect(pdf.pageCount >= 2, "continuation pages need a test of their own")
    let tree = try StructureText(
      RenderFixture.poppler("pdfinfo", ["-struct-text"], pdf: pdf.bytes))
    #expect(tree.elements.first?.type == "Document")
    let top = tree.elements.filter { $0.depth == 1 }
    // The title, the review stamp (read before the body), then the person's name.
    let firstTwo = top.prefix(3).map(\.text).joined(separator: " ")
    #expect(top.first?.type == "P")
    #expect(top.first?.text.hasPrefix(title) == true, "\(firstTwo)")
    #expect(firstTwo.contains("Roberta"), "\(firstTwo)")
    let allText = tree.elements.map(\.text).joined(separator: "\n")
    // The running header of later pages ("… Date of birth Feb 14, 1941 · continued"); a
    // section's own "(continued)" heading is body text and is read.
    for furniture in ["Printed 2026-11-29", "Page 1 of", "Page 2 of", "1941 · continued"] {
      #expect(!allText.contains(furniture), "\(furniture) is an artifact")
    }
    // No furniture element survives, in the tree, the parent tree or the page content.
    let objects = try RenderFixture.objects(pdf.bytes)
    #expect(!objects.contains { $0.contains("/Private") })
    #expect(
      objects.contains { $0.contains("/Artifact << /Type /Pagination /Subtype /Footer >> BDC") })
    let drawn = try RenderFixture.poppler("pdftotext", [], pdf: pdf.bytes)
    #expect(drawn.contains("Page 2 of"), "artifacts are still drawn")
    #expect(drawn.contains("1941 · continued"), "the running header is drawn on page 2")
    let tables = tree.subtrees(of: "Table")
    #expect(kind == "falls" || !tables.isEmpty)
    for table in tables { #expect(table.contains { $0.type == "TH" }) }
  }

  @Test func furnitureBecomesArtifactsOutsideStrings() {
    let content = Array(
      ("q /Private << /MCID 3 >> BDC (a\\) /Private << /MCID 4 >> BDC) Tj <2f50> Tj EMC "
        + "/P << /MCID 5 >> BDC EMC /Private << /MCID 6 >> BDC").utf8)
    let result = ArtifactMarking.rewrite(content)
    let rewritten = result.map { String(decoding: $0.content, as: UTF8.self) }
    let expected =
      "q /Artifact BMC (a\\) /Private << /MCID 4 >> BDC) Tj <2f50> Tj EMC "
      + "/P << /MCID 5 >> BDC EMC /Artifact BMC"
    #expect(rewritten == expected)
    #expect(result?.ids == [3, 6])
    #expect(ArtifactMarking.rewrite(Array("/P << /MCID 1 >> BDC EMC".utf8)) == nil)
  }
}

/// `pdfinfo -struct-text` read back: each element's type, depth and the text under it.
struct StructureText {
  struct Element {
    var type: String
    var depth: Int
    var text: String
  }
  var elements: [Element] = []

  init(_ output: String) {
    for line in output.split(separator: "\n") {
      let depth = line.prefix { $0 == " " }.count / 2
      let body = line.drop { $0 == " " }
      if body.hasPrefix("\"") {
        guard let last = elements.indices.last(where: { elements[$0].depth < depth }) else {
          continue
        }
        elements[last].text += body.dropFirst().dropLast()
      } else if body.hasPrefix("/") {
        // An attribute of the element above ("/Scope /Column"), not an element.
        continue
      } else {
        // "P (block)", or "TH:" when attribute lines follow.
        let type = String(body.prefix { $0 != " " && $0 != ":" })
        elements.append(Element(type: type, depth: depth, text: ""))
      }
    }
  }

  /// The elements under each element of `type`.
  func subtrees(of type: String) -> [[Element]] {
    elements.indices.filter { elements[$0].type == type }.map { start in
      Array(elements[(start + 1)...].prefix { $0.depth > elements[start].depth })
    }
  }
}
