// SPDX-License-Identifier: Apache-2.0
import RuaDocuments
internal import RuaPDF

/// Writes the per-print marks into the PDF in rua-paper's private format (`VolatileMarkFormat`):
/// each furniture group holding a per-print value becomes `/Artifact /NAME BDC`, NAME a property
/// list in the page's resources. The box comes from the Pango layout that drew the value, so a
/// reader needs no text search or content-stream interpretation to find it: `RuaVisual`
/// reads the property lists with qpdf and masks the boxes.
enum VolatileMarking {
  /// Adds the property list of every marked group of page `number` (0-based) to the page's
  /// resources and returns their names by group.
  static func addProperties<PDF: PDFObjectEditing>(
    _ pdf: PDF, page: PDF.Handle, number: Int, _ marks: PageMarks?
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
      let name = VolatileMarkFormat.propertyName(page: number + 1, group: group)
      pdf.set(
        properties, "/" + name,
        pdf.parse(
          VolatileMarkFormat.propertyList(
            fields(groupMarks, pageHeight: marks.height),
            subtype: marks.kinds[group] == .header ? "Header" : "Footer")))
      names[group] = name
    }
    return names
  }

  /// The marks' fields with their boxes in default user space.
  static func fields(_ marks: [VolatileMark], pageHeight: Double) -> [VolatileMarkFormat.Field] {
    marks.map { mark in
      VolatileMarkFormat.Field(
        name: mark.field.rawValue,
        box: [
          mark.rect.x, pageHeight - mark.rect.maxY, mark.rect.x + mark.rect.width,
          pageHeight - mark.rect.y,
        ])
    }
  }
}
