import RuaCore
import RuaStore

struct LogCommand: Command {
  let name = "log"
  let summary = "show the access log, or verify its hash chain"
  let usage =
    "log [PATIENT] [--format text|json] [--db PATH] [--key-file PATH]\n       rua-paper log verify"
  let details = """
    Every document that left the store (file, stdout, printer) has a row: time (UTC), patient,
    document, action, destination, SHA-256 of the bytes, pages, versions, outcome. PATIENT is a
    patient id or an unambiguous name prefix. 'log verify' recomputes the hash chain and exits 1
    naming the first row that was changed after it was written.
    """
  let options =
    [OptionSpec("format", .value, value: "text|json", help: "output format (default text)")]
    + StoreOptions.specs

  func run(_ arguments: ParsedArguments, _ context: Context) throws(CLIError) -> ExitCode {
    guard arguments.positionals.count <= 1 else { throw .usage("log takes at most one PATIENT") }
    let format = arguments.value("format") ?? "text"
    guard format == "text" || format == "json" else {
      throw .usage("--format must be text or json, not '\(format)'")
    }
    let store = try StoreAccess.open(arguments, context)
    if arguments.positionals.first == "verify" {
      let rows = try StoreAccess.perform { () throws(StoreError) in try store.accessLog().count }
      if let bad = try StoreAccess.perform({ () throws(StoreError) in try store.verifyAccessLog() })
      {
        context.message(
          "access log row \(bad) does not match the hash chain: it or an earlier link was changed "
            + "after it was written; keep a copy of the store for investigation")
        return .failure
      }
      context.print("access log verified: \(rows) row\(rows == 1 ? "" : "s"), hash chain intact")
      return .success
    }
    var patient: String?
    if let query = arguments.positionals.first {
      patient = try PatientPicker.name(query, in: store).id
    }
    let records = try StoreAccess.perform { () throws(StoreError) in
      try store.accessLog(patient: patient)
    }
    if format == "json" {
      context.write(JSONWriter.write(.array(records.map(Self.json)), pretty: true))
    } else if records.isEmpty {
      context.note(
        "no documents have left the store" + (patient == nil ? "" : " for this patient"))
    } else {
      for r in records {
        let e = r.entry
        var fields = [String(r.id), r.time, e.patientID ?? "-", e.document, e.action, e.outcome]
        fields.append(e.destination ?? "-")
        if let pages = e.pages { fields.append("\(pages) p.") }
        if let sha = e.sha256 { fields.append("sha256 " + String(sha.prefix(12))) }
        context.print(fields.joined(separator: "  "))
      }
    }
    return .success
  }

  static func json(_ r: AccessRecord) -> JSON {
    let e = r.entry
    func text(_ value: String?) -> JSON { value.map { .string($0) } ?? .null }
    return .object([
      ("id", .int(Int(r.id))), ("uuid", .string(r.uuid)), ("time", .string(r.time)),
      ("patient", text(e.patientID)), ("document", .string(e.document)),
      ("action", .string(e.action)), ("destination", text(e.destination)),
      ("sha256", text(e.sha256)), ("pages", e.pages.map { .int($0) } ?? .null),
      ("toolVersion", .string(e.toolVersion)), ("contentVersion", text(e.contentVersion)),
      ("outcome", .string(e.outcome)), ("jobId", text(e.jobID)),
      ("intentId", e.intentID.map { .number(String($0)) } ?? .null),
      ("processId", e.processID.map { .int(Int($0)) } ?? .null),
      ("previousHash", .string(Hex.encode(r.previousHash))),
      ("rowHash", .string(Hex.encode(r.rowHash))),
    ])
  }
}
