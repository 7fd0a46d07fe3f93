import RuaCore

/// The emergency information sheet (clinical reference §2): identity, alert bands, medications,
/// then the rest in two columns. One US Letter page for a typical record; longer records
/// continue on pages headed with the patient's name and date of birth. No fact is dropped.
public enum ERSheet {
  public static let kind = "er-sheet"

  /// Styles the sheet uses; the template must define each.
  public static let styleNames = [
    "body", "strong", "muted", "label", "name", "preferred", "heading", "th", "band-label",
    "band-text", "band-strong", "header", "header-muted", "stamp", "footer", "footer-center",
    "footer-right",
  ]

  /// Section ids a template may list: identity, alerts, medications, conditions, contacts,
  /// careTeam, baseline, details.
  public static let sectionIDs = [
    "identity", "alerts", "medications", "conditions", "contacts", "careTeam", "baseline",
    "details",
  ]

  /// Builds the sheet.
  /// - Parameters:
  ///   - facts: `ERFacts.derive(patient:table:today:)` for this patient.
  ///   - today: the local calendar date (age).
  ///   - informationAsOf: when the record was last brought up to date, as the caller writes it;
  ///     nil prints "Not recorded".
  ///   - printedAt: the printed time text for the footer.
  ///   - contentVersion: the version of the clinical tables behind the flags.
  ///   - pendingReview: prints a "PENDING CLINICIAN REVIEW" stamp on every page.
  public static func build(
    patient: Patient, facts: ERFacts, today: CivilDate, informationAsOf: String?,
    printedAt: String, labels: Labels, template: Template, contentVersion: String,
    pendingReview: Bool
  ) -> Document {
    let words = ERSheetWords(labels: labels)
    var blocks: [Block] = []
    var columnBlocks: [Block] = []
    for section in template.visibleSections {
      let content = words.section(section.id, patient: patient, facts: facts, today: today)
      if section.span == .column {
        columnBlocks += content
      } else {
        if !columnBlocks.isEmpty { blocks.append(.columns(columnBlocks)) }
        columnBlocks = []
        blocks += content
      }
    }
    if !columnBlocks.isEmpty { blocks.append(.columns(columnBlocks)) }
    let asOf = informationAsOf ?? labels[.notRecorded]
    let dob = labels.format(date: patient.dateOfBirth)
    return Document(
      kind: kind, title: labels[.erTitle], language: labels.language,
      firstPageHeader: StyledText([
        TextRun(labels[.erHeader], style: "header"),
        TextRun("   " + labels.format(.informationAsOf, ["date": asOf]), style: "header-muted"),
      ]),
      continuationHeader: StyledText([
        TextRun(patient.fullName, style: "header"),
        TextRun(
          "   \(labels[.dateOfBirth]) \(dob) · \(labels[.continued])",
          style: "header-muted"),
      ]),
      footerLeft: StyledText(labels.format(.printed, ["time": printedAt]), style: "footer"),
      footerCenter: StyledText(
        labels.format(
          .versions,
          ["template": "\(template.document) \(template.version)", "content": contentVersion]),
        style: "footer-center"),
      pageNumberFormat: labels[.pageNumber], pageNumberStyle: "footer-right",
      pageStamp: pendingReview ? StyledText(labels[.pendingReview], style: "stamp") : nil,
      blocks: blocks)
  }
}

/// Turns record fields into labelled, styled text for the sheet.
struct ERSheetWords {
  let labels: Labels

  func run(_ text: String, _ style: String = "body") -> StyledText {
    StyledText(text, style: style)
  }

  func heading(_ key: LabelKey) -> Block { .heading(level: 2, run(labels[key], "heading")) }

  func empty(_ key: LabelKey) -> Block { .paragraph(run(labels[key], "muted")) }

  func section(_ id: String, patient: Patient, facts: ERFacts, today: CivilDate) -> [Block] {
    switch id {
    case "identity": return identity(patient, today: today)
    case "alerts": return alerts(facts, patient: patient)
    case "medications": return medications(facts)
    case "conditions": return conditions(patient)
    case "contacts": return contacts(patient)
    case "careTeam": return careTeam(patient)
    case "baseline": return baseline(patient)
    case "details": return details(patient)
    default: return []
    }
  }

  /// Parts joined with a separator, skipping empty ones.
  func joined(_ parts: [StyledText], separator: String = " · ", style: String = "body")
    -> StyledText
  {
    var result = StyledText.empty
    for part in parts where !part.isEmpty {
      if !result.isEmpty { result = result + run(separator, style) }
      result = result + part
    }
    return result
  }
}
