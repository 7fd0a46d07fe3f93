import RuaDocuments
import RuaPaperKit

/// `rua-paper er PATIENT` and `rua-paper falls PATIENT`: one document for one patient.
struct DocumentCommand: Command {
  let kind: DocumentKind
  let summary: String
  let details: String

  var name: String { kind.rawValue }
  var usage: String {
    "\(name) PATIENT (-o FILE|- | --print [PRINTER]) [--paper letter|a4] [--lang LANG] "
      + "[--now TIME]" + (kind == .falls ? " [--large]" : "")
  }
  var options: [OptionSpec] { DocumentOutput.specs + DocumentSettings.specs + StoreOptions.specs }

  static let er = DocumentCommand(
    kind: .er,
    summary: "make the ER sheet of one patient (PDF to a file, stdout or a printer)",
    details: """
      PATIENT is a care-circle id or an unambiguous, case-insensitive start of the name. The
      sheet leads with allergies, blood thinners, other high-alert medicines and code status,
      then the medicines, conditions, contacts in call order, care team, baseline, devices and
      insurance. Every PDF that leaves the store is recorded in the access log ('rua-paper
      log'); a file is written whole or not at all, mode 0600, and never over an existing file
      without --force (which replaces only a regular file). --print says what was sent ("sent
      to PRINTER as job 12, 1 page"), takes --copies and --option KEY=VALUE as lp does, and
      refuses a stopped printer at once unless --print-timeout SECONDS is given; -o FILE
      --print does both. SIGINT/SIGTERM never leave a delivery without its one true outcome
      (docs/commands.md). The same store, templates and --now give a byte-identical PDF. See
      docs/documents.md.
      """)

  static let falls = DocumentCommand(
    kind: .falls,
    summary: "make the fall guide of one patient (PDF to a file, stdout or a printer)",
    details: """
      What to do if the patient falls (naming their blood thinners for a head injury), whom to
      call in order, their fall-risk medicines, and a room-by-room home-safety checklist. The
      guide text comes from templates/content/; pages carrying text no clinician has approved
      show a PENDING CLINICIAN REVIEW stamp. Delivery and logging as for 'er'. --large makes
      the large-print guide (body text 14 pt, one column) for the person's own copy.
      """)

  func run(_ arguments: ParsedArguments, _ context: Context) throws(PaperError) -> ExitCode {
    guard arguments.positionals.count == 1, let query = arguments.positionals.first else {
      throw .invalidRequest("\(name) needs exactly one PATIENT (an id or the start of a name)")
    }
    guard let destinations = try DocumentOutput.destinations(arguments, context) else {
      throw .invalidRequest(DocumentOutput.missing)
    }
    return try DocumentRun.run(kind, query: query, destinations: destinations, arguments, context)
  }
}
