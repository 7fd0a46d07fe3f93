import Glibc
import RuaCore
import RuaStore

struct MedsCommand: Command {
  let name = "meds"
  let summary = "show a patient's medicines with refill runway and safety flags"
  let usage =
    "meds PATIENT [--format text|json] [--today YYYY-MM-DD] [--templates DIR] [--db PATH] "
    + "[--key-file PATH]"
  let details = """
    PATIENT is a care-circle id, or an unambiguous, case-insensitive prefix of the full or
    preferred name. Lists active medicines, most urgent refill first: overdue (0 days or fewer
    left), urgent (1-3), soon (4-10), no-fill (no fill recorded), ok, as-needed; then on-hold
    ones the same way; never stopped ones. Each line carries its flags from templates/drug-classes.json:
    anticoagulant, antiplatelet, high-alert, fall-risk. --format json prints
    {"patient", "today", "medications": [{"id", "name", "strength", "status", "runOutDate",
    "daysRemaining", "lastFillDate", "daySupply", "flags", ...}]}. Rules:
    docs/runway-and-flags.md.
    """
  let options =
    [
      OptionSpec("format", .value, value: "text|json", help: "output format (default text)"),
      OptionSpec(
        "today", .value, value: "YYYY-MM-DD", help: "count days from this date (default today)"),
      OptionSpec(
        "templates", .value, value: "DIR",
        help: "the templates folder (default $RUA_TEMPLATES, then beside the executable)"),
    ] + StoreOptions.specs

  static let drugTable = "drug-classes.json"

  func run(_ arguments: ParsedArguments, _ context: Context) throws(CLIError) -> ExitCode {
    guard arguments.positionals.count == 1, let query = arguments.positionals.first else {
      throw .usage("meds needs exactly one PATIENT (an id or the start of a name)")
    }
    let format = arguments.value("format") ?? "text"
    guard format == "text" || format == "json" else {
      throw .usage("--format must be text or json, not '\(format)'")
    }
    let todayText = arguments.value("today") ?? context.localToday
    guard let today = CivilDate(iso: todayText) else {
      throw .usage("--today must be a calendar date YYYY-MM-DD, such as 2026-11-29")
    }
    let table = try Self.loadDrugTable(arguments.value("templates"), context)

    let store = try StoreAccess.open(arguments, context)
    let patients = try StoreAccess.perform { () throws(StoreError) in
      try store.loadCareCircle().patients
    }
    let patient = try Self.choose(query, from: patients)
    if format == "json" {
      context.write(JSONWriter.write(MedsReport.json(patient: patient, table: table, today: today)))
    } else {
      context.write(MedsReport.text(patient: patient, table: table, today: today))
    }
    return .success
  }

  /// The patient `query` names, or a refusal that lists the matches when there are several.
  static func choose(_ query: String, from patients: [Patient]) throws(CLIError) -> Patient {
    switch PatientSelector.select(query, from: patients) {
    case .found(let patient):
      return patient
    case .notFound:
      throw CLIError(
        "no patient with the id or name '\(query)'; run 'rua-paper patients' for the list",
        code: .usage)
    case .ambiguous(let matches):
      let list = matches.map { "  \($0.id)  \($0.fullName)" }.joined(separator: "\n")
      throw CLIError(
        "'\(query)' matches \(matches.count) patients; name one by id:\n" + list, code: .usage)
    }
  }

  /// Reads and checks `drug-classes.json` from the templates folder.
  static func loadDrugTable(_ explicit: String?, _ context: Context) throws(CLIError)
    -> DrugClassTable
  {
    let folder = templatesFolder(explicit, context)
    let path = folder + "/" + drugTable
    let bytes: [UInt8]
    do { bytes = try Files.read(context.absolute(path)) } catch {
      let code: ExitCode = error.code == ENOENT ? .noInput : .ioError
      throw CLIError(
        "\(path): cannot be read (\(error.libraryMessage ?? "error")); pass --templates DIR "
          + "or set RUA_TEMPLATES to the folder holding \(drugTable)", code: code)
    }
    let json: JSON
    do { json = try JSONParser.parse(bytes) } catch {
      throw CLIError("\(path): \(error.description)", code: .dataError)
    }
    do { return try DrugClassTable.parse(json) } catch {
      throw CLIError("\(path): \(error.description)", code: .dataError)
    }
  }

  /// `--templates DIR`, then `$RUA_TEMPLATES`, then the `templates` folder of the package the
  /// executable was built in (walking up from it to a folder with `templates/` and
  /// `Package.swift`), then `./templates`.
  static func templatesFolder(_ explicit: String?, _ context: Context) -> String {
    if let explicit, !explicit.isEmpty { return explicit }
    if let variable = context.environment["RUA_TEMPLATES"], !variable.isEmpty { return variable }
    var buffer = [CChar](repeating: 0, count: 4096)
    let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    if count > 0 {
      var folder = Files.parent(
        String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self))
      while folder != "/", folder != "." {
        if Files.entry(folder + "/templates", followingLinks: true) == .directory,
          Files.exists(folder + "/Package.swift")
        {
          return folder + "/templates"
        }
        folder = Files.parent(folder)
      }
    }
    return "templates"
  }
}
