// SPDX-License-Identifier: Apache-2.0
import RuaCore

/// The shared wording, for the chrome's own blocks.
private struct ChromeWords: DocumentWords {
  let labels: Labels
}

/// What every page of a patient document repeats: the continuation header with the patient's
/// name and date of birth, the footer (printed time, template and content versions, "Page N
/// of M") and the review stamp. One place, so the three documents cannot drift apart.
struct DocumentChrome {
  let labels: Labels
  let template: Template
  let printedAt: String
  let contentVersion: String
  /// When set: the review-by date in the footer, and a banner on page 1 when stale.
  var freshness: Freshness? = nil

  func document(
    kind: String, title: String, patient: Patient, firstPageHeader: StyledText,
    stamp: LabelKey?, blocks: [Block]
  ) -> Document {
    let dob = unbreakable(labels.format(date: patient.dateOfBirth))
    let kept = KeptWhole.tokens(patient)
    var document = Document(
      kind: kind, title: "\(title): \(patient.fullName)", language: labels.language,
      firstPageHeader: KeptWhole.marked(firstPageHeader, tokens: kept),
      continuationHeader: KeptWhole.marked(
        StyledText([
          TextRun(patient.fullName, style: "header"),
          TextRun("   \(labels[.dateOfBirth]) ", style: "header-muted"),
          // "1941年2月14日" has no space to keep: the date is one unbroken run.
          TextRun(dob, style: "header-muted", keepsWhole: true),
          TextRun(" · \(labels[.continued])", style: "header-muted"),
        ]), tokens: kept),
      footerLeft: footerLeft,
      footerCenter: StyledText(
        labels.format(
          .versions,
          ["template": "\(template.document) \(template.version)", "content": contentVersion]),
        style: "footer-center"),
      pageNumberFormat: pageNumberFormat, pageNumberStyle: "footer-right",
      pageStamp: stamp.map { labels.styled($0, style: "stamp") },
      blocks: KeptWhole.marked(withStaleBand(blocks), tokens: kept),
      continuedLabel: labels[.continued])
    document.footerCenterShort = StyledText(
      "\(template.document) \(template.version) · \(contentVersion)", style: "footer-center")
    return document
  }

  /// "Page {page} of {pages}", in both languages when bilingual.
  private var pageNumberFormat: String {
    guard let second = labels.second else { return labels[.pageNumber] }
    return labels[.pageNumber] + " · " + second[.pageNumber]
  }

  /// "Printed … · Review by …", the printed time its own run, marked as per-print.
  private var footerLeft: StyledText {
    var runs: [TextRun] = []
    let label = labels[.printed]
    if let slot = label.firstRange(of: "{time}") {
      runs.append(TextRun(String(label[..<slot.lowerBound]), style: "footer"))
      runs.append(TextRun(printedAt, style: "footer", volatile: .printedTime))
      runs.append(TextRun(String(label[slot.upperBound...]), style: "footer"))
    } else {
      runs.append(TextRun(label, style: "footer"))
    }
    if let freshness {
      let reviewBy = unbreakable(labels.format(date: freshness.reviewBy))
      runs.append(TextRun(" · " + labels.format(.reviewBy, ["date": reviewBy]), style: "footer"))
    }
    return StyledText(runs)
  }

  /// The stale banner goes right after who the document is about, before any other band or
  /// section, so it is read first.
  private func withStaleBand(_ blocks: [Block]) -> [Block] {
    guard let freshness, let band = ChromeWords(labels: labels).staleBand(freshness) else {
      return blocks
    }
    let index =
      blocks.indices.dropFirst().first { index in
        switch blocks[index] {
        case .alert, .columns: return true
        case .heading(let level, _): return level >= 2
        default: return false
        }
      } ?? blocks.count
    var result = blocks
    result.insert(band, at: index)
    return result
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
