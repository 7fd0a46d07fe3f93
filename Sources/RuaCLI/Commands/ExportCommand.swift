import Glibc
import RuaCore
import RuaStore

struct ExportCommand: Command {
  let name = "export"
  let summary = "write the whole care circle as a care-circle file"
  let usage =
    "export [PATIENT --format fhir-ips] [-o FILE|-] [--force] [--db PATH] [--key-file PATH]"
  let details = """
    Writes every patient in the store as a care-circle file (docs/care-circle-format.md),
    exportedAt set to now. The file is written beside its destination (mode 0600), synced and
    moved into place, so a failure never leaves a partial file. An existing file is refused
    unless --force is given. Without -o, or with -o -, the JSON goes to standard output.
    The export holds health data in clear: keep it as private as the store. Each export is
    recorded in the access log (see 'rua-paper log').

    With --format fhir-ips, writes one PATIENT as a FHIR R4 International Patient Summary
    document Bundle instead (docs/fhir.md says what it holds and what it leaves out).
    """
  let options =
    [
      OptionSpec(
        "output", short: "o", .value, value: "FILE", help: "the file to write, or - for stdout"),
      OptionSpec("force", help: "replace an existing file"),
      OptionSpec(
        "format", .value, value: "FORMAT",
        help: "care-circle (default: the whole circle) or fhir-ips (one PATIENT)"),
    ] + StoreOptions.specs

  func run(_ arguments: ParsedArguments, _ context: Context) throws(CLIError) -> ExitCode {
    let format = arguments.value("format") ?? "care-circle"
    guard ["care-circle", "fhir-ips"].contains(format) else {
      throw .usage("--format must be care-circle or fhir-ips")
    }
    guard arguments.positionals.isEmpty || format == "fhir-ips" else {
      throw .usage("export takes no arguments; use -o FILE")
    }
    let output = arguments.value("output") ?? "-"
    let location = try StoreAccess.location(arguments, context)
    if output != "-", [location.database, location.keyFile].contains(context.absolute(output)) {
      throw .usage("refusing to export over the store or its key file (\(output))")
    }
    let store = try StoreAccess.open(arguments, context)
    let parcel: Parcel
    let wrote: String
    if format == "fhir-ips" {
      (parcel, wrote) = try FHIROutput.parcel(arguments, context, store: store)
    } else {
      var circle = try StoreAccess.perform { () throws(StoreError) in try store.loadCareCircle() }
      circle.exportedAt = context.now.rfc3339
      let bytes = Array(JSONWriter.write(CareCircleEncoder.encode(circle), pretty: true).utf8)
      parcel = Parcel(
        bytes: bytes, patientID: nil, document: "care-circle", pages: nil, contentVersion: nil)
      wrote = "\(circle.patients.count) patients"
    }
    let destination: Destination =
      output == "-"
      ? .standardOutput : .file(path: context.absolute(output), replace: arguments.flag("force"))
    // Health data leaving the store takes the same path as a PDF: intent, bytes, outcome.
    try Delivery(store: store, context: context).deliver(parcel, to: destination)
    if output != "-" { context.note("wrote \(wrote) to \(output)") }
    return .success
  }
}
