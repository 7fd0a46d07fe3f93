// SPDX-License-Identifier: Apache-2.0
import Glibc
import RuaCore
import RuaPaperKit
import RuaStore

struct ExportCommand: Command {
  let name = "export"
  let summary = "write the whole care circle as a care-circle file"
  let usage =
    "export [PATIENT --format fhir-ips] [-o FILE|-] [--force] [--db PATH] [--key-file PATH]"
  let details = """
    Writes every patient in the store as a care-circle file ('rua-paper help format'),
    exportedAt set to now. The file is written beside its destination (mode 0600), synced and
    moved into place, so a failure never leaves a partial file. An existing file is refused
    unless --force is given. Without -o, or with -o -, the JSON goes to standard output.
    The export holds health data in clear: keep it as private as the store. Each export is
    recorded in the access log (see 'rua-paper log').

    With --format fhir-ips, writes one PATIENT as a FHIR R4 International Patient Summary
    document Bundle instead (docs/fhir.md says what it holds and what it leaves out).
    """
  let options: [OptionSpec] =
    [
      .exportOutput,
      .replaceExport,
      .exportFormat,
    ] + StoreOptions.specs

  func run(_ arguments: ParsedArguments, _ context: Context) throws(PaperError) -> ExitCode {
    let what = try ExportFormat.What(
      format: arguments.value(.exportFormat), patients: arguments.positionals)
    let output = arguments.value(.exportOutput) ?? "-"
    // Delivery refuses a file over the store's own (the store or its key).
    let session = try context.session(try StoreOptions.location(arguments, context))
    let destination: Destination =
      output == "-"
      ? .standardOutput
      : .file(path: context.absolute(output), replace: arguments.flag(.replaceExport))
    // Health data leaving the store takes the same path as a PDF: intent, bytes, outcome.
    let wrote = try session.export(what, to: destination)
    if output != "-" { context.note("wrote \(wrote) to \(output)") }
    return .success
  }
}

extension OptionSpec {
  fileprivate static let exportOutput = OptionSpec(
    "output", short: "o", .value, value: "FILE", help: "the file to write, or - for stdout")
  fileprivate static let replaceExport = OptionSpec("force", help: "replace an existing file")
  fileprivate static let exportFormat = OptionSpec(
    "format", .value, value: "FORMAT",
    help: "care-circle (default: the whole circle) or fhir-ips (one PATIENT)")
}
