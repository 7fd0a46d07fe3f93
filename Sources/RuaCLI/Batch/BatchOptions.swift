// SPDX-License-Identifier: Apache-2.0
import RuaCore
import RuaDocuments
import RuaPaperKit
import RuaRender

/// The batch command line, read into a `BatchRequest`, and how its summary is shown.
struct BatchOptions {
  var request: BatchRequest
  /// `--format json`: the summary as JSON on stdout.
  var json = false

  static let specs: [OptionSpec] = [
    .all, .docs, .out, .binder, .jobs, .batchPrint, .replaceFiles,
    OutputFormat.option(help: "the summary: a line on stderr (default) or JSON on stdout"),
    .resume, .shard,
  ]

  static func read(
    _ arguments: ParsedArguments, _ context: Context,
    settings: () throws(PaperError) -> DocumentSettings
  ) throws(PaperError) -> BatchOptions {
    let all = arguments.flag(.all)
    let queries = arguments.positionals
    if all && !queries.isEmpty {
      throw .invalidRequest("name patients or pass --all, not both")
    }
    if !all && queries.isEmpty {
      throw .invalidRequest("batch needs PATIENT… (ids or name starts) or --all")
    }
    // fhir-ips is a JSON file per person, not a page: it goes only into --out.
    var docs = arguments.value(.docs).map {
      $0.split(separator: ",", omittingEmptySubsequences: false)
    }
    let summaries = docs?.contains("fhir-ips") ?? false
    if summaries {
      guard docs?.filter({ $0 == "fhir-ips" }).count == 1 else {
        throw .invalidRequest("--docs lists 'fhir-ips' twice")
      }
      docs?.removeAll { $0 == "fhir-ips" }
      for option in [OptionSpec.binder, .batchPrint] where arguments.present(option) {
        throw .invalidRequest(
          "--docs fhir-ips writes JSON files into --out DIR; they never go into a binder or to"
            + " a printer, so drop --\(option.long) or fhir-ips")
      }
      guard arguments.present(.out) else {
        throw .invalidRequest("--docs fhir-ips needs --out DIR, the folder for the IPS files")
      }
    }
    let kinds =
      try docs.map { (parts) throws(PaperError) in
        parts.isEmpty
          ? []
          : try DocumentKind.list(
            parts.joined(separator: ","), option: "--docs", also: "fhir-ips")
      } ?? DocumentKind.standard
    var workers = WorkerThread.onlineProcessors
    if let count = try arguments.integer(.jobs, in: 1...256) { workers = count }
    let folder = try arguments.value(.out).map { (text) throws(PaperError) in
      guard !text.isEmpty else {
        throw .invalidRequest("--out needs a folder, such as --out documents")
      }
      var path = context.absolute(text)
      while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
      return path
    }
    let binder = try arguments.value(.binder).map { (text) throws(PaperError) in
      guard !text.isEmpty, !text.hasSuffix("/") else {
        throw .invalidRequest("--binder needs a file name, such as --binder binder.pdf")
      }
      return context.absolute(text)
    }
    let printer: String?? =
      arguments.present(.batchPrint) ? .some(arguments.value(.batchPrint)) : .none
    guard folder != nil || printer != nil || binder != nil else {
      throw .invalidRequest(
        "say where the documents go: --out DIR, --binder FILE.pdf or --print [PRINTER]")
    }
    let format = try OutputFormat.read(arguments).rawValue
    if arguments.flag(.resume) {
      guard folder != nil else { throw .invalidRequest("--resume needs --out DIR") }
      guard !arguments.flag(.replaceFiles) else {
        throw .invalidRequest("--resume keeps matching files and --force replaces them: choose one")
      }
    }
    let request = BatchRequest(
      queries: queries, all: all, kinds: kinds, folder: folder, binder: binder, workers: workers,
      printer: printer, force: arguments.flag(.replaceFiles), resume: arguments.flag(.resume),
      shard: try arguments.value(.shard).map(Self.shard),
      printing: try PrintSettings.read(arguments, printing: printer != nil),
      settings: try settings(),
      anchorsFooter: !DocumentClock.isFixed(arguments, context))
    var checked = request
    checked.summaries = summaries
    return BatchOptions(request: checked, json: format == "json")
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

extension OptionSpec {
  fileprivate static let all = OptionSpec("all", help: "every patient in the care circle")
  fileprivate static let docs = OptionSpec(
    "docs", .value, value: "LIST",
    help: "documents to make: \(DocumentKind.batchListNames.joined(separator: ","))"
      + " (default er,meds,falls)")
  fileprivate static let out = OptionSpec(
    "out", .value, value: "DIR", help: "write the PDFs and manifest.json here")
  fileprivate static let binder = OptionSpec(
    "binder", .value, value: "FILE.pdf", help: "also write one bookmarked binder PDF")
  fileprivate static let jobs = OptionSpec(
    "jobs", short: "j", .value, value: "N", help: "worker threads (default: online CPUs)")
  fileprivate static let batchPrint = OptionSpec(
    "print", .optionalValue, value: "PRINTER",
    help: "print every document through CUPS (the default printer when none is named)")
  fileprivate static let replaceFiles = OptionSpec(
    "force", help: "replace existing files in DIR and the binder")
  fileprivate static let resume = OptionSpec(
    "resume",
    help: "keep the files in DIR that manifest.json and the access log vouch for, made from "
      + "the record as it is now; make the rest")
  fileprivate static let shard = OptionSpec(
    "shard", .value, value: "K/N",
    help: "only patients K, K+N, K+2N… in id order (spread one run over N machines)")
}
