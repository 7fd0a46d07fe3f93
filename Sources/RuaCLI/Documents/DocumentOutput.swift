// SPDX-License-Identifier: Apache-2.0
import RuaCore
import RuaDocuments
import RuaPaperKit
import RuaRender
import RuaStore

/// `-o FILE|-`, `--force` and `--print [PRINTER]`: where one document goes.
enum DocumentOutput {
  static let specs: [OptionSpec] = [.output, .replaceOutput, .print] + PrintSettings.specs

  /// The destinations asked for, or nil when the command should not make a PDF at all.
  static func destinations(_ arguments: ParsedArguments, _ context: Context) throws(PaperError)
    -> [Destination]?
  {
    var destinations: [Destination] = []
    if let output = arguments.value(.output) {
      destinations.append(
        try .document(
          output, replace: arguments.flag(.replaceOutput),
          terminal: context.standardOutputIsTerminal, host: context.host))
    } else if arguments.flag(.replaceOutput) {
      throw .invalidRequest("--force only applies with -o FILE")
    }
    if arguments.present(.print) {
      destinations.append(.printer(arguments.value(.print)))
    }
    return destinations.isEmpty ? nil : destinations
  }

  static let missing =
    "say where the PDF goes: -o FILE, -o - for stdout, or --print [PRINTER]"
}

extension OptionSpec {
  fileprivate static let output = OptionSpec(
    "output", short: "o", .value, value: "FILE|-", help: "write the PDF here (- = stdout)")
  fileprivate static let replaceOutput = OptionSpec(
    "force", help: "replace an existing output file")
  static let print = OptionSpec(
    "print", .optionalValue, value: "PRINTER",
    help: "print through CUPS (the default printer when none is named); with -o, both")
}

/// Runs one document command: settings, store, patient, render in memory, deliver.
enum DocumentRun {
  static func run(
    _ kind: DocumentKind, query: String, destinations: [Destination],
    _ arguments: ParsedArguments, _ context: Context
  ) throws(PaperError) -> ExitCode {
    try run(kind, query: query, arguments, context) { _ in destinations }
  }

  /// The same, with destinations that depend on the settings (a share name carries the date).
  static func run(
    _ kind: DocumentKind, query: String, _ arguments: ParsedArguments, _ context: Context,
    destinations: (DocumentSettings) -> [Destination]
  ) throws(PaperError) -> ExitCode {
    let settings = try DocumentSettings.read(arguments, context)
    // `share` takes no printing options: it only writes a file.
    let printing =
      arguments.declares(.print)
      ? try PrintSettings.read(arguments, printing: arguments.present(.print)) : PrintSettings()
    // Checks the templates before the store is opened; the person's language may change it.
    let resources = try settings.resources(for: [kind])
    let session = try StoreOptions.session(arguments, context, closingAbandoned: true)
    let made = try session.make(
      DocumentRequest(
        kind: kind, patient: query, settings: settings,
        anchorsFooter: DocumentClock.isFixed(arguments, context) == false, resources: resources))
    let pages = "\(made.pdf.pageCount) page\(made.pdf.pageCount == 1 ? "" : "s")"
    for destination in destinations(settings) {
      let record = try session.deliver(made, to: destination, printing: printing)
      switch destination {
      case .file(let path, _):
        context.note("wrote \(VisibleText.escaped(path)) (\(pages))")
      case .share(let folder, let name):
        context.note("shared \(VisibleText.escaped(folder + "/" + name))")
      case .printer:
        // As lp says it: which printer, which job, how much.
        context.note(
          "sent to \(record.entry.destination ?? "the default printer") as job "
            + "\(Delivery.jobNumber(record.entry.jobID)), \(pages)")
      case .standardOutput:
        break
      }
    }
    return .success
  }
}
