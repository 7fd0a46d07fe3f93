// SPDX-License-Identifier: Apache-2.0
public import RuaCore
public import RuaDocuments
import RuaFiles
import RuaStore

/// The options every document command shares, read once.
public struct DocumentSettings: Sendable {
  public let paper: Paper
  /// `--lang`, when given; otherwise each document chooses (`DocumentLanguage`).
  public let explicitLanguage: String?
  /// The language of documents made for many people at once (batch, bench): `--lang` or en.
  public var language: String { explicitLanguage ?? "en" }
  /// The printed time and the PDF dates.
  public let now: Instant
  /// The calendar date runways and ages are counted from.
  public let today: CivilDate
  public let templates: TemplatesLocation
  /// Large print for the medication list and the fall guide (the ER sheet is for clinicians).
  public var large = false
  /// The days a MAR covers (`mar --week-of`, `--weeks`).
  public var period = MARPeriod.oneWeekFromToday

  public init(
    paper: Paper, explicitLanguage: String?, now: Instant, today: CivilDate,
    templates: TemplatesLocation, large: Bool = false
  ) {
    self.paper = paper
    self.explicitLanguage = explicitLanguage
    self.now = now
    self.today = today
    self.templates = templates
    self.large = large
  }

  package static func languageRefusal(_ language: String) -> String {
    "--lang takes one of " + DocumentLanguage.accepted + ", not '\(language)'"
  }

  /// The resources for `kinds`. `--large` with only the ER sheet asked for is refused: the
  /// sheet is for clinicians and stays as it is; in a batch it applies to the other two.
  public func resources(for kinds: [DocumentKind]) throws(PaperError) -> DocumentResources {
    if large, !kinds.contains(where: { DocumentResources.largePrintKinds.contains($0) }) {
      throw .invalidRequest(
        "--large is for the medication list (meds), the fall guide (falls) and the "
          + "administration record (mar)")
    }
    if paper == .card, kinds != [.card] {
      throw .invalidRequest(
        "--paper card is for the wallet card alone ('rua-paper card'); use letter or a4")
    }
    return try DocumentResources.load(
      templates, kinds: kinds, language: language, paper: paper, large: large)
  }
}
