import RuaCore
import RuaPaperKit
import RuaStore

struct AllergyCommand: Command {
  let name = "allergy"
  let summary = "record an allergy or intolerance"
  let usage =
    "allergy add PATIENT --substance NAME [--reaction TEXT] "
    + "[--severity mild|moderate|severe|unknown] [--kind allergy|intolerance] [--dry-run] "
    + "[--db PATH] [--key-file PATH]"
  let details = """
    Adds an allergy to the patient's record, checked by the import rules (exit 65, naming the
    field as import would) and written in one transaction with its change_log row. A patient
    recorded as having no known allergies is no longer: the documents list the new allergy
    instead. --dry-run shows the change and writes nothing.
    """
  let options =
    [
      OptionSpec("substance", .value, value: "NAME", help: "what they react to"),
      OptionSpec("reaction", .value, value: "TEXT", help: "what happens (e.g. hives)"),
      OptionSpec(
        "severity", .value, value: "LEVEL", help: "mild, moderate, severe or unknown"),
      OptionSpec("kind", .value, value: "KIND", help: "allergy (default) or intolerance"),
      OptionSpec("dry-run", help: "show the change; write nothing"),
    ] + StoreOptions.specs

  func run(_ arguments: ParsedArguments, _ context: Context) throws(PaperError) -> ExitCode {
    guard arguments.positionals.first == "add" else {
      throw .invalidRequest("allergy takes the action 'add'")
    }
    guard arguments.positionals.count == 2 else {
      throw .invalidRequest("allergy add needs one PATIENT; the allergy is given with --substance")
    }
    let session = try EditSession.open(arguments.positionals[1], arguments, context)
    let keys = ["substance", "reaction", "severity", "kind"]
    let allergy = keys.map { (key: $0, value: JSON.string(arguments.value($0) ?? "")) }
    let edited = try session.commit(
      .addAllergy(allergy), command: "allergy add", dryRun: arguments.flag("dry-run"),
      options: Dictionary(uniqueKeysWithValues: keys.map { ($0, "--" + $0) }), showingTo: context)
    let count = edited.allergies.count
    context.print(
      "\(session.patient.fullName): \(count) allerg\(count == 1 ? "y" : "ies") recorded")
    return .success
  }
}
