// SPDX-License-Identifier: Apache-2.0
/// rua-paper's private format for the per-print values a PDF marks at the source (the printed
/// time, the access-log anchor), written by the renderer and read by `diff` and `snapshot`, which
/// mask the boxes (docs/visual-regression.md). Each furniture group holding such a value is the
/// marked-content sequence `/Artifact /NAME BDC`, and NAME is a property list in the page's
/// `/Resources /Properties`:
///
///     << /Type /Pagination /RuaPaperVolatile [ << /Field (printed-time) /BBox [l b r t] >> ] >>
///
/// `/BBox` is in default user space (points, origin bottom left), as the `/BBox` of an artifact
/// (ISO 32000-1, 14.8.2.2.2). A property list counts only when the page's content opens a
/// sequence with its name.
package enum VolatileMarkFormat {
  /// The key of the list of marked values in a property list.
  package static let listKey = "/RuaPaperVolatile"

  /// One marked value: its field name (`printed-time`, `log-anchor`) and its box
  /// `[left, bottom, right, top]` in default user space.
  package struct Field: Equatable, Sendable {
    package let name: String
    package let box: [Double]

    package init(name: String, box: [Double]) {
      self.name = name
      self.box = box
    }
  }

  /// The property list's name for furniture group `group` of page `page` (1-based): unique per
  /// page and group, so pages sharing one resource dictionary cannot collide.
  package static func propertyName(page: Int, group: Int) -> String {
    "RuaVolatile\(page)_\(group)"
  }

  /// The property list, as PDF syntax.
  package static func propertyList(_ fields: [Field], subtype: String? = nil) -> String {
    let items = fields.map { field in
      "<< /Field (\(field.name)) /BBox [\(field.box.map(number).joined(separator: " "))] >>"
    }
    let sub = subtype.map { " /Subtype /\($0)" } ?? ""
    return "<< /Type /Pagination\(sub) \(listKey) [ \(items.joined(separator: " ")) ] >>"
  }

  /// The marked values of every page (1-based; pages without any left out), read with libqpdf,
  /// which resolves object streams and inherited resources. Boxes are in points from the
  /// page's top-left corner: `[x, y, width, height]`.
  package static func read(_ pdf: QPDFDocument) -> [Int: [(name: String, rect: [Double])]] {
    var pages: [Int: [(name: String, rect: [Double])]] = [:]
    for (index, page) in pdf.pages.enumerated() {
      let fields = read(pdf, page: page)
      if !fields.isEmpty { pages[index + 1] = fields }
    }
    return pages
  }

  private static func read(_ pdf: QPDFDocument, page: QPDFDocument.Handle) -> [(
    name: String, rect: [Double]
  )] {
    let properties = pdf.key(pdf.inherited(page, "/Resources"), "/Properties")
    guard pdf.isDictionary(properties) else { return [] }
    let names = pdf.keys(properties)
    guard !names.isEmpty else { return [] }
    // Names are ASCII: other bytes become spaces.
    let content = String(
      decoding: (pdf.pageContent(page) ?? []).map { $0 < 128 ? $0 : 32 }, as: UTF8.self)
    let mediaBox = pdf.numbers(pdf.inherited(page, "/MediaBox"))
    guard mediaBox.count == 4 else { return [] }
    var fields: [(name: String, rect: [Double])] = []
    for name in names.sorted() where content.contains(name + " BDC") {
      let list = pdf.key(pdf.key(properties, name), listKey)
      guard pdf.isArray(list) else { continue }
      for index in 0..<pdf.count(list) {
        let item = pdf.item(list, index)
        let box = pdf.numbers(pdf.key(item, "/BBox"))
        guard box.count == 4, box[2] > box[0], box[3] > box[1],
          let text = pdf.utf8(pdf.key(item, "/Field"))
        else { continue }
        fields.append(
          (
            text,
            [box[0] - mediaBox[0], mediaBox[3] - box[3], box[2] - box[0], box[3] - box[1]]
          ))
      }
    }
    return fields
  }

  /// A PDF number with at most two decimals.
  package static func number(_ value: Double) -> String {
    let rounded = (value * 100).rounded() / 100
    return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
  }
}
