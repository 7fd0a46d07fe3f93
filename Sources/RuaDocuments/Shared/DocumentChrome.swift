import RuaCore

/// What every page of a patient document repeats: the continuation header with the patient's
/// name and date of birth, the footer (printed time, template and content versions, "Page N
/// of M") and the review stamp. One place, so the three documents cannot drift apart.
struct DocumentChrome {
  let labels: Labels
  let template: Template
  let printedAt: String
  let contentVersion: String

  func document(
    kind: String, title: String, patient: Patient, firstPageHeader: StyledText,
    stamp: String?, blocks: [Block]
  ) -> Document {
    let dob = labels.format(date: patient.dateOfBirth)
    return Document(
      kind: kind, title: "\(title): \(patient.fullName)", language: labels.language,
      firstPageHeader: firstPageHeader,
      continuationHeader: StyledText([
        TextRun(patient.fullName, style: "header"),
        TextRun(
          "   \(labels[.dateOfBirth]) \(dob) · \(labels[.continued])", style: "header-muted"),
      ]),
      footerLeft: StyledText(labels.format(.printed, ["time": printedAt]), style: "footer"),
      footerCenter: StyledText(
        labels.format(
          .versions,
          ["template": "\(template.document) \(template.version)", "content": contentVersion]),
        style: "footer-center"),
      pageNumberFormat: labels[.pageNumber], pageNumberStyle: "footer-right",
      pageStamp: stamp.map { StyledText($0, style: "stamp") },
      blocks: blocks)
  }

  /// Sections in template order: `full` ones across the page, runs of `column` ones in the
  /// template's columns.
  static func arrange(_ template: Template, _ content: (String) -> [Block]) -> [Block] {
    var blocks: [Block] = []
    var columnBlocks: [Block] = []
    for section in template.visibleSections {
      let sectionBlocks = content(section.id)
      if section.span == .column {
        columnBlocks += sectionBlocks
      } else {
        if !columnBlocks.isEmpty { blocks.append(.columns(columnBlocks)) }
        columnBlocks = []
        blocks += sectionBlocks
      }
    }
    if !columnBlocks.isEmpty { blocks.append(.columns(columnBlocks)) }
    return blocks
  }
}
