// SPDX-License-Identifier: Apache-2.0
import RuaCore
import RuaDocuments
import RuaFiles
import RuaPaperKit
import RuaVisual

/// `snapshot record|check|prune|accept` options, read and checked into a `SnapshotPlan` before
/// anything renders. Every refusal is the snapshot command's error (exit 2).
extension SnapshotPlan {
  static let specs: [OptionSpec] =
    [
      .golden, .sample, .sampleFile, .store, .snapshotDocs, .snapshotLanguages, .snapshotPapers,
      .record, .artifacts, .goldenDPI,
    ] + VisualSupport.comparisonSpecs + [
      .noStructure, OutputFormat.option(help: "report format (default text)"), .snapshotReport,
      .snapshotJUnit, .snapshotNow, .snapshotToday, .templates,
    ] + StoreOptions.specs

  static func read(verb: String, _ arguments: ParsedArguments, _ context: Context)
    throws(PaperError) -> SnapshotPlan
  {
    guard let goldenText = arguments.value(.golden), !goldenText.isEmpty else {
      throw PaperError(
        "snapshot \(verb) needs --golden DIR, the folder of golden files", kind: .invalidRequest)
    }
    let golden = context.absolute(goldenText)
    let mode = try recordMode(verb: verb, arguments, context)
    let kinds = try list(arguments.value(.snapshotDocs) ?? "er,meds,falls") {
      (text) throws(PaperError) in
      try DocumentKind.list(text, option: "--docs")
    }
    let languages = try languages(arguments.value(.snapshotLanguages) ?? "en")
    let papers = try papers(arguments.value(.snapshotPapers) ?? "letter")
    if papers.contains(.card), kinds != [.card] {
      throw PaperError(
        "--paper card is for the wallet card alone (--docs card); the other documents take "
          + "letter and a4", kind: .invalidRequest)
    }
    let nowText = arguments.value(.snapshotNow) ?? defaultNow
    guard let now = Instant(rfc3339: nowText) else {
      throw PaperError(
        "--now must be an RFC 3339 time such as \(defaultNow), not '\(nowText)'",
        kind: .invalidRequest)
    }
    var today = now.utcDate
    if let text = arguments.value(.snapshotToday) {
      guard let date = CivilDate(iso: text) else {
        throw PaperError(
          "--today must be a calendar date YYYY-MM-DD, not '\(text)'", kind: .invalidRequest)
      }
      today = date
    }
    let templates = try remap { () throws(PaperError) in
      try TemplatesLocation.resolve(arguments.value(.templates), context.host)
    }
    var diff = try diffOptions(arguments, golden: golden, mode: mode)
    // A PDF that looks the same but lost its tags or title is a different document.
    diff.compareStructure = !arguments.flag(.noStructure)
    let format = try OutputFormat.read(arguments).rawValue
    var artifacts = arguments.value(.artifacts)
    if artifacts == nil { artifacts = try defaultArtifacts(context) }
    return SnapshotPlan(
      mode: mode, golden: golden, goldenShown: goldenText,
      artifacts: context.absolute(artifacts ?? ""),
      source: try source(arguments, context, templates: templates), kinds: kinds,
      languages: languages, papers: papers, diff: diff, now: now, today: today,
      templates: templates, format: format,
      report: arguments.value(.snapshotReport).map { context.absolute($0) })
  }

  /// `--record`, then `$RUA_SNAPSHOT_RECORD`, then the verb's default.
  private static func recordMode(verb: String, _ arguments: ParsedArguments, _ context: Context)
    throws(PaperError) -> RecordMode
  {
    let names = RecordMode.allCases.map(\.rawValue).joined(separator: ", ")
    if let text = arguments.value(.record) {
      guard let mode = RecordMode(rawValue: text) else {
        throw PaperError("--record takes \(names), not '\(text)'", kind: .invalidRequest)
      }
      return mode
    }
    if let text = context.environment["RUA_SNAPSHOT_RECORD"], !text.isEmpty {
      guard let mode = RecordMode(rawValue: text) else {
        throw PaperError(
          "RUA_SNAPSHOT_RECORD must be one of \(names), not '\(text)'", kind: .invalidRequest)
      }
      return mode
    }
    return verb == "record" ? .all : .never
  }

  private static func source(
    _ arguments: ParsedArguments, _ context: Context, templates: TemplatesLocation
  ) throws(PaperError) -> SnapshotSource {
    // Goldens are plain files meant for git: the user's own store (health data) is read only
    // when --store says so, never as a default.
    let chosen = [
      arguments.flag(.sample) ? "--sample" : nil,
      arguments.value(.sampleFile) != nil ? "--sample-file" : nil,
      arguments.flag(.store) ? "--store" : nil,
    ].compactMap { $0 }
    guard chosen.count <= 1 else {
      throw PaperError(
        "give one source: --sample, --sample-file FILE or --store, not "
          + chosen.joined(separator: " and "), kind: .invalidRequest)
    }
    let namesStore = arguments.value(.db) != nil || arguments.value(.keyFile) != nil
    if namesStore, !arguments.flag(.store) {
      throw PaperError(
        "--db and --key-file are read only with --store (goldens made from a store hold its "
          + "health data in plain files); add --store, or use --sample", kind: .invalidRequest)
    }
    if let file = arguments.value(.sampleFile) { return .sample(path: context.absolute(file)) }
    if arguments.flag(.sample) {
      // The templates folder and samples/ sit side by side in the package.
      return .sample(path: templates.root + "/../samples/care-circle.json")
    }
    guard arguments.flag(.store) else {
      throw PaperError(
        "snapshot needs a source: --sample (the bundled fictional circle), --sample-file FILE, "
          + "or --store (your encrypted store; its health data goes into the golden files)",
        kind: .invalidRequest)
    }
    return .store
  }

