// SPDX-License-Identifier: Apache-2.0
/// A small valid PDF written by hand: pages of filled boxes and lines of base-14 Helvetica, a
/// pinned creation date, optionally a standard-security /Encrypt dictionary whose check value fits
/// no password (a reader asks for one), and optionally comment lines that make it span several
/// 64 KiB chunks. No C library makes it, so every test target can use it.
package struct MinimalPDF: Sendable {
  /// A filled rectangle, placed from the page's top-left corner like masks (PDF counts from the
  /// bottom).
  package struct Box: Sendable {
    package var x: Double
    package var y: Double
    package var width: Double
    package var height: Double

    package init(x: Double, y: Double, width: Double, height: Double) {
      (self.x, self.y, self.width, self.height) = (x, y, width, height)
    }
  }

  /// One line of text; `y` is its baseline from the top of the page.
  package struct Line: Sendable {
    package var x: Double
    package var y: Double
    package var text: String
    package var size: Double

    package init(x: Double = 72, y: Double, text: String, size: Double = 14) {
      (self.x, self.y, self.text, self.size) = (x, y, text, size)
    }
  }

  package struct Page: Sendable {
    package var boxes: [Box]
    package var lines: [Line]

    package init(boxes: [Box] = [], lines: [Line] = []) {
      self.boxes = boxes
      self.lines = lines
    }
  }

  package var pages: [Page]
  package var width = 595.0
  package var height = 842.0
  package var creationDate = "D:20240101000000Z"
  package var encrypted = false
  /// Comment lines added to the first page's content stream, to make the file larger.
  package var paddingLines = 0

  package init(pages: [Page]) { self.pages = pages }

  /// Three A4 pages: a heading and a box, a box that the variants move, two lines of text.
  package static let base = MinimalPDF(pages: [
    Page(
      boxes: [Box(x: 72, y: 72, width: 200, height: 30)],
      lines: [Line(y: 140, text: "Medication list")]),
    Page(
      boxes: [Box(x: 100, y: 200, width: 150, height: 80)],
      lines: [Line(y: 400, text: "Take with food")]),
    Page(lines: [Line(y: 100, text: "Fall guide"), Line(y: 130, text: "Keep the hallway lit")]),
  ])

  /// The base with page 2's box moved 10 pt to the right.
  package static var moved: MinimalPDF {
    var pdf = base
    pdf.pages[1].boxes[0].x = 110
    return pdf
  }

  /// The base with one word changed on page 3.
  package static var reworded: MinimalPDF {
    var pdf = base
    pdf.pages[2].lines[1].text = "Keep the stairway lit"
    return pdf
  }

  /// The base with a fourth page.
  package static var longer: MinimalPDF {
    var pdf = base
    pdf.pages.append(Page(lines: [Line(y: 100, text: "Notes")]))
    return pdf
  }

  /// One Letter page saying "rua-paper test page" (a print queue takes any PDF), with
  /// `paddingLines` comment lines.
  package static func make(paddingLines: Int = 0) -> [UInt8] {
    var pdf = MinimalPDF(pages: [
      Page(lines: [Line(y: 72, text: "rua-paper test page", size: 24)])
    ])
    pdf.width = 612
    pdf.height = 792
    pdf.paddingLines = paddingLines
    return pdf.bytes()
  }

  /// The content stream of one page.
  func content(_ page: Page, padded: Bool) -> String {
    var text = "0.1 0.3 0.8 rg\n"
    for box in page.boxes {
      text += "\(box.x) \(height - box.y - box.height) \(box.width) \(box.height) re f\n"
    }
    for line in page.lines {
      text +=
        "0 g BT /F1 \(line.size) Tf \(line.x) \(height - line.y) Td (\(escaped(line.text))) Tj ET\n"
    }
    if padded {
      for line in 0..<paddingLines {
        text += "% padding line \(line) to make the document span several chunks\n"
      }
    }
    return text
  }

  /// `text` as the inside of a PDF string literal.
  private func escaped(_ text: String) -> String {
    var out = ""
    for character in text {
      if character == "\\" || character == "(" || character == ")" { out.append("\\") }
      out.append(character)
    }
    return out
  }

  package func bytes() -> [UInt8] {
    let kids = (0..<pages.count).map { "\(5 + 2 * $0) 0 R" }.joined(separator: " ")
    var objects: [String] = [
      "<< /Type /Catalog /Pages 2 0 R >>",
      "<< /Type /Pages /Kids [\(kids)] /Count \(pages.count) >>",
      "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
      "<< /Producer (rua-paper tests) /CreationDate (\(creationDate)) >>",
    ]
    for (index, page) in pages.enumerated() {
      let stream = content(page, padded: index == 0)
      objects.append(
        "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 \(width) \(height)] "
          + "/Resources << /Font << /F1 3 0 R >> >> /Contents \(6 + 2 * index) 0 R >>")
      objects.append("<< /Length \(stream.utf8.count) >>\nstream\n\(stream)endstream")
    }
    let hex32 = String(repeating: "5A", count: 32)
    let encryption =
      encrypted
      ? " /Encrypt << /Filter /Standard /V 1 /R 2 /O <\(hex32)> /U <\(hex32)> /P -4 >>"
        + " /ID [<00112233445566778899AABBCCDDEEFF> <00112233445566778899AABBCCDDEEFF>]" : ""
    return ClassicPDF.assemble(
      objects, trailer: "/Root 1 0 R /Info 4 0 R" + encryption, version: "1.4")
  }
}
