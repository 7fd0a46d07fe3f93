// SPDX-License-Identifier: Apache-2.0
import RuaPDF

/// What the finisher writes, read back with libqpdf as lines to compare: the catalog entries,
/// Info, the XMP packet, the structure tree (type, `/Lang`, `/ActualText`, `/A`, marked-content
/// ids, in order), the parent tree, and each page's resources and decoded content.
enum FinisherStructure {
  static func lines(_ bytes: [UInt8]) throws -> [String] {
    let pdf = try QPDFDocument(bytes, name: "finished")
    let root = pdf.root
    var lines: [String] = []
    for key in ["/Lang", "/MarkInfo", "/ViewerPreferences", "/Outlines"] {
      lines.append("catalog \(key) \(described(pdf, pdf.key(root, key)))")
    }
    let info = pdf.key(pdf.trailer, "/Info")
    for key in ["/Title", "/Creator", "/Producer", "/CreationDate", "/ModDate"] {
      lines.append("info \(key) \(pdf.utf8(pdf.key(info, key)) ?? "-")")
    }
    let metadata = pdf.key(root, "/Metadata")
    lines.append("xmp " + String(decoding: try pdf.decodedData(metadata) ?? [], as: UTF8.self))
    let tree = pdf.key(root, "/StructTreeRoot")
    element(pdf, pdf.key(tree, "/K"), depth: 0, into: &lines)
    parentTree(pdf, pdf.key(tree, "/ParentTree"), depth: 0, into: &lines)
    for (number, page) in pdf.pages.enumerated() {
      // Object numbers differ between writers; what the references point at is compared below.
      let resources = pdf.unparseResolved(pdf.key(page, "/Resources")) ?? ""
      lines.append("page \(number + 1) " + resources.replacing(/\d+ 0 R/, with: "R"))
      let fonts = pdf.key(pdf.key(page, "/Resources"), "/Font")
      for name in pdf.keys(fonts) {
        let font = pdf.key(fonts, name)
        let unicode = pdf.key(font, "/ToUnicode")
        lines.append(
          "font \(name) "
            + (pdf.unparseResolved(pdf.key(font, "/BaseFont")) ?? "")
            + String(decoding: (try? pdf.decodedData(unicode)) ?? [], as: UTF8.self))
      }
      lines.append("content " + String(decoding: pdf.pageContent(page) ?? [], as: UTF8.self))
    }
    return lines
  }

  /// A value as PDF syntax; a dictionary with a `/Parent` (an outline) by its other keys.
  private static func described(_ pdf: QPDFDocument, _ value: QPDFDocument.Handle) -> String {
    guard pdf.isDictionary(value), pdf.has(value, "/First") else {
      return pdf.unparseResolved(value) ?? "-"
    }
    return "outline count \(pdf.intValue(pdf.key(value, "/Count")) ?? 0)"
  }

  private static func element(
    _ pdf: QPDFDocument, _ kids: QPDFDocument.Handle, depth: Int, into lines: inout [String]
  ) {
    guard depth < 64 else { return }
    let items = pdf.isArray(kids) ? (0..<pdf.count(kids)).map { pdf.item(kids, $0) } : [kids]
    for item in items {
      if let mcid = pdf.intValue(item) {
        lines.append(String(repeating: " ", count: depth) + "mcid \(mcid)")
        continue
      }
      guard pdf.isDictionary(item) else { continue }
      if pdf.has(item, "/MCID") {
        lines.append(
          String(repeating: " ", count: depth)
            + "mcr \(pdf.unparseResolved(pdf.key(item, "/MCID")) ?? "")")
        continue
      }
      var line =
        String(repeating: " ", count: depth) + (pdf.unparseResolved(pdf.key(item, "/S")) ?? "?")
      for key in ["/Lang", "/ActualText", "/Alt"] where pdf.has(item, key) {
        line += " \(key)=\(pdf.utf8(pdf.key(item, key)) ?? "?")"
      }
      if pdf.has(item, "/A") { line += " /A=\(pdf.unparseResolved(pdf.key(item, "/A")) ?? "")" }
      if pdf.has(item, "/P") {
        line += " parent " + (pdf.unparseResolved(pdf.key(pdf.key(item, "/P"), "/S")) ?? "root")
      }
      lines.append(line)
      element(pdf, pdf.key(item, "/K"), depth: depth + 1, into: &lines)
    }
  }

  private static func parentTree(
    _ pdf: QPDFDocument, _ node: QPDFDocument.Handle, depth: Int, into lines: inout [String]
  ) {
    guard depth < 16 else { return }
    let nums = pdf.key(node, "/Nums")
    for index in stride(from: 0, to: pdf.count(nums) - 1, by: 2) {
      let parents = pdf.item(nums, index + 1)
      let items =
        pdf.isArray(parents) ? (0..<pdf.count(parents)).map { pdf.item(parents, $0) } : [parents]
      let types = items.map {
        pdf.isDictionary($0) ? pdf.unparseResolved(pdf.key($0, "/S")) ?? "?" : "null"
      }
      lines.append(
        "parents \(pdf.intValue(pdf.item(nums, index)) ?? -1): " + types.joined(separator: " "))
    }
    let kids = pdf.key(node, "/Kids")
    for index in 0..<pdf.count(kids) {
      parentTree(pdf, pdf.item(kids, index), depth: depth + 1, into: &lines)
    }
  }
}
