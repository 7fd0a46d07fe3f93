// SPDX-License-Identifier: Apache-2.0
import RuaCore
import RuaDocuments
import RuaFiles
import RuaVisual

/// One `snapshot record|check|prune|accept` as asked: each option's value as given (nil when
/// absent), checked into a `SnapshotPlan` by `SnapshotPlan(checking:host:)` before anything
/// renders. Every refusal is `.invalidRequest`, naming the option at fault.
public struct SnapshotRequest: Sendable {
  /// `record`, `check`, `prune` or `accept`: sets the default record mode.
  public var verb: String
  /// `--golden DIR` (required).
  public var golden: String?
  /// `--record MODE`; else `$RUA_SNAPSHOT_RECORD`; else the verb's default.
  public var record: String?
  /// `--docs`, `--lang`, `--paper`: comma-separated lists.
  public var docs: String?
  public var languages: String?
  public var papers: String?
  /// `--now` (RFC 3339) and `--today` (YYYY-MM-DD).
  public var now: String?
  public var today: String?
  public var templates: String?
  /// The sources: `--sample`, `--sample-file FILE`, `--store`; `namesStore` when `--db` or
  /// `--key-file` was given.
  public var sample = false
  public var sampleFile: String?
  public var store = false
  public var namesStore = false
  public var artifacts: String?
  /// `--dpi`, read, with its text as written (for the refusal that quotes it).
  public var dpi: (value: Double, written: String)?
  public var comparison = ComparisonRequest()
  /// `--no-structure`: pixels only.
  public var compareStructure = true
  /// `text` or `json`.
  public var format = "text"
  public var report: String?

  public init(verb: String) { self.verb = verb }
}

extension SnapshotPlan {
  /// Checks `request` into a plan; relative paths are read from `host`'s working directory.
  public init(checking request: SnapshotRequest, host: HostEnvironment) throws(PaperError) {
    guard let goldenText = request.golden, !goldenText.isEmpty else {
      throw .invalidRequest(
        "snapshot \(request.verb) needs --golden DIR, the folder of golden files")
    }
    let golden = host.absolute(goldenText)
    let mode = try Self.recordMode(request, host.environment)
    let kinds = try Self.remap { () throws(PaperError) in
      try DocumentKind.list(request.docs ?? Self.defaultDocs, option: "--docs")
    }
    let languages = try Self.languages(request.languages ?? Self.defaultLanguages)
    let papers = try Self.papers(request.papers ?? Self.defaultPapers)
    if papers.contains(.card), kinds != [.card] {
      throw .invalidRequest(
        "--paper card is for the wallet card alone (--docs card); the other documents take "
          + "letter and a4")
    }
    let nowText = request.now ?? Self.defaultNow
    guard let now = Instant(rfc3339: nowText) else {
      throw .invalidRequest(
        "--now must be an RFC 3339 time such as \(Self.defaultNow), not '\(nowText)'")
    }
    var today = now.utcDate
    if let text = request.today {
      guard let date = CivilDate(iso: text) else {
        throw .invalidRequest("--today must be a calendar date YYYY-MM-DD, not '\(text)'")
      }
      today = date
    }
    let templates = try Self.remap { () throws(PaperError) in
      try TemplatesLocation.resolve(request.templates, host)
    }
    var diff = try request.comparison.options(
      dpi: try Self.dpi(request, golden: golden, mode: mode))
    // A PDF that looks the same but lost its tags or title is a different document.
    diff.compareStructure = request.compareStructure
    var artifacts = request.artifacts
    if artifacts == nil { artifacts = try Self.defaultArtifacts(host) }
    self.init(
      mode: mode, golden: golden, goldenShown: goldenText,
      artifacts: host.absolute(artifacts ?? ""),
      source: try Self.source(request, host, templates: templates), kinds: kinds,
      languages: languages, papers: papers, diff: diff, now: now, today: today,
      templates: templates, format: request.format, report: request.report.map(host.absolute))
  }

