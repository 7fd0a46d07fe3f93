// SPDX-License-Identifier: Apache-2.0
import RuaDocuments

extension BatchRequest {
  /// A batch as asked, each value as given (the command line's `batch` options, by name),
  /// before `BatchRequest(checking:)` checks that the parts fit together.
  public struct Asked: Sendable {
    /// PATIENT…: ids or name starts; or `all`.
    public var queries: [String] = []
    public var all = false
    /// `--docs`, comma-separated (nil: the standard three); may name `fhir-ips`.
    public var docs: String?
    /// `--out DIR`, `--binder FILE.pdf`, `--print [PRINTER]` (`.some(nil)`: the default one).
    public var folder: String?
    public var binder: String?
    public var printer: String?? = .none
    public var force = false
    public var resume = false
    /// `--shard K/N`.
    public var shard: String?

    public init() {}
  }

  /// Checks `asked` into a request on `workers` threads; relative paths are read from `host`'s
  /// working directory. `settings` (the printing and document settings) is read only once the
  /// request holds together, so a refused batch loads no templates. Every refusal is
  /// `.invalidRequest`, naming the option at fault.
  public init(
    checking asked: Asked, workers: Int, host: HostEnvironment, anchorsFooter: Bool,
    settings: () throws(PaperError) -> (printing: PrintSettings, documents: DocumentSettings)
  ) throws(PaperError) {
    if asked.all && !asked.queries.isEmpty {
      throw .invalidRequest("name patients or pass --all, not both")
    }
    if !asked.all && asked.queries.isEmpty {
      throw .invalidRequest("batch needs PATIENT… (ids or name starts) or --all")
    }
    let (kinds, summaries) = try Self.documents(asked)
    let folder = try asked.folder.map { (text) throws(PaperError) in
      guard !text.isEmpty else {
        throw .invalidRequest("--out needs a folder, such as --out documents")
      }
      var path = host.absolute(text)
      while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
      return path
    }
    let binder = try asked.binder.map { (text) throws(PaperError) in
      guard !text.isEmpty, !text.hasSuffix("/") else {
        throw .invalidRequest("--binder needs a file name, such as --binder binder.pdf")
      }
      return host.absolute(text)
    }
    guard folder != nil || asked.printer != nil || binder != nil else {
      throw .invalidRequest(
        "say where the documents go: --out DIR, --binder FILE.pdf or --print [PRINTER]")
    }
    if asked.resume {
      guard folder != nil else { throw .invalidRequest("--resume needs --out DIR") }
      guard !asked.force else {
        throw .invalidRequest("--resume keeps matching files and --force replaces them: choose one")
      }
    }
    let shard = try asked.shard.map(Self.shard)
    let (printing, documents) = try settings()
    self.init(
      queries: asked.queries, all: asked.all, kinds: kinds, folder: folder, binder: binder,
      workers: workers, printer: asked.printer, force: asked.force, resume: asked.resume,
      shard: shard, printing: printing, settings: documents, anchorsFooter: anchorsFooter)
    self.summaries = summaries
  }

  /// The documents `--docs` names and whether it asks for the IPS files: fhir-ips is a JSON
  /// file per person, not a page, so it goes only into `--out`.
  private static func documents(_ asked: Asked) throws(PaperError)
    -> (kinds: [DocumentKind], summaries: Bool)
  {
    guard var parts = asked.docs?.split(separator: ",", omittingEmptySubsequences: false) else {
      return (DocumentKind.standard, false)
    }
    let summaries = parts.contains("fhir-ips")
    if summaries {
      guard parts.filter({ $0 == "fhir-ips" }).count == 1 else {
        throw .invalidRequest("--docs lists 'fhir-ips' twice")
      }
      parts.removeAll { $0 == "fhir-ips" }
      for (option, given) in [("binder", asked.binder != nil), ("print", asked.printer != nil)]
      where given {
        throw .invalidRequest(
          "--docs fhir-ips writes JSON files into --out DIR; they never go into a binder or to"
            + " a printer, so drop --\(option) or fhir-ips")
      }
      guard asked.folder != nil else {
        throw .invalidRequest("--docs fhir-ips needs --out DIR, the folder for the IPS files")
      }
    }
    let kinds =
      parts.isEmpty
      ? []
      : try DocumentKind.list(parts.joined(separator: ","), option: "--docs", also: "fhir-ips")
    return (kinds, summaries)
  }

  /// "K/N" with 1 ≤ K ≤ N.
  static func shard(_ text: String) throws(PaperError) -> (index: Int, count: Int) {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1,
      (1...count).contains(index)
    else {
      throw .invalidRequest("--shard takes K/N with 1 ≤ K ≤ N, such as --shard 2/4, not '\(text)'")
    }
    return (index, count)
  }
}
