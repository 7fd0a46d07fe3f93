// SPDX-License-Identifier: Apache-2.0
import RuaDocuments
import RuaPaperKit

/// `snapshot record|check|prune|accept` options, read into a `SnapshotRequest` that RuaPaperKit
/// checks into a `SnapshotPlan` before anything renders. Every refusal is the snapshot
/// command's error (exit 2).
extension SnapshotPlan {
  static let specs: [OptionSpec] =
    [
      .golden, .sample, .sampleFile, .store, .snapshotDocs, .snapshotLanguages, .snapshotPapers,
      .record, .artifacts, .goldenDPI,
    ] + VisualSupport.comparisonSpecs + [
      .noStructure, OutputFormat.option(help: "report format (default text)"), .snapshotReport,
      .snapshotJUnit, .snapshotNow, .snapshotToday, .templates,
    ] + StoreOptions.specs

  /// The options as a `SnapshotRequest`, checked by RuaPaperKit into the plan.
  static func read(verb: String, _ arguments: ParsedArguments, _ context: Context)
    throws(PaperError) -> SnapshotPlan
  {
    var request = SnapshotRequest(verb: verb)
    arguments.copy(
      into: &request,
      [
        (.golden, \.golden), (.record, \.record), (.snapshotDocs, \.docs),
        (.snapshotLanguages, \.languages), (.snapshotPapers, \.papers), (.snapshotNow, \.now),
        (.snapshotToday, \.today), (.templates, \.templates), (.sampleFile, \.sampleFile),
        (.artifacts, \.artifacts), (.snapshotReport, \.report),
      ])
    arguments.copy(into: &request, flags: [(.sample, \.sample), (.store, \.store)])
    request.namesStore = arguments.value(.db) != nil || arguments.value(.keyFile) != nil
    if let dpi = try VisualSupport.dpi(arguments, .goldenDPI) {
      request.dpi = (dpi, arguments.value(.goldenDPI) ?? "")
    }
    request.comparison = try VisualSupport.comparison(arguments)
    request.compareStructure = !arguments.flag(.noStructure)
    request.format = try OutputFormat.read(arguments).rawValue
    return try SnapshotPlan(checking: request, host: context.host)
  }
}

extension OptionSpec {
  fileprivate static let golden = OptionSpec(
    "golden", .value, value: "DIR", help: "the folder of golden files (required)")
  fileprivate static let sample = OptionSpec(
    "sample", help: "use the bundled, fictional sample care circle")
  fileprivate static let sampleFile = OptionSpec(
    "sample-file", .value, value: "FILE", help: "use this care-circle file")
  fileprivate static let store = OptionSpec(
    "store", help: "use the patients of the encrypted store (their data goes into the goldens)")
  fileprivate static let snapshotDocs = OptionSpec(
    "docs", .value, value: "LIST",
    help:
      "documents: \(DocumentKind.listNames.joined(separator: ",")) (default \(SnapshotPlan.defaultDocs))"
  )
  fileprivate static let snapshotLanguages = OptionSpec(
    "lang", .value, value: "LIST",
    help: "languages, comma-separated: " + DocumentKind.languages.joined(separator: ",")
      + ", or bilingual X+en (default \(SnapshotPlan.defaultLanguages))")
  fileprivate static let snapshotPapers = OptionSpec(
    "paper", .value, value: "LIST",
    help: "papers: letter,a4 (default \(SnapshotPlan.defaultPapers))")
  fileprivate static let record = OptionSpec(
    "record", .value, value: "MODE",
    help: "all, missing, failed or never (default: all for record, never for check)")
  fileprivate static let artifacts = OptionSpec(
    "artifacts", .value, value: "DIR", help: "where failing checks write images")
  fileprivate static let goldenDPI = OptionSpec(
    "dpi", .value, value: "N",
    help: "golden PNG resolution (default \(Int(SnapshotPlan.defaultDPI)))")
  fileprivate static let noStructure = OptionSpec(
    "no-structure", help: "compare pixels only, not tags, metadata, fonts, links")
  fileprivate static let snapshotReport = OptionSpec(
    "report", .value, value: "DIR", help: "write an HTML page per failing document and summary.md")
  static let snapshotJUnit = OptionSpec(
    "junit", .value, value: "FILE",
    help: "write JUnit XML: one test case per document (and per orphan)")
  fileprivate static let snapshotNow = OptionSpec(
    "now", .value, value: "RFC3339",
    help: "printed time and PDF date (default \(SnapshotPlan.defaultNow))")
  fileprivate static let snapshotToday = OptionSpec(
    "today", .value, value: "YYYY-MM-DD", help: "runway date (default: date of --now)")
}
