// SPDX-License-Identifier: Apache-2.0
public import RuaCore

/// The emergency information sheet (clinical reference §2): identity, alert bands, medications,
/// then the rest in two columns. One US Letter page for a typical record; longer records
/// continue on pages headed with the patient's name and date of birth. No fact is dropped.
public enum ERSheet {
  public static let kind = "er-sheet"

  /// Styles the sheet uses; the template must define each.
  public static let styleNames = [
    "body", "strong", "muted", "label", "name", "name-sub", "preferred", "heading", "th",
    "band-label",
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
  ///   - freshness: the review-by date and, when stale, a banner asking for a check.
  public static func build(
    patient: Patient, facts: ERFacts, today: CivilDate, informationAsOf: String?,
    printedAt: String, labels: Labels, template: Template, contentVersion: String,
    pendingReview: Bool, freshness: Freshness? = nil
  ) -> Document {
    let words = ERSheetWords(labels: labels)
    let blocks = DocumentChrome.arrange(template) {
      words.section($0, patient: patient, facts: facts, today: today)
    }
    let chrome = DocumentChrome(
      labels: labels, template: template, printedAt: printedAt, contentVersion: contentVersion,
      freshness: freshness)
    var document = chrome.document(
      kind: kind, title: labels[.erTitle], patient: patient,
      firstPageHeader: labels.styled(.erHeader, style: "header", separator: "  ")
        + words.worded("header-muted", lead: "   ") {
          $0.format(
            .informationAsOf,
            ["date": Self.asOf(informationAsOf, freshness, in: $0, document: labels)])
        },
      stamp: pendingReview ? .pendingReview : nil, blocks: blocks)
    document.keepsPageOne = true
    return document
  }
}

extension ERSheet {
  /// "Information as of" 's date: as the caller wrote it in the document's language; in the
  /// second language of a bilingual document, the freshness date written its way.
  static func asOf(
    _ written: String?, _ freshness: Freshness?, in labels: Labels, document: Labels
  ) -> String {
    guard let written else { return labels[.notRecorded] }
    guard labels.language != document.language, let date = freshness?.asOf else {
      return written
    }
    return labels.format(date: date)
  }
}

/// Turns record fields into labelled, styled text for the sheet.
struct ERSheetWords: DocumentWords {
  let labels: Labels

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
}
