import RuaCore
import RuaDocuments

/// The batch command line, checked: which patients, which documents, where, how many workers.
struct BatchOptions {
  let queries: [String]
  let all: Bool
  let kinds: [DocumentKind]
  /// Absolute output folder, or nil when the documents are only printed.
  let folder: String?
  /// Absolute binder path.
  let binder: String?
  let workers: Int
  /// `.some(nil)` prints on the default printer.
  let printer: String??
  let force: Bool
  /// Skip documents whose file and manifest SHA-256 already match (`--resume`).
  let resume: Bool
  /// `--shard K/N`: only every N-th patient, starting with the K-th, by patient id.
  let shard: (index: Int, count: Int)?
  /// `--copies`, `--option`, `--print-timeout`.
  var printing = PrintSettings()
  /// `--format json`: the summary as JSON on stdout.
  var json = false

  static let specs: [OptionSpec] = [
    OptionSpec("all", help: "every patient in the care circle"),
    OptionSpec(
      "docs", .value, value: "LIST", help: "documents to make: er,meds,falls (default all three)"),
    OptionSpec("out", .value, value: "DIR", help: "write the PDFs and manifest.json here"),
    OptionSpec("binder", .value, value: "FILE.pdf", help: "also write one bookmarked binder PDF"),
    OptionSpec(
      "jobs", short: "j", .value, value: "N", help: "worker threads (default: online CPUs)"),
    OptionSpec(
      "print", .optionalValue, value: "PRINTER",
      help: "print every document through CUPS (the default printer when none is named)"),
    OptionSpec("force", help: "replace existing files in DIR and the binder"),
    OptionSpec(
      "format", .value, value: "text|json",
      help: "the summary: a line on stderr (default) or JSON on stdout"),
    OptionSpec(
      "resume",
      help: "keep the files in DIR whose bytes match its manifest.json and make only the rest"),
    OptionSpec(
      "shard", .value, value: "K/N",
      help: "only patients K, K+N, K+2N… in id order (spread one run over N machines)"),
  ]

  static func read(_ arguments: ParsedArguments, _ context: Context) throws(CLIError)
    -> BatchOptions
  {
    let all = arguments.flag("all")
    let queries = arguments.positionals
    if all && !queries.isEmpty {
      throw .usage("name patients or pass --all, not both")
    }
    if !all && queries.isEmpty {
      throw .usage("batch needs PATIENT… (ids or name starts) or --all")
    }
    let kinds =
      try arguments.value("docs").map { (text) throws(CLIError) in
        try DocumentKind.list(text, option: "--docs")
      } ?? DocumentKind.allCases
    var workers = WorkerThread.onlineProcessors
    if let text = arguments.value("jobs") {
      guard let count = Int(text), (1...256).contains(count) else {
        throw .usage("--jobs takes a whole number of worker threads from 1 to 256, not '\(text)'")
      }
      workers = count
    }
    let folder = try arguments.value("out").map { (text) throws(CLIError) in
      guard !text.isEmpty else { throw .usage("--out needs a folder, such as --out documents") }
      var path = context.absolute(text)
      while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
      return path
    }
    let binder = try arguments.value("binder").map { (text) throws(CLIError) in
      guard !text.isEmpty, !text.hasSuffix("/") else {
        throw .usage("--binder needs a file name, such as --binder binder.pdf")
      }
      return context.absolute(text)
    }
    let printer: String?? = arguments.present("print") ? .some(arguments.value("print")) : .none
    guard folder != nil || printer != nil || binder != nil else {
      throw .usage("say where the documents go: --out DIR, --binder FILE.pdf or --print [PRINTER]")
    }
    let format = arguments.value("format") ?? "text"
    guard format == "text" || format == "json" else {
      throw .usage("--format takes text or json, not '\(format)'")
    }
    if arguments.flag("resume") {
      guard folder != nil else { throw .usage("--resume needs --out DIR") }
      guard !arguments.flag("force") else {
        throw .usage("--resume keeps matching files and --force replaces them: choose one")
      }
    }
    return BatchOptions(
      queries: queries, all: all, kinds: kinds, folder: folder, binder: binder, workers: workers,
      printer: printer, force: arguments.flag("force"), resume: arguments.flag("resume"),
      shard: try arguments.value("shard").map(Self.shard),
      printing: try PrintSettings.read(arguments, printing: printer != nil), json: format == "json")
  }

  /// "K/N" with 1 ≤ K ≤ N.
  static func shard(_ text: String) throws(CLIError) -> (index: Int, count: Int) {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1,
      (1...count).contains(index)
    else {
      throw .usage("--shard takes K/N with 1 ≤ K ≤ N, such as --shard 2/4, not '\(text)'")
    }
    return (index, count)
  }

  /// `DIR/<patient-id>-<document>.pdf`.
  func fileName(patientID: String, kind: DocumentKind) -> String {
    "\(patientID)-\(kind.documentName).pdf"
  }
}

extension DocumentKind {
  /// The bookmark a document gets in a binder.
  var binderTitle: String {
    switch self {
    case .er: return "ER sheet"
    case .meds: return "Medication list"
    case .falls: return "Fall guide"
    }
  }
}
