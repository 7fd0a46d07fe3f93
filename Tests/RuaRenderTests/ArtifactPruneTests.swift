// SPDX-License-Identifier: Apache-2.0
import RuaPDF
import RuaTestSupport
import Testing

@testable import RuaRender

/// `PDFPostPass.pruneArtifacts`: the furniture's `Private` elements leave the structure tree
/// root in one pass, every other element keeps its place.
@Suite struct ArtifactPruneTests {
  /// A classic-xref PDF whose structure tree root has one kid per type in `kinds`.
  private func pdf(kinds: [String]) -> [UInt8] {
    let kids = kinds.map { "<< /Type /StructElem /S /\($0) >>" }.joined(separator: " ")
    let objects = [
      "<< /Type /Catalog /Pages 2 0 R /StructTreeRoot 3 0 R >>",
      "<< /Type /Pages /Kids [] /Count 0 >>",
      "<< /Type /StructTreeRoot /K [ \(kids) ] >>",
    ]
    return ClassicPDF.assemble(objects)
  }

  private func prunedKinds(_ kinds: [String]) throws -> [String] {
    let document = try QPDFDocument(pdf(kinds: kinds), name: "test")
    let tree = document.key(document.root, "/StructTreeRoot")
    PDFPostPass.pruneArtifacts(document, in: tree)
    let kids = document.key(tree, "/K")
    return (0..<document.count(kids)).map { index in
      let kind = document.key(document.item(kids, index), "/S")
      return ["P", "Table", "H1", "Private"].first { document.isName(kind, "/" + $0) } ?? "?"
    }
  }

  @Test func keepsEveryOtherElementInOrder() throws {
    let kinds = ["Private", "H1", "Private", "Private", "P", "Table", "Private", "P", "Private"]
    #expect(try prunedKinds(kinds) == ["H1", "P", "Table", "P"])
  }

  @Test func nothingToPruneLeavesTheTree() throws {
    #expect(try prunedKinds(["H1", "P", "Table"]) == ["H1", "P", "Table"])
  }

  @Test func onlyFurnitureLeavesAnEmptyRoot() throws {
    #expect(try prunedKinds(["Private", "Private"]) == [])
  }

  /// A binder's root holds thousands of kids (one `Private` per page's furniture group).
  @Test func aBinderSizedRootKeepsItsElements() throws {
    let kinds = (0..<6000).map { $0 % 3 == 0 ? "Private" : ($0 % 3 == 1 ? "H1" : "P") }
    let pruned = try prunedKinds(kinds)
    #expect(pruned == kinds.filter { $0 != "Private" })
  }
}
