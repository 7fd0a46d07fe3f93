// SPDX-License-Identifier: Apache-2.0
import RuaCore
import RuaPaperKit
import RuaStore

struct ImportCommand: Command {
  let name = "import"
  let summary = "import a care-circle file into the store"
  let usage = "import FILE|- [--dry-run] [--force] [--templates DIR] [--db PATH] [--key-file PATH]"
  let details = """
    Reads a care-circle file ('rua-paper help format'; - reads standard input), or a FHIR R4
    Bundle such as an International Patient Summary (docs/fhir.md: what maps, what is left out
    and said, what is refused), checks every field, and applies it in
    one transaction: patients are added or updated by id, children the file no longer lists are
    removed, and every change is written to the change log. Patients the store has but the file
    does not mention are kept. One bad field refuses the whole file (exit 65), every problem
    found is listed with its JSON path (up to 20), and the store is left byte-for-byte
    unchanged; importing the same file twice writes nothing the second time. FILE - reads
    standard input. --dry-run prints what would change and writes nothing: per person, a
    reconciliation table of medicines (NEW, STOPPED, CHANGED old -> new, NOT IN FILE,
    UNCHANGED) and of allergies and conditions (ADDED, CHANGED, NOT IN FILE), shown even when
    the import would be refused, before the refusal. An imported record
    always prints: text with a character the pinned fonts (templates/fonts.conf) cannot draw is
    refused like any other bad field, naming the field and the character.

    A file must not silently undo a newer edit: when it would remove a fill, medicine or
    allergy, or set back a field, that fill, med or allergy changed in the store after the
    file's exportedAt (at any time, for a file without exportedAt), import lists those
    records and writes nothing (exit 65) unless --force is given. --dry-run refuses (and exits)
    exactly as the import would. An exportedAt more than 5 minutes later than this computer's
    clock is refused, --force or not: newer edits are told by their change times, and a file
    dated in the future would undo them silently; check both clocks and export again. A file
    this store exported itself (its SHA-256 is in the access log) holds nothing newer than the
    store, so for it every edit since counts, whatever its exportedAt says.
    """
  let options: [OptionSpec] =
    [
      .showImport,
      .importTemplates,
      .importOver,
    ]
    + StoreOptions.specs

  func run(_ arguments: ParsedArguments, _ context: Context) throws(PaperError) -> ExitCode {
    guard arguments.positionals.count == 1, let file = arguments.positionals.first else {
      throw .invalidRequest("import needs exactly one FILE")
    }
    let bytes = try CareCircleInput.read(file, context)
    let shown = file == "-" ? "standard input" : file
    let circle = try CareCircleInput.decode(
      bytes, shown: shown,
      templates: try TemplatesLocation.resolve(arguments.value(.importTemplates), context.host),
      today: context.today, notice: context.message)
    let session = try StoreOptions.session(arguments, context)
    let dryRun = arguments.flag(.showImport)
    let force = arguments.flag(.importOver)
    let summary = try session.importCircle(
      circle, from: shown, dryRun: dryRun, force: force, bytes: bytes,
      reconcile: { context.print(ReconciliationText.text($0)) })
    if let undone = summary.revertsText(shown) { context.message(undone) }
    context.print((dryRun ? "dry run, nothing written: " : "") + summary.description)
    return .success
  }
}

extension CareCircleInput {
  /// The bytes of `file`, or of standard input for `-`.
  static func read(_ file: String, _ context: Context) throws(PaperError) -> [UInt8] {
    if file == "-" { return try context.readStandardInput() }
    return try read(path: context.absolute(file), shown: file)
  }
}

extension OptionSpec {
  fileprivate static let showImport = OptionSpec(
    "dry-run", help: "show what would change; write nothing")
  fileprivate static let importTemplates = OptionSpec(
    "templates", .value, value: "DIR",
    help: "the templates folder whose pinned fonts must draw every text (default"
      + " $RUA_TEMPLATES, then beside the executable)")
  fileprivate static let importOver = OptionSpec(
    "force", help: "import even where the file undoes newer changes in the store")
}