  private static func diffOptions(
    _ arguments: ParsedArguments, golden: String, mode: RecordMode
  ) throws(PaperError) -> DiffOptions {
    let recorded = SnapshotManifest.recordedDPI(in: golden)
    var dpi = recorded ?? defaultDPI
    if let asked = try VisualSupport.dpi(arguments, .goldenDPI) {
      dpi = asked
      if let recorded, recorded != dpi, mode != .all {
        throw PaperError(
          "--dpi \(arguments.value(.goldenDPI) ?? "") differs from the \(SnapshotManifest.number(recorded)) dpi the goldens in "
            + "\(golden) were recorded at; leave out --dpi, or re-record everything with 'snapshot record'",
          kind: .invalidRequest)
      }
    }
    return try VisualSupport.diffOptions(arguments, dpi: dpi)
  }

  private static func languages(_ text: String) throws(PaperError) -> [String] {
    try list(text) { (part) throws(PaperError) in
      var result: [String] = []
      for language in part.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
      {
        guard DocumentLanguage.parse(language) != nil else {
          throw PaperError(
            "--lang takes languages from " + DocumentLanguage.accepted
              + ", separated by commas, not '\(language)'", kind: .invalidRequest)
        }
        guard !result.contains(language) else {
          throw PaperError("--lang lists '\(language)' twice", kind: .invalidRequest)
        }
        result.append(language)
      }
      return result
    }
  }

  private static func papers(_ text: String) throws(PaperError) -> [Paper] {
    var result: [Paper] = []
    for name in text.split(separator: ",", omittingEmptySubsequences: false).map(String.init) {
      guard let paper = Paper(rawValue: name) else {
        throw PaperError(
          "--paper takes letter and a4 separated by commas, not '\(name)' (and card, for "
            + "--docs card)", kind: .invalidRequest)
      }
      guard !result.contains(paper) else {
        throw PaperError("--paper lists '\(name)' twice", kind: .invalidRequest)
      }
      result.append(paper)
    }
    return result
  }

  private static func list<T>(_ text: String, _ parse: (String) throws(PaperError) -> [T])
    throws(PaperError) -> [T]
  {
    try remap { () throws(PaperError) in try parse(text) }
  }

  /// `.build/snapshot-artifacts` inside a package checkout, else the user's own cache
  /// (`$XDG_CACHE_HOME` or `~/.cache`)/rua-paper/snapshot-artifacts: never a shared name under
  /// /tmp another user could make first.
  private static func defaultArtifacts(_ context: Context) throws(PaperError) -> String {
    if Files.isDirectory(context.absolute(".build")) {
      return ".build/snapshot-artifacts"
    }
    guard let cache = SnapshotFolders.defaultArtifacts(environment: context.environment) else {
      throw PaperError(
        "neither XDG_CACHE_HOME nor HOME is set to a full path, so there is no folder of your "
          + "own for the artifacts; pass --artifacts DIR", kind: .invalidRequest)
    }
    return cache
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
    "docs", .value, value: "LIST", help: "documents: er,meds,falls,card,mar (default er,meds,falls)"
  )
  fileprivate static let snapshotLanguages = OptionSpec(
    "lang", .value, value: "LIST",
    help: "languages, comma-separated: " + DocumentKind.languages.joined(separator: ",")
      + ", or bilingual X+en (default en)")
  fileprivate static let snapshotPapers = OptionSpec(
    "paper", .value, value: "LIST", help: "papers: letter,a4 (default letter)")
  fileprivate static let record = OptionSpec(
    "record", .value, value: "MODE",
    help: "all, missing, failed or never (default: all for record, never for check)")
  fileprivate static let artifacts = OptionSpec(
    "artifacts", .value, value: "DIR", help: "where failing checks write images")
  fileprivate static let goldenDPI = OptionSpec(
    "dpi", .value, value: "N", help: "golden PNG resolution (default 50)")
  fileprivate static let noStructure = OptionSpec(
    "no-structure", help: "compare pixels only, not tags, metadata, fonts, links")
  fileprivate static let snapshotReport = OptionSpec(
    "report", .value, value: "DIR", help: "write an HTML page per failing document and summary.md")
  static let snapshotJUnit = OptionSpec(
    "junit", .value, value: "FILE",
    help: "write JUnit XML: one test case per document (and per orphan)")
  fileprivate static let snapshotNow = OptionSpec(
    "now", .value, value: "RFC3339",
    help: "printed time and PDF date (default 2026-11-01T09:00:00Z)")
  fileprivate static let snapshotToday = OptionSpec(
    "today", .value, value: "YYYY-MM-DD", help: "runway date (default: date of --now)")
}
