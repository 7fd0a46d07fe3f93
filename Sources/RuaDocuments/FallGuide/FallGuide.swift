// SPDX-License-Identifier: Apache-2.0
public import RuaCore

/// The personalised fall guide (clinical reference §4): what to do if the person falls, who
/// to call in order, their own fall-risk medicines by name, a room-by-room checklist and the
/// sources. The text comes from the reviewed content file; this type only chooses, orders and
/// fills it. Placeholders are filled with plain text; nothing becomes markup.
public enum FallGuide {
  public static let kind = "fall-guide"

  /// Styles the guide uses; the template must define each.
  public static let styleNames = [
    "body", "strong", "muted", "name", "heading", "subheading", "marker", "band-label",
    "band-text", "band-strong", "reference", "contact", "contact-strong", "header",
    "header-muted", "stamp", "footer", "footer-center", "footer-right",
  ]

  /// Section ids a template may list: `contacts` is built from the record, the others are the
  /// content file's sections.
  public static let sectionIDs = [
    "guide", "contacts", "falls", "alone", "medicines", "home", "sources",
  ]

  /// Builds the guide.
  /// - Parameters:
  ///   - facts: `ERFacts.derive(patient:table:today:)`: the blood thinners and fall-risk
  ///     medicines it names come from there, so every document says the same.
  ///   - content: the guide file in the labels' language (`content/falls.<language>.json`).
  ///   - secondContent: when bilingual, the guide in the second language (English): its
  ///     titles and headings follow the family's.
  ///   - today: the local calendar date; `facts` were derived for it (taken so every
  ///     document builder is called the same way).
  ///   - printedAt: the printed time text for the footer.
  ///   - contentVersion: the versions of the guide and the drug-class table, as printed.
  ///   - pendingReview: prints the "PENDING CLINICIAN REVIEW" stamp on every page. The stamp
  ///     is also printed whenever a block of `content` is not approved, whatever is passed.
  ///   - freshness: the review-by date and, when stale, a banner asking for a check.
  public static func build(
    patient: Patient, facts: ERFacts, content: ContentFile, today: CivilDate, printedAt: String,
    labels: Labels, template: Template, contentVersion: String, pendingReview: Bool,
    freshness: Freshness? = nil, secondContent: ContentFile? = nil
  ) -> Document {
    let words = FallGuideWords(
      labels: labels, patient: patient, facts: facts, content: content,
      secondContent: secondContent)
    let blocks = DocumentChrome.arrange(template) { words.section($0) }
    let chrome = DocumentChrome(
      labels: labels, template: template, printedAt: printedAt, contentVersion: contentVersion,
      freshness: freshness)
    let stamped = pendingReview || !content.isFullyApproved
    return chrome.document(
      kind: kind, title: labels[.fallsTitle], patient: patient,
      firstPageHeader: labels.styled(.fallsHeader, style: "header", separator: "  ")
        + StyledText([
          TextRun(
            "   \(patient.fullName) · \(labels[.dateOfBirth]) "
              + unbreakable(labels.format(date: patient.dateOfBirth)),
            style: "header-muted")
        ]),
      stamp: stamped ? .pendingGuide : nil, blocks: blocks)
  }
}
