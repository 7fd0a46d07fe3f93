// SPDX-License-Identifier: Apache-2.0
import Glibc
import RuaFiles
import RuaPaperKit
import RuaPrint
import RuaStore

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
    let versions = Store.libraryVersions()
    func line(_ label: String, _ value: String) {
      context.print(label + String(repeating: " ", count: max(1, 12 - label.count)) + value)
    }
    line("store:", location.database + (Files.exists(location.database) ? "" : " (missing)"))
    line("key file:", location.keyFile + (Files.exists(location.keyFile) ? "" : " (missing)"))
    line("SQLite:", versions.sqlite)
    line("SQLCipher:", versions.sqlcipher.map { $0.isEmpty ? "none" : $0 } ?? "none")
    if arguments.flag(.repair) {
      let store = try StoreOptions.session(arguments, context).store
      let repaired = try StoreAccess.perform { () throws(StoreError) in
        try store.repairAccessLog(toolVersion: ToolVersion.full)
      }
      for text in repaired { line("repaired:", text) }
      if repaired.isEmpty { line("repaired:", "nothing needed repair") }
    }
    let report = Store.inspect(location)
    if let version = report.schemaVersion {
      line("schema:", "version \(version) (this rua-paper: \(Schema.latestVersion))")
    }
    if !report.rowCounts.isEmpty {
      line("rows:", report.rowCounts.map { "\($0.table) \($0.rows)" }.joined(separator: ", "))
    }
    if let snapshot = report.leftoverSnapshot {
      line("warning:", "a snapshot from an interrupted migration is at \(snapshot)")
    }
    for warning in location.placementWarnings { line("warning:", warning) }
    let printing = CUPSConfigCheck.check(
      serverRoot: context.environment["CUPS_SERVERROOT"], server: context.environment["CUPS_SERVER"]
    )
    for text in printing.lines { line("printing:", text) }
    if let log = report.accessLog {
      for text in DoctorAccessLog.lines(log) { line("access log:", text) }
    }
    switch report.state {
    case .ready where report.accessLog?.isSound == false:
      line("state:", "access log needs attention")
      context.message(DoctorAccessLog.advice)
      return .dataError
    case .ready:
      line("integrity:", "ok (integrity_check, cipher_integrity_check)")
      line("state:", "ready")
      return .success
    case .needsMigration(let from, let to):
      line("state:", "needs migration from schema \(from) to \(to)")
      context.message(
        "the store needs a schema migration; it runs automatically, behind a verified snapshot, "
          + "the next time a command opens the store (e.g. 'rua-paper patients')")
      return .temporaryFailure
    case .refused(let error):
      line("state:", error.kind.rawValue)
      context.message(error.description)
      return ExitStatus.code(for: StoreAccess.paperError(error))
    }
  }
}

extension OptionSpec {
  fileprivate static let repair = OptionSpec(
    "repair", help: "restore the access log's triggers and anchor, and log it")
}
