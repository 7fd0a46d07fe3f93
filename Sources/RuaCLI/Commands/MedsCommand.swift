// SPDX-License-Identifier: Apache-2.0
import RuaCore
import RuaDocuments
import RuaPaperKit
import RuaStore

struct MedsCommand: Command {
  let name = "meds"
  let summary = "show a patient's medicines with refill runway and safety flags"
  let usage =
    "meds PATIENT [--format text|json | -o FILE|- | --print [PRINTER]] [--today YYYY-MM-DD] "
    + "[--paper letter|a4] [--lang LANG] [--now TIME] [--large]"
  let details = """
    PATIENT is a care-circle id, or an unambiguous, case-insensitive prefix of the full or
    preferred name. Lists active medicines, most urgent refill first: overdue (0 days or fewer
    left), urgent (1-3), soon (4-10), no-fill (no fill recorded), ok, as-needed; then on-hold
    ones the same way; never stopped ones. Each line carries its flags from templates/drug-classes.json:
    anticoagulant, antiplatelet, high-alert, fall-risk. --format json prints
    {"patient", "today", "medications": [{"id", "name", "strength", "status", "runOutDate",
    "daysRemaining", "lastFillDate", "daySupply", "flags", ...}]}. Rules:
    docs/runway-and-flags.md. A --today before the person's birth (or after 2200) is refused
    (exit 64), in text and JSON as the documents refuse it.

    With -o FILE (or -o - / --print) it makes the medication list PDF instead: the scheduled
    table with slots, run-out dates and runway bars, the as-needed block and totals, delivered
    and logged as for 'er'. With --large, the large-print list (body text 14 pt; the
    prescriber and last-fill columns left out) for the person's own copy.
    """
  let options: [OptionSpec] =
    [OutputFormat.option(help: "data output format (default text)")]
    + DocumentOutput.specs + DocumentSettings.specs + StoreOptions.specs

  func run(_ arguments: ParsedArguments, _ context: Context) throws(PaperError) -> ExitCode {
    guard arguments.positionals.count == 1, let query = arguments.positionals.first else {
      throw .invalidRequest("meds needs exactly one PATIENT (an id or the start of a name)")
    }
    if let destinations = try DocumentOutput.destinations(arguments, context) {
      guard arguments.value(.format) == nil else {
        throw .invalidRequest("--format is for the data listing; -o and --print make the PDF")
      }
      return try DocumentRun.run(
        .meds, query: query, destinations: destinations, arguments, context)
    }
    let format = try OutputFormat.read(arguments).rawValue
    let today = try DocumentClock.read(arguments, context).today
    let templates = try TemplatesLocation.resolve(arguments.value(.templates), context.host)
    let (patient, table) = try StoreOptions.session(arguments, context).medicationListing(
      query, today: today, templates: templates)
    if format == "json" {
      context.write(JSONWriter.write(MedsReport.json(patient: patient, table: table, today: today)))
    } else {
      context.write(MedsReport.text(patient: patient, table: table, today: today))
    }
    return .success
  }
}
