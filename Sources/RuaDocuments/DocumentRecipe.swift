// SPDX-License-Identifier: Apache-2.0
public import RuaCore

/// What a document is made from besides the patient: read from the templates folder by the
/// command line, checked, and handed in whole.
public struct DocumentInputs: Sendable {
  public let labels: Labels
  public let drugClasses: DrugClassTable
  public let templates: [DocumentKind: Template]
  /// The fall-guide content; needed only for `.falls`.
  public let fallContent: ContentFile?
  /// When bilingual, the fall-guide content in the second language (`labels.second`).
  public let secondFallContent: ContentFile?

  public init(
    labels: Labels, drugClasses: DrugClassTable, templates: [DocumentKind: Template],
    fallContent: ContentFile?, secondFallContent: ContentFile? = nil
  ) {
    self.labels = labels
    self.drugClasses = drugClasses
    self.templates = templates
    self.fallContent = fallContent
    self.secondFallContent = secondFallContent
  }
}

/// A document ready for pagination, its template, and the content version its log row records.
public struct DescribedDocument: Sendable {
  public let document: Document
  public let template: Template
  public let contentVersion: String
}

/// The recipe of each document: which facts it needs and which versions it carries.
public enum DocumentRecipe {
  /// Whether the second language's guide, if any, is approved too: its headings print.
  static func secondApproved(_ inputs: DocumentInputs) -> Bool {
    inputs.secondFallContent?.isFullyApproved ?? true
  }

  public struct MissingInput: Error, Sendable, CustomStringConvertible {
    public let description: String
  }

  /// - Parameters:
  ///   - today: the calendar date runways and ages are counted from.
  ///   - now: the printed time.
  ///   - informationAsOf: the time of the last change to this patient's record, if known.
  ///   - period: the days a MAR covers (default one week from `today`).
  ///   - offsetSeconds: the zone's UTC offset at a moment (the shell's local zone, `TZ`
  ///     respected); "information as of" and the printed time are taken in it, and the printed
  ///     time carries it. UTC when not given.
  public static func describe(
    _ kind: DocumentKind, patient: Patient, today: CivilDate, now: Instant,
    informationAsOf: Instant?, inputs: DocumentInputs,
    offsetSeconds: (Instant) -> Int = { _ in 0 }, period: MARPeriod = .oneWeekFromToday
  ) throws(MissingInput) -> DescribedDocument {
    let table = inputs.drugClasses
    let labels = inputs.labels
    let pending = !table.isReviewed
    let printedAt = now.printed(offsetSeconds: offsetSeconds(now))
    let tableVersion = BinderRecipe.tablePrefix + table.contentVersion
    guard let template = inputs.templates[kind] else {
      throw MissingInput(description: "the \(kind.documentName) template was not loaded")
    }
    // One date for "information as of" and for the review-by and staleness it starts: the
    // calendar date of the last change in the document's zone.
    let asOfDate = informationAsOf.map { $0.date(offsetSeconds: offsetSeconds($0)) }
    let freshness = Freshness(
      asOf: asOfDate, today: today, staleAfterDays: template.staleAfterDays)
    // What the ER sheet states, derived once for every document that repeats it.
    let facts = ERFacts.derive(patient: patient, table: table, today: today)
    let asOf = asOfDate.map { labels.format(date: $0) }
    switch kind {
    case .er:
      let document = ERSheet.build(
        patient: patient, facts: facts, today: today, informationAsOf: asOf,
        printedAt: printedAt, labels: labels, template: template,
        contentVersion: tableVersion, pendingReview: pending, freshness: freshness)
      return DescribedDocument(document: document, template: template, contentVersion: tableVersion)
    case .meds:
      let document = MedicationList.build(
        patient: patient, table: table, today: today, printedAt: printedAt, labels: labels,
        template: template, contentVersion: tableVersion, pendingReview: pending,
        freshness: freshness, informationAsOf: asOf)
      return DescribedDocument(document: document, template: template, contentVersion: tableVersion)
    case .card:
      let document = WalletCard.build(
        patient: patient, facts: facts, today: today, printedAt: printedAt, labels: labels,
        template: template, contentVersion: tableVersion, pendingReview: pending,
        freshness: freshness)
      return DescribedDocument(document: document, template: template, contentVersion: tableVersion)
    case .mar:
      let document = AdministrationRecord.build(
        patient: patient, facts: facts, start: period.start ?? today, weeks: period.weeks,
        today: today,
        printedAt: printedAt,
        labels: labels, template: template, contentVersion: tableVersion, pendingReview: pending,
        freshness: freshness, changes: period.changes)
      return DescribedDocument(document: document, template: template, contentVersion: tableVersion)
    case .falls:
      guard let content = inputs.fallContent else {
        throw MissingInput(description: "the fall-guide content was not loaded")
      }
      let version = "falls \(content.contentVersion)" + BinderRecipe.separator + tableVersion
      let document = FallGuide.build(
        patient: patient, facts: facts, content: content,
        today: today, printedAt: printedAt, labels: labels, template: template,
        contentVersion: version, pendingReview: pending || !secondApproved(inputs),
        freshness: freshness, secondContent: inputs.secondFallContent)
      return DescribedDocument(document: document, template: template, contentVersion: version)
    }
  }
}

/// The recipe of a binder: it carries the versions of the documents it holds, so its
/// access-log row says what each of its pages says.
public enum BinderRecipe {
  /// The distinct parts of `versions` ("falls 1.0.0 · drug classes 1.2.0", "drug classes
  /// 1.2.0" → "falls 1.0.0 · drug classes 1.2.0"): guide contents in the order first met,
  /// then the drug-class tables, which every document shares.
  public static func contentVersion(of versions: [String]) -> String {
    var parts: [String] = []
    for version in versions {
      for part in version.split(separator: separator).map(String.init) where !parts.contains(part) {
        parts.append(part)
      }
    }
    let tables = parts.filter { $0.hasPrefix(tablePrefix) }
    return (parts.filter { !$0.hasPrefix(tablePrefix) } + tables).joined(separator: separator)
  }

  static let separator = " · "
  static let tablePrefix = "drug classes "
}
