// SPDX-License-Identifier: Apache-2.0
public import RuaCore

/// The medication list with refill runways (clinical reference §3): who, allergies and phones
/// at the top; scheduled medicines with their time slots, run-out dates, days left and a
/// runway bar; as-needed medicines apart, with no forecast; totals; a "reviewed by" line.
/// Stopped medicines are not listed. Long lists continue on pages headed with the patient's
/// name and date of birth, the table header repeated and rows kept whole.
public enum MedicationList {
  public static let kind = "medication-list"

  /// Styles the list uses; the template must define each.
  public static let styleNames = [
    "body", "strong", "muted", "label", "name", "preferred", "heading", "th", "th-slot", "cell",
    "cell-strong", "cell-muted", "slot", "flag", "band-label", "band-text", "band-strong",
    "header", "header-muted", "stamp", "footer", "footer-center", "footer-right",
  ]

  /// Section ids a template may list.
  public static let sectionIDs = ["identity", "allergies", "scheduled", "asNeeded", "review"]

  /// Builds the list.
  /// - Parameters:
  ///   - table: the drug-class table behind the blood-thinner, high-alert and fall-risk flags.
  ///   - today: the local calendar date: the runway is computed for it and the list is "as of" it.
  ///   - printedAt: the printed time text for the footer.
  ///   - contentVersion: the version of the clinical tables behind the flags.
  ///   - pendingReview: prints a "PENDING CLINICIAN REVIEW" stamp on every page.
  ///   - freshness: the review-by date and, when stale, a banner asking for a check.
  ///   - informationAsOf: when the record was last brought up to date, as the caller writes
  ///     it; the header says it, as the ER sheet's does ("List as of" there would be the
  ///     print date, not the information's). Without it the header gives the list's date.
  public static func build(
    patient: Patient, table: DrugClassTable, today: CivilDate, printedAt: String,
    labels: Labels, template: Template, contentVersion: String, pendingReview: Bool,
    freshness: Freshness? = nil, informationAsOf: String? = nil
  ) -> Document {
    let words = MedicationListWords(
      labels: labels, table: table, today: today, large: template.isLargePrint)
    let listed = Runway.documentOrder(patient.medications, today: today)
    let blocks = DocumentChrome.arrange(template) {
      words.section($0, patient: patient, listed: listed)
    }
    let chrome = DocumentChrome(
      labels: labels, template: template, printedAt: printedAt, contentVersion: contentVersion,
      freshness: freshness)
    return chrome.document(
      kind: kind, title: labels[.medsTitle], patient: patient,
      firstPageHeader: labels.styled(.medsHeader, style: "header", separator: "  ")
        + words.worded("header-muted", lead: "   ") { these in
          guard informationAsOf != nil else {
            return these.format(.medsAsOf, ["date": these.format(date: today)])
          }
          let date = ERSheet.asOf(informationAsOf, freshness, in: these, document: labels)
          return these.format(.informationAsOf, ["date": date])
        },
      stamp: pendingReview ? .pendingReview : nil, blocks: blocks)
  }
}

/// What the totals line counts: the rows the scheduled table prints and the ticks in each
/// slot column (on-hold medicines are listed but get no ticks, so they are not counted at
/// a time).
public struct MedicationTotals: Equatable, Sendable {
  public var scheduled: Int
  public var onHold: Int
  public var perSlot: [DoseTime: Int]
  /// Scheduled medicines being given (not on hold), and how many of them have no times.
  public var given: Int
  public var withoutTimes: Int

  public init(listed: [Medication]) {
    let scheduled = listed.filter { !$0.asNeeded }
    self.scheduled = scheduled.count
    onHold = scheduled.filter { $0.status == .onHold }.count
    let active = scheduled.filter { $0.status == .active }
    given = active.count
    withoutTimes = active.filter(\.times.isEmpty).count
    var perSlot: [DoseTime: Int] = [:]
    for slot in DoseTime.allCases {
      perSlot[slot] = scheduled.filter { MedicationTotals.ticks($0, slot) }.count
    }
    self.perSlot = perSlot
  }

  /// Whether the list ticks `slot` for `medication`: active, scheduled, and due then.
  public static func ticks(_ medication: Medication, _ slot: DoseTime) -> Bool {
    !medication.asNeeded && medication.status == .active && medication.times.contains(slot)
  }
}
