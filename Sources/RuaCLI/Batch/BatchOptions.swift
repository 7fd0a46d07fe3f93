// SPDX-License-Identifier: Apache-2.0
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

  /// The options as `BatchRequest.Asked`, checked by RuaPaperKit into the request.
  static func read(
    _ arguments: ParsedArguments, _ context: Context,
    settings: () throws(PaperError) -> DocumentSettings
  ) throws(PaperError) -> BatchOptions {
    var asked = BatchRequest.Asked()
    asked.queries = arguments.positionals
    arguments.copy(
      into: &asked,
      [(.docs, \.docs), (.out, \.folder), (.binder, \.binder), (.shard, \.shard)])
    arguments.copy(
      into: &asked, flags: [(.all, \.all), (.replaceFiles, \.force), (.resume, \.resume)])
    asked.printer = arguments.present(.batchPrint) ? .some(arguments.value(.batchPrint)) : .none
    let workers = try arguments.integer(.jobs, in: 1...256) ?? WorkerThread.onlineProcessors
    let format = try OutputFormat.read(arguments)
    let request = try BatchRequest(
      checking: asked, workers: workers, host: context.host,
      anchorsFooter: !DocumentClock.isFixed(arguments, context)
    ) { () throws(PaperError) in
      (try PrintSettings.read(arguments, printing: asked.printer != nil), try settings())
    }
    return BatchOptions(request: request, json: format == .json)
  }
}

extension OptionSpec {
  fileprivate static let all = OptionSpec("all", help: "every patient in the care circle")
  fileprivate static let docs = OptionSpec(
    "docs", .value, value: "LIST",
    help: "documents to make: \(DocumentKind.batchListNames.joined(separator: ","))"
      + " (default \(DocumentKind.standard.map(\.rawValue).joined(separator: ",")))")
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
