// SPDX-License-Identifier: Apache-2.0
/// Assembles a PDF with a classic cross-reference table from the bodies of objects 1, 2, …
/// (each written `N 0 obj … endobj`) and the trailer entries beyond `/Size`, for tests that need
/// a small hand-made PDF.
package enum ClassicPDF {
  package static func assemble(
    _ objects: [String], trailer: String = "/Root 1 0 R", version: String = "1.5"
  ) -> [UInt8] {
    var text = "%PDF-\(version)\n"
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
    text += "trailer\n<< /Size \(objects.count + 1) \(trailer) >>\nstartxref\n\(xref)\n%%EOF\n"
    return Array(text.utf8)
  }
}
