import RuaCore
import RuaDocuments
import RuaFiles
import RuaVisual

/// What to do with each golden snapshot (the modes of swift-snapshot-testing).
enum RecordMode: String, CaseIterable, Sendable {
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
enum SnapshotSource {
  /// The bundled (or given) sample care circle, decoded in memory.
  case sample(path: String)
  /// The encrypted store named by --db/--key-file or their defaults.
  case store
}

/// Every option of one `snapshot record|check` run, read and checked before anything renders.
struct SnapshotPlan {
  let mode: RecordMode
  let golden: String
  /// The golden folder as the user wrote it, for reports.
  let goldenShown: String
  let artifacts: String
  let source: SnapshotSource
  let kinds: [DocumentKind]
  let languages: [String]
  let papers: [Paper]
  /// Comparison settings; `dpi` is also the resolution of the golden PNGs.
  let diff: DiffOptions
  let now: Instant
  let today: CivilDate
  let templates: TemplatesLocation
  /// `text` or `json` (every document with its verdict and regions).
  let format: String
  /// Where `--report DIR` writes an HTML page per failing document and summary.md.
  let report: String?

  static let defaultNow = "2026-11-01T09:00:00Z"
  static let defaultDPI = 50.0
  static let error = ExitCode.diffError

  static func read(verb: String, _ arguments: ParsedArguments, _ context: Context)
    throws(CLIError) -> SnapshotPlan
  {
    guard let goldenText = arguments.value("golden"), !goldenText.isEmpty else {
      throw CLIError("snapshot \(verb) needs --golden DIR, the folder of golden files", code: error)
    }
    let golden = context.absolute(goldenText)
    let mode = try recordMode(verb: verb, arguments, context)
    let kinds = try list(arguments.value("docs") ?? "er,meds,falls") { (text) throws(CLIError) in
      try DocumentKind.list(text, option: "--docs")
    }
    let languages = try languages(arguments.value("lang") ?? "en")
    let papers = try papers(arguments.value("paper") ?? "letter")
    let nowText = arguments.value("now") ?? defaultNow
    guard let now = Instant(rfc3339: nowText) else {
      throw CLIError(
        "--now must be an RFC 3339 time such as \(defaultNow), not '\(nowText)'", code: error)
    }
    var today = now.utcDate
    if let text = arguments.value("today") {
      guard let date = CivilDate(iso: text) else {
        throw CLIError("--today must be a calendar date YYYY-MM-DD, not '\(text)'", code: error)
      }
      today = date
    }
    let templates = try remap { () throws(CLIError) in
      try TemplatesLocation.resolve(arguments.value("templates"), context)
    }
    var diff = try diffOptions(arguments, golden: golden, mode: mode)
    // A PDF that looks the same but lost its tags or title is a different document.
    diff.compareStructure = !arguments.flag("no-structure")
    let format = arguments.value("format") ?? "text"
    guard format == "text" || format == "json" else {
      throw CLIError("--format must be text or json, not '\(format)'", code: error)
    }
    return SnapshotPlan(
      mode: mode, golden: golden, goldenShown: goldenText,
      artifacts: context.absolute(arguments.value("artifacts") ?? defaultArtifacts(context)),
      source: try source(arguments, context, templates: templates), kinds: kinds,
      languages: languages, papers: papers, diff: diff, now: now, today: today,
      templates: templates, format: format,
      report: arguments.value("report").map { context.absolute($0) })
  }

  /// `--record`, then `$RUA_SNAPSHOT_RECORD`, then the verb's default.
  private static func recordMode(verb: String, _ arguments: ParsedArguments, _ context: Context)
    throws(CLIError) -> RecordMode
  {
    let names = RecordMode.allCases.map(\.rawValue).joined(separator: ", ")
    if let text = arguments.value("record") {
      guard let mode = RecordMode(rawValue: text) else {
        throw CLIError("--record takes \(names), not '\(text)'", code: error)
      }
      return mode
    }
    if let text = context.environment["RUA_SNAPSHOT_RECORD"], !text.isEmpty {
      guard let mode = RecordMode(rawValue: text) else {
        throw CLIError("RUA_SNAPSHOT_RECORD must be one of \(names), not '\(text)'", code: error)
      }
      return mode
    }
    return verb == "record" ? .all : .never
  }

