/// A small, valid one-page PDF written by hand (the test queue is raw, so any PDF will do).
/// `padding` comment lines in the content stream make it larger than one 64 KiB chunk.
enum MinimalPDF {
  static func make(paddingLines: Int = 0) -> [UInt8] {
    var content = "BT /F1 24 Tf 72 720 Td (rua-paper test page) Tj ET\n"
    for line in 0..<paddingLines {
      content += "% padding line \(line) to make the document span several chunks\n"
    }
    let objects = [
      "<< /Type /Catalog /Pages 2 0 R >>",
      "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
      "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R "
        + "/Resources << /Font << /F1 5 0 R >> >> >>",
      "<< /Length \(content.utf8.count) >>\nstream\n\(content)endstream",
      "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    ]
    var pdf = "%PDF-1.4\n"
    var offsets: [Int] = []
    for (index, object) in objects.enumerated() {
      offsets.append(pdf.utf8.count)
      pdf += "\(index + 1) 0 obj\n\(object)\nendobj\n"
    }
    let xref = pdf.utf8.count
    pdf += "xref\n0 \(objects.count + 1)\n0000000000 65535 f \n"
    for offset in offsets {
      let digits = String(offset)
      pdf += String(repeating: "0", count: 10 - digits.count) + digits + " 00000 n \n"
    }
    pdf += "trailer\n<< /Size \(objects.count + 1) /Root 1 0 R >>\nstartxref\n\(xref)\n%%EOF\n"
    return Array(pdf.utf8)
  }
}
