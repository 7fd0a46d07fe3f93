// SPDX-License-Identifier: Apache-2.0
import RuaPDF
import Testing

@testable import RuaVisual

/// `diff --structure` sees what a PDF runs or carries by itself: an `/OpenAction`, `/AA`
/// triggers, and the names of its JavaScript and EmbeddedFiles trees (issue 34: an added
/// `/OpenAction` JavaScript used to compare as `same`).
@Suite struct CatalogActionTests {
  let sheet = "en-letter/p-agnes-01-er-sheet.pdf"

  /// The golden with `edit` applied to its catalog, written back by qpdf.
  func edited(_ edit: (QPDFDocument, QPDFDocument.Handle) -> Void) throws -> PDFDocument {
    let golden = try Redraw.golden(sheet)
    let pdf = try QPDFDocument(golden.bytes, name: "golden")
    edit(pdf, pdf.root)
    return try PDFDocument(bytes: try pdf.write(), name: "edited.pdf")
  }

  func structureChanges(_ b: PDFDocument) throws -> [StructureChange] {
    var options = DiffOptions()
    options.compareStructure = true
    return try VisualDiff.compare(try Redraw.golden(sheet), b, options: options).structureChanges
  }

  @Test func anAddedOpenActionScriptIsAStructureChange() throws {
    let b = try edited { pdf, root in
      pdf.set(root, "/OpenAction", pdf.parse("<< /S /JavaScript /JS (app.alert\\(1\\)) >>"))
    }
    let changes = try structureChanges(b)
    let change = try #require(changes.first { $0.what == "catalog actions" }, "\(changes)")
    #expect(change.detail.contains("0 → 1 actions"), "\(change.detail)")
    #expect(change.detail.contains("/OpenAction << /JS (app.alert\\(1\\)) /S /JavaScript >>"))
  }

  @Test func aScriptInAStreamIsToldByItsBytes() throws {
    func withScript(_ script: String) throws -> PDFDocument {
      try edited { pdf, root in
        let stream = pdf.newStream(Array(script.utf8), dictionary: [])
        let action = pdf.parse("<< /S /JavaScript >>")
        pdf.set(action, "/JS", stream)
        pdf.set(root, "/AA", pdf.parse("<< >>"))
        pdf.set(pdf.key(root, "/AA"), "/WC", action)
      }
    }
    let a = try DocumentStructure(try withScript("app.alert(1)"))
    let b = try DocumentStructure(try withScript("app.alert(2)"))
    #expect(a.catalogActions.count == 1)
    #expect(a.catalogActions[0].hasPrefix("/AA /WC "), "\(a.catalogActions)")
    #expect(a.catalogActions != b.catalogActions)
    #expect(StructureDiff.changes(a, b).map(\.what) == ["catalog actions"])
  }

  @Test func namedScriptsAndEmbeddedFilesAreStructureChanges() throws {
    let b = try edited { pdf, root in
      pdf.set(
        root, "/Names",
        pdf.parse(
          "<< /JavaScript << /Names [ (init) << /S /JavaScript /JS (this.print\\(\\)) >> ] >> "
            + "/EmbeddedFiles << /Kids [ << /Names [ (payload.exe) << /Type /Filespec >> ] >> ] >> >>"
        ))
    }
    let changes = try structureChanges(b)
    let trees = try #require(changes.first { $0.what == "name trees" }, "\(changes)")
    #expect(trees.detail.contains("0 → 2 names"), "\(trees.detail)")
    let structure = try DocumentStructure(b)
    #expect(structure.nameTrees == ["/EmbeddedFiles: payload.exe", "/JavaScript: init"])
  }

  @Test func theGoldenSheetRunsNothing() throws {
    let structure = try DocumentStructure(try Redraw.golden(sheet))
    #expect(structure.catalogActions.isEmpty)
    #expect(structure.nameTrees.isEmpty)
  }
}