  /// `--record`, then `$RUA_SNAPSHOT_RECORD`, then the verb's default.
  private static func recordMode(_ request: SnapshotRequest, _ environment: [String: String])
    throws(PaperError) -> RecordMode
  {
    let names = RecordMode.allCases.map(\.rawValue).joined(separator: ", ")
    if let text = request.record {
      guard let mode = RecordMode(rawValue: text) else {
        throw .invalidRequest("--record takes \(names), not '\(text)'")
      }
      return mode
    }
    if let text = environment["RUA_SNAPSHOT_RECORD"], !text.isEmpty {
      guard let mode = RecordMode(rawValue: text) else {
        throw .invalidRequest("RUA_SNAPSHOT_RECORD must be one of \(names), not '\(text)'")
      }
      return mode
    }
    return request.verb == "record" ? .all : .never
  }

  private static func source(
    _ request: SnapshotRequest, _ host: HostEnvironment, templates: TemplatesLocation
  ) throws(PaperError) -> SnapshotSource {
    // Goldens are plain files meant for git: the user's own store (health data) is read only
    // when --store says so, never as a default.
    let chosen = [
      request.sample ? "--sample" : nil, request.sampleFile != nil ? "--sample-file" : nil,
      request.store ? "--store" : nil,
    ].compactMap { $0 }
    guard chosen.count <= 1 else {
      throw .invalidRequest(
        "give one source: --sample, --sample-file FILE or --store, not "
          + chosen.joined(separator: " and "))
    }
    if request.namesStore, !request.store {
      throw .invalidRequest(
        "--db and --key-file are read only with --store (goldens made from a store hold its "
          + "health data in plain files); add --store, or use --sample")
    }
    if let file = request.sampleFile { return .sample(path: host.absolute(file)) }
    if request.sample {
      // The templates folder and samples/ sit side by side in the package.
      return .sample(path: templates.root + "/../samples/care-circle.json")
    }
    guard request.store else {
      throw .invalidRequest(
        "snapshot needs a source: --sample (the bundled fictional circle), --sample-file FILE, "
          + "or --store (your encrypted store; its health data goes into the golden files)")
    }
    return .store
  }

  /// `--dpi`, else the dpi the goldens were recorded at, else 50; another dpi than the
  /// recorded one only when everything is re-recorded.
  private static func dpi(_ request: SnapshotRequest, golden: String, mode: RecordMode)
    throws(PaperError) -> Double
  {
    let recorded = SnapshotManifest.recordedDPI(in: golden)
    guard let asked = request.dpi else { return recorded ?? defaultDPI }
    if let recorded, recorded != asked.value, mode != .all {
      throw .invalidRequest(
        "--dpi \(asked.written) differs from the \(SnapshotManifest.number(recorded)) dpi the goldens in "
          + "\(golden) were recorded at; leave out --dpi, or re-record everything with 'snapshot record'"
      )
    }
    return asked.value
  }

  private static func languages(_ text: String) throws(PaperError) -> [String] {
    var result: [String] = []
    for language in text.split(separator: ",", omittingEmptySubsequences: false).map(String.init) {
      guard DocumentLanguage.parse(language) != nil else {
        throw .invalidRequest(
          "--lang takes languages from " + DocumentLanguage.accepted
            + ", separated by commas, not '\(language)'")
      }
      guard !result.contains(language) else {
        throw .invalidRequest("--lang lists '\(language)' twice")
      }
      result.append(language)
    }
    return result
  }

  private static func papers(_ text: String) throws(PaperError) -> [Paper] {
    var result: [Paper] = []
    for name in text.split(separator: ",", omittingEmptySubsequences: false).map(String.init) {
      guard let paper = Paper(rawValue: name) else {
        throw .invalidRequest(
          "--paper takes letter and a4 separated by commas, not '\(name)' (and card, for "
            + "--docs card)")
      }
      guard !result.contains(paper) else { throw .invalidRequest("--paper lists '\(name)' twice") }
      result.append(paper)
    }
    return result
  }

  /// `.build/snapshot-artifacts` inside a package checkout, else the user's own cache
  /// (`$XDG_CACHE_HOME` or `~/.cache`)/rua-paper/snapshot-artifacts: never a shared name under
  /// /tmp another user could make first.
  private static func defaultArtifacts(_ host: HostEnvironment) throws(PaperError) -> String {
    if Files.isDirectory(host.absolute(".build")) { return ".build/snapshot-artifacts" }
    guard let cache = SnapshotFolders.defaultArtifacts(environment: host.environment) else {
      throw .invalidRequest(
        "neither XDG_CACHE_HOME nor HOME is set to a full path, so there is no folder of your "
          + "own for the artifacts; pass --artifacts DIR")
    }
    return cache
  }
}
