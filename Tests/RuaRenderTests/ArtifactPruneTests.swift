import RuaPDF
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
    var text = "%PDF-1.5\n"
    var offsets: [Int] = []
    for (index, object) in objects.enumerated() {
      offsets.append(text.utf8.count)
      text += "\(index + 1) 0 obj\n\(object)\nendobj\n"
    }
    let xref = text.utf8.count
    text += "xref\n0 \(objects.count + 1)\n0000000000 65535 f \n"
    for offset in offsets {
      let digits = String(offset)
      text += String(repeating: "0", count: 10 - digits.count) + digits + " 00000 n \n"
    }
    text += "trailer\n<< /Size \(objects.count + 1) /Root 1 0 R >>\nstartxref\n\(xref)\n%%EOF\n"
    return Array(text.utf8)
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
