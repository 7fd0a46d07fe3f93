import RuaDocuments

/// Writes the per-print marks into the PDF: each furniture group holding a per-print value
/// becomes `/Artifact /NAME BDC`, and NAME is a property list in the page's
/// `/Resources /Properties`:
///
///     << /Type /Pagination /RuaPaperVolatile [ << /Field (printed-time) /BBox [l b r t] >> ] >>
///
/// `/BBox` is in default user space (points, origin bottom left), as the `/BBox` of an artifact
/// (ISO 32000-1, 14.8.2.2.2). The box comes from the Pango layout that drew the value, so a
/// reader needs no text search or content-stream interpretation to find it: `RuaVisual`
/// reads the property lists with qpdf and masks the boxes.
enum VolatileMarking {
  /// The key of the list of marked values in a property list.
  static let key = "/RuaPaperVolatile"

  /// Adds the property list of every marked group of page `number` (0-based) to the page's
  /// resources and returns their names by group.
  static func addProperties(
    _ pdf: QPDFDocument, page: QPDFDocument.Handle, number: Int, _ marks: PageMarks?
  ) -> [Int: String] {
    guard let marks, !marks.groups.isEmpty else { return [:] }
    var resources = pdf.key(page, "/Resources")
    if !pdf.isDictionary(resources) {
      resources = pdf.parse("<< >>")
      pdf.set(page, "/Resources", resources)
    }
    var properties = pdf.key(resources, "/Properties")
    if !pdf.isDictionary(properties) {
      properties = pdf.parse("<< >>")
      pdf.set(resources, "/Properties", properties)
    }
    var names: [Int: String] = [:]
    for (group, groupMarks) in marks.groups.sorted(by: { $0.key < $1.key }) {
      // Unique per page and group, so pages sharing one resource dictionary cannot collide.
      let name = "RuaVolatile\(number + 1)_\(group)"
      let fields = groupMarks.map { mark in
        let box = [
          mark.rect.x, marks.height - mark.rect.maxY, mark.rect.x + mark.rect.width,
          marks.height - mark.rect.y,
        ]
        return
          "<< /Field (\(mark.field.rawValue)) /BBox [\(box.map(pdfNumber).joined(separator: " "))] >>"
      }
      pdf.set(
        properties, "/" + name,
        pdf.parse("<< /Type /Pagination \(key) [ \(fields.joined(separator: " ")) ] >>"))
      names[group] = name
    }
    return names
  }

  /// A PDF number with at most two decimals.
  private static func pdfNumber(_ value: Double) -> String {
    let rounded = (value * 100).rounded() / 100
    return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
  }
}
