import Glibc
import RuaCore
import RuaPaperKit
import RuaStore

struct ExportCommand: Command {
  let name = "export"
  let summary = "write the whole care circle as a care-circle file"
  let usage = "export [-o FILE|-] [--force] [--db PATH] [--key-file PATH]"
  let details = """
    Writes every patient in the store as a care-circle file (docs/care-circle-format.md),
    exportedAt set to now. The file is written beside its destination (mode 0600), synced and
    moved into place, so a failure never leaves a partial file. An existing file is refused
    unless --force is given. Without -o, or with -o -, the JSON goes to standard output.
    The export holds health data in clear: keep it as private as the store. Each export is
    recorded in the access log (see 'rua-paper log').
    """
  let options =
    [
      OptionSpec(
        "output", short: "o", .value, value: "FILE", help: "the file to write, or - for stdout"),
      OptionSpec("force", help: "replace an existing file"),
    ] + StoreOptions.specs

  func run(_ arguments: ParsedArguments, _ context: Context) throws(PaperError) -> ExitCode {
    guard arguments.positionals.isEmpty else {
      throw .invalidRequest("export takes no arguments; use -o FILE")
    }
    let output = arguments.value("output") ?? "-"
    let location = try StoreOptions.location(arguments, context)
    if output != "-", [location.database, location.keyFile].contains(context.absolute(output)) {
      throw .invalidRequest("refusing to export over the store or its key file (\(output))")
    }
    let session = try context.session(location)
    let destination: Destination =
      output == "-"
      ? .standardOutput : .file(path: context.absolute(output), replace: arguments.flag("force"))
    // Health data leaving the store takes the same path as a PDF: intent, bytes, outcome.
    let count = try session.export(to: destination)
    if output != "-" { context.note("wrote \(count) patients to \(output)") }
    return .success
  }
}
