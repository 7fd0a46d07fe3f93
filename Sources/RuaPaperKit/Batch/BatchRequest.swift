// SPDX-License-Identifier: Apache-2.0
import RuaCore
public import RuaDocuments

/// A batch, checked: which patients, which documents, where, how many workers, in which
/// settings. The command line reads it from argv (`BatchOptions` in RuaCLI); a test builds it.
public struct BatchRequest: Sendable {
  public var queries: [String]
  public var all: Bool
  public var kinds: [DocumentKind]
  /// Absolute output folder, or nil when the documents are only printed.
  public var folder: String?
  /// Absolute binder path.
  public var binder: String?
  public var workers: Int
  /// `.some(nil)` prints on the default printer.
  public var printer: String??
  public var force: Bool
  /// Skip documents whose file and manifest SHA-256 already match (`--resume`).
  public var resume: Bool
  /// Only every N-th patient, starting with the K-th, by patient id (1 ≤ index ≤ count).
  public var shard: (index: Int, count: Int)?
  /// Copies, CUPS options, the job timeout.
  public var printing = PrintSettings()
  public var settings: DocumentSettings
  /// Whether pages carry the access log's head (`FooterAnchor`), read once at the start.
  public var anchorsFooter: Bool
  /// `--docs …,fhir-ips`: one IPS JSON per person beside the PDFs (`--out` only).
  public var summaries = false

  public init(
    queries: [String] = [], all: Bool = false, kinds: [DocumentKind] = DocumentKind.standard,
    folder: String? = nil, binder: String? = nil, workers: Int = 1, printer: String?? = nil,
    force: Bool = false, resume: Bool = false, shard: (index: Int, count: Int)? = nil,
    printing: PrintSettings = PrintSettings(), settings: DocumentSettings,
    anchorsFooter: Bool = false
  ) {
    self.queries = queries
    self.all = all
    self.kinds = kinds
    self.folder = folder
    self.binder = binder
    self.workers = workers
    self.printer = printer
    self.force = force
    self.resume = resume
    self.shard = shard
    self.printing = printing
    self.settings = settings
    self.anchorsFooter = anchorsFooter
  }

  /// `DIR/<patient-id>-international-patient-summary.json`, named like the PDFs.
  public func summaryFileName(patientID: String) -> String {
    "\(patientID)-\(ExportFormat.summaryFileName).json"
  }

  /// `DIR/<patient-id>-<document>.pdf`.
  public func fileName(patientID: String, kind: DocumentKind) -> String {
    "\(patientID)-\(kind.documentName).pdf"
  }
}

extension DocumentKind {
  /// The bookmark a document gets in a binder.
  public var binderTitle: String {
    switch self {
    case .er: return "ER sheet"
    case .meds: return "Medication list"
    case .falls: return "Fall guide"
    case .card: return "Wallet card"
    case .mar: return "Medication administration record"
    }
  }
}
