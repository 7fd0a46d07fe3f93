import RuaCore
import RuaFiles
import RuaStore

struct ImportCommand: Command {
  let name = "import"
  let summary = "import a care-circle file into the store"
  let usage = "import FILE [--dry-run] [--db PATH] [--key-file PATH]"
  let details = """
    Reads a care-circle file (docs/care-circle-format.md), checks every field, and applies it in
    one transaction: patients are added or updated by id, children the file no longer lists are
    removed, and every change is written to the change log. Patients the store has but the file
    does not mention are kept. One bad field refuses the whole file (exit 65) and the store is
    left byte-for-byte unchanged; importing the same file twice writes nothing the second time.
    --dry-run prints what would change and writes nothing.
    """
  let options =
    [OptionSpec("dry-run", help: "show what would change; write nothing")]
    + StoreOptions.specs

  func run(_ arguments: ParsedArguments, _ context: Context) throws(CLIError) -> ExitCode {
    guard arguments.positionals.count == 1, let file = arguments.positionals.first else {
      throw .usage("import needs exactly one FILE")
    }
    let circle = try CareCircleInput.decode(file, context)
    let store = try StoreAccess.open(arguments, context)
    let dryRun = arguments.flag("dry-run")
    let summary = try StoreAccess.perform { () throws(StoreError) in
      try store.save(circle, now: context.now.secondsSinceEpoch, dryRun: dryRun)
    }
    context.print((dryRun ? "dry run, nothing written: " : "") + summary.description)
    return .success
  }
}

/// Reading and decoding a care-circle file, shared by `import` and `demo`.
enum CareCircleInput {
  static func decode(_ file: String, _ context: Context) throws(CLIError) -> CareCircle {
    let bytes: [UInt8]
    if file == "-" {
      throw .usage("import reads a file, not standard input; save it first")
    }
    do { bytes = try Files.read(context.absolute(file)) } catch {
      let code: ExitCode = error.isMissing ? .noInput : error.isPermission ? .permission : .ioError
      throw CLIError("\(file): cannot be read (\(error.reason))", code: code)
    }
    do { return try CareCircleDecoder.decode(bytes, today: context.today) } catch {
      throw CLIError("\(file): \(error.description)", code: .dataError)
    }
  }
}
