import RuaCore
import RuaFiles
import RuaStore

struct ImportCommand: Command {
  let name = "import"
  let summary = "import a care-circle file into the store"
  let usage = "import FILE|- [--dry-run] [--force] [--templates DIR] [--db PATH] [--key-file PATH]"
  let details = """
    Reads a care-circle file (docs/care-circle-format.md; - reads standard input), or a FHIR R4
    Bundle such as an International Patient Summary (docs/fhir.md: what maps, what is left out
    and said, what is refused), checks every field, and applies it in
    one transaction: patients are added or updated by id, children the file no longer lists are
    removed, and every change is written to the change log. Patients the store has but the file
    does not mention are kept. One bad field refuses the whole file (exit 65), every problem
    found is listed with its JSON path (up to 20), and the store is left byte-for-byte
    unchanged; importing the same file twice writes nothing the second time. FILE - reads
    standard input. --dry-run prints what would change and writes nothing. An imported record
    always prints: text with a character the pinned fonts (templates/fonts.conf) cannot draw is
    refused like any other bad field, naming the field and the character.

    A file must not silently undo a newer edit: when it would remove a fill, medicine or
    allergy, or set back a field, that fill, med or allergy changed in the store after the
    file's exportedAt (at any time, for a file without exportedAt), import lists those
    records and writes nothing (exit 65) unless --force is given.
    """
  let options =
    [
      OptionSpec("dry-run", help: "show what would change; write nothing"),
      OptionSpec(
        "templates", .value, value: "DIR",
        help: "the templates folder whose pinned fonts must draw every text (default"
          + " $RUA_TEMPLATES, then beside the executable)"),
      OptionSpec("force", help: "import even where the file undoes newer changes in the store"),
    ]
    + StoreOptions.specs

  func run(_ arguments: ParsedArguments, _ context: Context) throws(CLIError) -> ExitCode {
    guard arguments.positionals.count == 1, let file = arguments.positionals.first else {
      throw .usage("import needs exactly one FILE")
    }
    let circle = try CareCircleInput.decode(
      file, context, templates: arguments.value("templates"))
    let store = try StoreAccess.open(arguments, context)
    let dryRun = arguments.flag("dry-run")
    let force = arguments.flag("force")
    let origin = ChangeOrigin(command: "import", actor: ChangeActor.current())
    let summary = try StoreAccess.perform { () throws(StoreError) in
      try store.save(
        circle, now: context.now.secondsSinceEpoch, dryRun: dryRun, origin: origin,
        allowReverts: force)
    }
    if !summary.reverts.isEmpty {
      var text = "\(file) would undo \(summary.reverts.count) newer change"
      text += summary.reverts.count == 1 ? "" : "s"
      text += " in the store:\n" + summary.reverts.map(Self.describe).joined(separator: "\n")
      if !force && !dryRun {
        throw CLIError(
          text + "\nnothing was written; export again to get the current record, "
            + "or pass --force to import the file anyway", code: .dataError)
      }
      context.message(text + (dryRun && !force ? "\n(import would need --force)" : ""))
    }
    context.print((dryRun ? "dry run, nothing written: " : "") + summary.description)
    return .success
  }

  /// "  Robert Alvarez, medication apixaban: status on-hold -> active (changed … by …)".
  static func describe(_ revert: RevertedChange) -> String {
    var text = "  \(revert.patient), \(revert.record): "
    text += revert.action == "delete" ? "would be removed" : ChangeText.fields(revert.fields)
    return text + " (changed \(revert.lastChange))"
  }
}

/// Reading and decoding a care-circle file, shared by `import` and `demo`. `-` is standard input.
enum CareCircleInput {
  /// The decoded file, after checking that the pinned fonts of the templates folder
  /// (`--templates`, else the default) can draw every text in it.
  static func decode(_ file: String, _ context: Context, templates: String?) throws(CLIError)
    -> CareCircle
  {
    var bytes: [UInt8]
    let shown = file == "-" ? "standard input" : file
    if file == "-" {
      bytes = try context.readStandardInput()
    } else {
      do { bytes = try Files.read(context.absolute(file)) } catch {
        let code: ExitCode =
          error.isMissing ? .noInput : error.isPermission ? .permission : .ioError
        throw CLIError("\(file): cannot be read (\(error.reason))", code: code)
      }
    }
    let fhir = try FHIRInput.convert(&bytes, file: shown, context)
    let coverage = try PrintableCheck.coverage(try TemplatesLocation.resolve(templates, context))
    let circle: CareCircle
    do { circle = try CareCircleDecoder.decodeReportingAll(bytes, today: context.today) } catch {
      throw CLIError(refusal(fhir?.renamed(error) ?? error, file: shown), code: .dataError)
    }
    do throws(CareCircleError) {
      let json: JSON
      do throws(JSONSyntaxError) { json = try JSONParser.parse(bytes) } catch {
        throw CareCircleError(path: CareCircleError.filePath, reason: error.description)
      }
      try PrintableCheck.check(json, coverage: coverage)
    } catch {
      throw CLIError("\(shown): \((fhir?.renamed(error) ?? error).description)", code: .dataError)
    }
    return circle
  }

  /// `FILE: path: reason` for one problem; for more, a count and one indented line each.
  static func refusal(_ error: CareCircleProblems, file: String) -> String {
    guard error.problems.count > 1 else {
      return error.problems.map { "\(file): \($0.description)" }.first ?? "\(file): refused"
    }
    let count =
      error.stoppedAtLimit
      ? "the first \(error.problems.count) problems" : "\(error.problems.count) problems"
    var text = "\(file): refused, nothing was imported; \(count):"
    for problem in error.problems { text += "\n  " + problem.description }
    if error.stoppedAtLimit { text += "\n  … the file may hold more; fix these and import again" }
    return text
  }
}
