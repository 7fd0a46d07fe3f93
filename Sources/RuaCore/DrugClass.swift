// SPDX-License-Identifier: Apache-2.0
/// A marker a medication carries on the documents, in the order they print.
///
/// `antiplatelet` is kept apart from `anticoagulant` on purpose: only anticoagulants raise the
/// "ON A BLOOD THINNER" banner (ISMP lists anticoagulants, not oral antiplatelets); antiplatelets
/// get a softer label (clinical reference §7). See `docs/runway-and-flags.md`.
public enum MedicationFlag: String, Sendable, CaseIterable {
  case anticoagulant
  case antiplatelet
  case highAlert = "high-alert"
  case fallRisk = "fall-risk"
}

/// One class of the bundled drug-class table (`templates/drug-classes.json`).
public struct DrugClass: Equatable, Sendable {
  /// Whether a clinician has reviewed the class. Unreviewed content prints with a stamp.
  public enum Review: Equatable, Sendable {
    case pending
    case approved(reviewer: String, date: CivilDate)
  }

  public let id: String
  public let flag: MedicationFlag
  /// Display labels by BCP 47 tag; `en` and `es` are always present.
  public let labels: [String: String]
  /// Generic names as written in the table.
  public let generics: [String]
  /// Source ids (clinical reference §1), each defined in the table's `sources`.
  public let sources: [String]
  public let note: String?
  public let review: Review
  /// The class can cause low blood sugar (insulins, sulfonylureas): the fall guide then lists
  /// its signs among the reasons to call 911.
  public let lowersBloodSugar: Bool

  public init(
    id: String, flag: MedicationFlag, labels: [String: String], generics: [String],
    sources: [String], note: String? = nil, review: Review, lowersBloodSugar: Bool = false
  ) {
    self.id = id
    self.flag = flag
    self.labels = labels
    self.generics = generics
    self.sources = sources
    self.note = note
    self.review = review
    self.lowersBloodSugar = lowersBloodSugar
  }

  /// The label for `locale`: the exact tag, then its language, then English.
  public func label(locale: String) -> String {
    labels[locale] ?? labels[DocumentDateFormat.languageSubtag(of: locale)] ?? labels["en"] ?? id
  }
}

/// A source a drug class cites: an id from the clinical reference and its citation.
public struct DrugClassSource: Equatable, Sendable {
  public let id: String
  public let citation: String
  public init(id: String, citation: String) {
    self.id = id
    self.citation = citation
  }
}

/// Why a drug-class table was refused, with the JSON path at fault.
public struct DrugClassTableError: Error, Equatable, Sendable, CustomStringConvertible {
  public let path: String
  public let reason: String
  public init(path: String, reason: String) {
    self.path = path
    self.reason = reason
  }
  public var description: String { "\(path): \(reason)" }
}
