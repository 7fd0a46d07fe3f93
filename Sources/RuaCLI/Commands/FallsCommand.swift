/// `rua-paper falls PATIENT`: the personalised fall guide.
struct FallsCommand: Command {
  let name = "falls"
  let summary = "make the fall guide of one patient (PDF to a file, stdout or a printer)"
  let usage =
    "falls PATIENT (-o FILE|- | --print [PRINTER]) [--paper letter|a4] [--lang en|es] [--now TIME]"
  let details = """
    What to do if the patient falls (naming their blood thinners for a head injury), whom to
    call in order, their fall-risk medicines, and a room-by-room home-safety checklist. The
    guide text comes from templates/content/; pages carrying text no clinician has approved
    show a PENDING CLINICIAN REVIEW stamp. Delivery and logging as for 'er'.
    """
  let options = DocumentOutput.specs + DocumentSettings.specs + StoreOptions.specs

  func run(_ arguments: ParsedArguments, _ context: Context) throws(CLIError) -> ExitCode {
    guard arguments.positionals.count == 1, let query = arguments.positionals.first else {
      throw .usage("falls needs exactly one PATIENT (an id or the start of a name)")
    }
    guard let destinations = try DocumentOutput.destinations(arguments, context) else {
      throw .usage(DocumentOutput.missing)
    }
    return try DocumentRun.run(
      .falls, query: query, destinations: destinations, arguments, context)
  }
}
