// SPDX-License-Identifier: Apache-2.0
import RuaDocuments
import RuaPaperKit

/// `rua-paper er|falls|card|mar PATIENT`: one document for one patient.
struct DocumentCommand: Command {
  let kind: DocumentKind
  let summary: String
  let details: String

  var name: String { kind.rawValue }
  var usage: String {
    "\(name) PATIENT (-o FILE|- | --print [PRINTER]) [--paper letter|a4\(kind == .card ? "|card" : "")] "
      + "[--lang LANG] [--now TIME]" + (kind == .falls || kind == .mar ? " [--large]" : "")
      + (kind == .mar ? " [--week-of YYYY-MM-DD] [--weeks N]" : "")
  }
  var options: [OptionSpec] {
    DocumentOutput.specs + DocumentSettings.specs
      + (kind == .mar ? [DocumentSettings.weekOfOption, DocumentSettings.weeksOption] : [])
      + StoreOptions.specs
  }

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

  static let card = DocumentCommand(
    kind: .card,
    summary: "make the wallet card of one patient (ISO/IEC 7810 ID-1, 85.60 x 53.98 mm)",
    details: """
      The ER sheet's first seconds on a card for the wallet, from the same record: front with
      the name, date of birth and age, the allergy band (or no known allergies, or not
      recorded), ON A BLOOD THINNER, implanted devices, code status and where the original is,
      language and interpreter; back with the contacts in call order (the health-care proxy
      marked), conditions, the medicines that matter most in an emergency first, the pharmacy,
      the printed and review-by dates. Never the SSN or the insurance member id. A list that
      does not fit ends with a line such as "+ 3 more medicines: see the ER sheet": nothing is
      left off without saying so. On letter or a4 the front and back print side by side with
      crop marks, a cut outline and a dashed fold line (cut once, fold once); --paper card
      makes two ID-1 pages, front and back, for a card printer. --print asks CUPS for the actual
      size (print-scaling=none, fit-to-page=false); check that the printer driver's own
      "fit to page" or "scale" setting is off too, and measure the printed card: 85.6 x 54.0
      mm. English unless --lang says otherwise, like the ER sheet. Delivery and logging as for
      'er'. See docs/documents.md.
      """)

  static let mar = DocumentCommand(
    kind: .mar,
    summary: "make the weekly medication administration record of one patient (check boxes)",
    details: """
      A landscape grid for the family and aides to fill in across shifts, for the seven days
      starting --week-of DATE (default: --today, else today; within a year of today), or
      --weeks N of them (1 to 4), one grid per week under its dates: one row per scheduled medicine and dose time (name,
      strength, form, dose, route, instructions, what it is for), a check box per day for
      initials with a place for the actual time. A held medicine reads "H - do not give" on
      exactly the days of its hold ('med hold --on --until'; every day when the hold has no
      dates), with "on hold since ... until ... (reason)" in its notes; a medicine that starts
      or stops within the week says "not started" or "stopped" on the days outside, so no cell
      invites a dose the record does not prescribe. Then the as-needed medicines (reason,
      maximum in 24 h, least time between doses), a log grid for as-needed doses, a key of
      initials and full names, "changes since the last sheet" (medicines new, stopped or with a
      changed dose in the change log since the last MAR of this patient was delivered, as the
      access log records it; the first sheet says there was none), and the not-given codes (R
      refused, H held, M missed, D discontinued). In the person's language with English, like the medication list; --large
      makes body text 14 pt. Delivery and logging as for 'er'. See docs/documents.md.
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
