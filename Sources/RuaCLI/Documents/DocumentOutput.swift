import RuaCore
import RuaDocuments
import RuaRender
import RuaStore

/// `-o FILE|-`, `--force` and `--print [PRINTER]`: where one document goes.
enum DocumentOutput {
  static let specs: [OptionSpec] =
    [
      OptionSpec(
        "output", short: "o", .value, value: "FILE|-", help: "write the PDF here (- = stdout)"),
      OptionSpec("force", help: "replace an existing output file"),
      OptionSpec(
        "print", .optionalValue, value: "PRINTER",
        help: "print through CUPS (the default printer when none is named); with -o, both"),
    ] + PrintSettings.specs

  /// The destinations asked for, or nil when the command should not make a PDF at all.
  static func destinations(_ arguments: ParsedArguments, _ context: Context) throws(CLIError)
    -> [Destination]?
  {
    var destinations: [Destination] = []
    if let output = arguments.value("output") {
      if output == "-" {
        guard !context.standardOutputIsTerminal else {
          throw .usage(
            "refusing to write a PDF to the terminal; redirect it (-o - > file.pdf, | lp) or "
              + "use -o FILE")
        }
        destinations.append(.standardOutput)
      } else {
        guard !output.isEmpty, !output.hasSuffix("/") else {
          throw .usage("-o needs a file name, such as -o er-sheet.pdf")
        }
        destinations.append(.file(path: context.absolute(output), replace: arguments.flag("force")))
      }
    } else if arguments.flag("force") {
      throw .usage("--force only applies with -o FILE")
    }
    if arguments.present("print") {
      destinations.append(.printer(arguments.value("print")))
    }
    return destinations.isEmpty ? nil : destinations
  }

  static let missing =
    "say where the PDF goes: -o FILE, -o - for stdout, or --print [PRINTER]"
}

/// Runs one document command: settings, store, patient, render in memory, deliver.
enum DocumentRun {
  static func run(
    _ kind: DocumentKind, query: String, destinations: [Destination],
    _ arguments: ParsedArguments, _ context: Context
  ) throws(CLIError) -> ExitCode {
    try run(kind, query: query, arguments, context) { _ in destinations }
  }

  /// The same, with destinations that depend on the settings (a share name carries the date).
  static func run(
    _ kind: DocumentKind, query: String, _ arguments: ParsedArguments, _ context: Context,
    destinations: (DocumentSettings) -> [Destination]
  ) throws(CLIError) -> ExitCode {
    let settings = try DocumentSettings.read(arguments, context)
    let printing = try PrintSettings.read(arguments, printing: arguments.present("print"))
    // Checks the templates before the store is opened; the person's language may change it.
    var resources = try settings.resources(for: [kind])
    let store = try DocumentStore.open(arguments, context)
    let patient = try DocumentStore.patient(query, in: store)
    let language = DocumentLanguage.choose(
      explicit: settings.explicitLanguage, kind: kind, personLanguage: patient.language)
    resources = try resources.speaking(language)
    let asOf = try DocumentStore.informationAsOf(patient, in: store)
    try DocumentStore.checkPrintDate(patient, informationAsOf: asOf, settings)
    TestPause.at("render", context)
    let made = try DocumentMaker(resources).make(
      kind, patient: patient, today: settings.today, now: settings.now, informationAsOf: asOf,
      footerAnchor: FooterAnchor.isWanted(arguments, context) ? try FooterAnchor.text(store) : nil)
    let delivery = Delivery(store: store, context: context, printing: printing)
    for destination in destinations(settings) {
      let record = try delivery.deliver(made, to: destination)
      switch destination {
      case .file(let path, _):
        context.note(
          "wrote \(path) (\(made.pdf.pageCount) page\(made.pdf.pageCount == 1 ? "" : "s"))")
      case .share(let folder, let name):
        context.note("shared \(folder)/\(name)")
      case .printer:
        // As lp says it: which printer, which job, how much.
        let pages = made.pdf.pageCount
        context.note(
          "sent to \(record.entry.destination ?? "the default printer") as job "
            + "\(Delivery.jobNumber(record.entry.jobID)), \(pages) page\(pages == 1 ? "" : "s")")
      case .standardOutput:
        break
      }
    }
    return .success
  }
}