  private static func source(
    _ arguments: ParsedArguments, _ context: Context, templates: TemplatesLocation
  ) throws(CLIError) -> SnapshotSource {
    // Goldens are plain files meant for git: the user's own store (health data) is read only
    // when --store says so, never as a default.
    let chosen = [
      arguments.flag("sample") ? "--sample" : nil,
      arguments.value("sample-file") != nil ? "--sample-file" : nil,
      arguments.flag("store") ? "--store" : nil,
    ].compactMap { $0 }
    guard chosen.count <= 1 else {
      throw CLIError(
        "give one source: --sample, --sample-file FILE or --store, not "
          + chosen.joined(separator: " and "), code: error)
    }
    let namesStore = arguments.value("db") != nil || arguments.value("key-file") != nil
    if namesStore, !arguments.flag("store") {
      throw CLIError(
        "--db and --key-file are read only with --store (goldens made from a store hold its "
          + "health data in plain files); add --store, or use --sample", code: error)
    }
    if let file = arguments.value("sample-file") { return .sample(path: context.absolute(file)) }
    if arguments.flag("sample") {
      // The templates folder and samples/ sit side by side in the package.
      return .sample(path: templates.root + "/../samples/care-circle.json")
    }
    guard arguments.flag("store") else {
      throw CLIError(
        "snapshot needs a source: --sample (the bundled fictional circle), --sample-file FILE, "
          + "or --store (your encrypted store; its health data goes into the golden files)",
        code: error)
    }
    return .store
  }

  private static func diffOptions(
    _ arguments: ParsedArguments, golden: String, mode: RecordMode
  ) throws(CLIError) -> DiffOptions {
    let recorded = SnapshotManifest.recordedDPI(in: golden)
    var dpi = recorded ?? defaultDPI
    if let text = arguments.value("dpi") {
      dpi = try VisualSupport.dpi(text, code: error)
      if let recorded, recorded != dpi, mode != .all {
        throw CLIError(
          "--dpi \(text) differs from the \(SnapshotManifest.number(recorded)) dpi the goldens in "
            + "\(golden) were recorded at; leave out --dpi, or re-record everything with 'snapshot record'",
          code: error)
      }
    }
    return try VisualSupport.diffOptions(arguments, dpi: dpi, code: error)
  }

  private static func languages(_ text: String) throws(CLIError) -> [String] {
    try list(text) { (part) throws(CLIError) in
      var result: [String] = []
      for language in part.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
      {
        guard DocumentLanguage.parse(language) != nil else {
          throw CLIError(
            "--lang takes languages from " + DocumentLanguage.accepted
              + ", separated by commas, not '\(language)'", code: error)
        }
        guard !result.contains(language) else {
          throw CLIError("--lang lists '\(language)' twice", code: error)
        }
        result.append(language)
      }
      return result
    }
  }

  private static func papers(_ text: String) throws(CLIError) -> [Paper] {
    var result: [Paper] = []
    for name in text.split(separator: ",", omittingEmptySubsequences: false).map(String.init) {
      guard let paper = Paper(rawValue: name) else {
        throw CLIError(
          "--paper takes letter and a4 separated by commas, not '\(name)'", code: error)
      }
      guard !result.contains(paper) else {
        throw CLIError("--paper lists '\(name)' twice", code: error)
      }
      result.append(paper)
    }
    return result
  }

  private static func list<T>(_ text: String, _ parse: (String) throws(CLIError) -> [T])
    throws(CLIError) -> [T]
  {
    try remap { () throws(CLIError) in try parse(text) }
  }

  /// `.build/snapshot-artifacts` inside a package checkout, else a folder under /tmp.
  private static func defaultArtifacts(_ context: Context) -> String {
    if Files.isDirectory(context.absolute(".build")) {
      return ".build/snapshot-artifacts"
    }
    let temporary = context.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    return temporary + "/rua-paper-snapshot-artifacts"
  }

  /// Runs `body`, reporting any error with the snapshot command's error code (2).
  static func remap<T>(_ body: () throws(CLIError) -> T) throws(CLIError) -> T {
    do { return try body() } catch { throw CLIError(error.message, code: Self.error) }
  }
}
