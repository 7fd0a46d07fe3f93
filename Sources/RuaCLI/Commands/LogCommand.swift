// SPDX-License-Identifier: Apache-2.0
import RuaCore
import RuaPaperKit
import RuaStore

struct LogCommand: Command {
  let name = "log"
  let summary = "show the access log, verify its hash chain, or print its head (anchor)"
  let usage = """
    log [PATIENT] [--since DATE|TIME] [--until DATE|TIME] [--action ACTION] [--run ID]
                 [--format text|json] [--db PATH] [--key-file PATH]
           rua-paper log verify [--anchor SEQ:HASH]
           rua-paper log anchor
    """
  let details = """
    Every document that left the store (file, stdout, share, printer) has rows: when each was
    written (UTC), who (OS user and uid), on which host, in which run (one id for every row of
    one command, so a whole batch shares one), the patient (or, for a binder, every patient it
    holds), document, action, destination, SHA-256 of the bytes, pages, versions and outcome.
    PATIENT is a patient id or an unambiguous name prefix; it lists binders that held them too.
    The exact id of a patient removed with 'patient remove' still finds their rows.

    'log verify' recomputes the hash chain, checks the append-only triggers and that the chain
    still holds the head recorded in the anchor file beside the key, and that the anchor is
    not behind the head unless an interrupted write explains it (an anchor set back, such as
    0:000…, fails unless --anchor names the head), and with --anchor a head you kept (from
    'log anchor' or a printed footer, "log 1234 · 3f9a1c" = 1234:3f9a1c). It
    exits 1 naming the row or sequence when rows were changed, cut or rewritten, and 65 when
    the triggers are missing or altered. 'log anchor' prints the current head as SEQ:HASH.
    """
  let options: [OptionSpec] =
    [OutputFormat.option(help: "output format (default text)")]
    + LogFilter.specs
    + [
      .anchor
    ] + StoreOptions.specs

  func run(_ arguments: ParsedArguments, _ context: Context) throws(PaperError) -> ExitCode {
    guard arguments.positionals.count <= 1 else {
      throw .invalidRequest("log takes at most one PATIENT")
    }
    let format = try OutputFormat.read(arguments).rawValue
    let word = arguments.positionals.first
    if word != "verify", arguments.value(.anchor) != nil {
      throw .invalidRequest("--anchor goes with 'log verify'")
    }
    if word == "verify" || word == "anchor" {
      if let first = (LogFilter.specs + [.format]).first(where: arguments.present) {
        throw .invalidRequest("--\(first.long) goes with 'log [PATIENT]'")
      }
    }
    let claim = try arguments.value(.anchor).map { (text) throws(PaperError) in
      try LogAnchorClaim(checking: text)
    }
    let session = try StoreOptions.session(arguments, context)
    switch word {
    case "verify":
      // Exit 1 when rows were changed, cut or rewritten; 65 when only the triggers are wrong.
      let verdict = try session.verifyAccessLog(claim: claim)
      for message in verdict.messages { context.message(message) }
      switch verdict.finding {
      case .tampered: return .failure
      case .notAppendOnly: return .dataError
      case .verified(let line):
        context.print(line)
        return .success
      }
    case "anchor":
      context.print(try session.accessHead().text)
      return .success
    default: break
    }
    let (query, records) = try session.accessLog(LogFilter.request(arguments, patient: word))
    if format == "json" {
      context.write(JSONWriter.write(.array(records.map(LogRow.json)), pretty: true))
    } else if records.isEmpty {
      context.note(
        query == AccessQuery() ? "no documents have left the store" : "no rows match")
    } else {
      for record in records { context.print(LogRow.text(record)) }
    }
    return .success
  }
}

extension OptionSpec {
  fileprivate static let anchor = OptionSpec(
    "anchor", .value, value: "SEQ:HASH",
    help: "with verify: a head kept elsewhere (HASH may be 6+ leading hex digits)")
}
