// SPDX-License-Identifier: Apache-2.0
public import RuaCore
public import RuaDocuments
import RuaFiles
public import RuaVisual

/// What to do with each golden snapshot (the modes of swift-snapshot-testing).
public enum RecordMode: String, CaseIterable, Sendable {
  /// Always rewrite.
  case all
  /// Write absent goldens; check the rest.
  case missing
  /// Rewrite the goldens that fail; check the rest.
  case failed
  /// Only check; a missing golden is a failure (CI).
  case never
}

/// Where the patients come from.
public enum SnapshotSource: Sendable {
  /// The bundled (or given) sample care circle, decoded in memory.
  case sample(path: String)
  /// The encrypted store named by --db/--key-file or their defaults.
  case store
}

/// Every option of one `snapshot record|check` run, read and checked before anything renders.
public struct SnapshotPlan: Sendable {
  public let mode: RecordMode
  public let golden: String
  /// The golden folder as the user wrote it, for reports.
  public let goldenShown: String
  public let artifacts: String
  public let source: SnapshotSource
  public let kinds: [DocumentKind]
  public let languages: [String]
  public let papers: [Paper]
  /// Comparison settings; `dpi` is also the resolution of the golden PNGs.
  public let diff: DiffOptions
  public let now: Instant
  public let today: CivilDate
  public let templates: TemplatesLocation
  /// `text` or `json` (every document with its verdict and regions).
  public let format: String
  /// Where `--report DIR` writes an HTML page per failing document and summary.md.
  public let report: String?

  public init(
    mode: RecordMode, golden: String, goldenShown: String, artifacts: String,
    source: SnapshotSource, kinds: [DocumentKind], languages: [String], papers: [Paper],
    diff: DiffOptions, now: Instant, today: CivilDate, templates: TemplatesLocation,
    format: String, report: String?
  ) {
    self.mode = mode
    self.golden = golden
    self.goldenShown = goldenShown
    self.artifacts = artifacts
    self.source = source
    self.kinds = kinds
    self.languages = languages
    self.papers = papers
    self.diff = diff
    self.now = now
    self.today = today
    self.templates = templates
    self.format = format
    self.report = report
  }

  public static let defaultNow = "2026-11-01T09:00:00Z"
  public static let defaultDPI = 50.0
  /// What a plan covers when `--docs`, `--lang` and `--paper` are not given, as they are
  /// written there (and in `snapshot --help`).
  public static let defaultDocs = DocumentKind.standard.map(\.rawValue).joined(separator: ",")
  public static let defaultLanguages = "en"
  public static let defaultPapers = Paper.letter.rawValue

  /// Runs `body`, reporting any error with the snapshot command's error code (2).
  public static func remap<T>(_ body: () throws(PaperError) -> T) throws(PaperError) -> T {
    do { return try body() } catch { throw PaperError(error.message, kind: .invalidRequest) }
  }
}
