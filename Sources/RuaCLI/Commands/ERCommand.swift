/// `rua-paper er PATIENT`: the emergency information sheet.
struct ERCommand: Command {
  let name = "er"
  let summary = "make the ER sheet of one patient (PDF to a file, stdout or a printer)"
  let usage =
    "er PATIENT (-o FILE|- | --print [PRINTER]) [--paper letter|a4] [--lang en|es] [--now TIME]"
  let details = """
    PATIENT is a care-circle id or an unambiguous, case-insensitive start of the name. The sheet
    leads with allergies, blood thinners, other high-alert medicines and code status, then the
    medicines, conditions, contacts in call order, care team, baseline, devices and insurance.
    Every PDF that leaves the store is recorded in the access log ('rua-paper log'); a file is
    written whole or not at all, mode 0600, and never over an existing file without --force.
    The same store, templates and --now give a byte-identical PDF. See docs/documents.md.
    """
  let options = DocumentOutput.specs + DocumentSettings.specs + StoreOptions.specs

  func run(_ arguments: ParsedArguments, _ context: Context) throws(CLIError) -> ExitCode {
    guard arguments.positionals.count == 1, let query = arguments.positionals.first else {
      throw .usage("er needs exactly one PATIENT (an id or the start of a name)")
    }
    guard let destinations = try DocumentOutput.destinations(arguments, context) else {
      throw .usage(DocumentOutput.missing)
    }
    return try DocumentRun.run(.er, query: query, destinations: destinations, arguments, context)
  }
}
