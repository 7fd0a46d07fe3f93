// SPDX-License-Identifier: Apache-2.0
import RuaPaperKit

struct DoctorCommand: Command {
  let name = "doctor"
  let summary = "check the store, its key and the SQLCipher library"
  let usage = "doctor [--repair] [--db PATH] [--key-file PATH]"
  let details = """
    Reports the boot state of the store, the SQLite and SQLCipher versions, what is missing,
    and runs integrity_check and cipher_integrity_check. Checks the access log: its hash chain,
    its append-only triggers (present, with the SQL rua-paper created) and that the chain holds
    the head in the anchor file beside the key. Without --repair it opens the store read-only
    and never changes a byte of it. Exits 0 only when the store is ready, 65 when the access log is not sound.

    --repair restores missing or altered append-only triggers and re-anchors a missing or
    unmatched anchor file at the current head, and records what it did as an access-log row
    (action 'repair'); writing commands refuse until then. It cannot mend a broken chain.
    """
  let options: [OptionSpec] =
    [.repair]
    + StoreOptions.specs

  func run(_ arguments: ParsedArguments, _ context: Context) throws(PaperError) -> ExitCode {
    guard arguments.positionals.isEmpty else { throw .invalidRequest("doctor takes no arguments") }
    let location = try StoreOptions.location(arguments, context)
    func show(_ findings: [StoreCheckup.Finding]) {
      for (label, text) in findings {
        context.print(label.padded(to: 12) + text)
      }
    }
    show(StoreCheckup.files(location))
    if arguments.flag(.repair) {
      show(try StoreOptions.session(arguments, context).repairAccessLog().map { ("repaired:", $0) })
    }
    let (findings, verdict, advice) = StoreCheckup.inspect(
      location, environment: context.environment)
    show(findings)
    if let advice { context.message(advice) }
    switch verdict {
    case .ready: return .success
    case .accessLogUnsound: return .dataError
    case .needsMigration: return .temporaryFailure
    case .refused(let error): return ExitStatus.code(for: error)
    }
  }
}

extension OptionSpec {
  fileprivate static let repair = OptionSpec(
    "repair", help: "restore the access log's triggers and anchor, and log it")
}
