// SPDX-License-Identifier: Apache-2.0
import RuaCore
import RuaPaperKit
import RuaStore

struct ChangesCommand: Command {
  let name = "changes"
  let summary = "show who changed the record, when, with which command"
  let usage = "changes [PATIENT] [--format text|json] [--db PATH] [--key-file PATH]"
  let details = """
    Lists the change log, oldest first: every row that import, fill, med or allergy inserted,
    updated or deleted, with the time (UTC), the command, the operating-system user, the
    reason given, and each field's old and new value. PATIENT is an id or an unambiguous name
    prefix. Rows written before schema version 2 have no command or user ("-").
    """
  let options: [OptionSpec] =
    [OutputFormat.option(help: "output format (default text)")]
    + StoreOptions.specs

  func run(_ arguments: ParsedArguments, _ context: Context) throws(PaperError) -> ExitCode {
    guard arguments.positionals.count <= 1 else {
      throw .invalidRequest("changes takes at most one PATIENT")
    }
    let format = try OutputFormat.read(arguments).rawValue
    let entries = try StoreOptions.session(arguments, context).changeLog(
      arguments.positionals.first)
    if format == "json" {
      context.write(JSONWriter.write(.array(entries.map(Self.json)), pretty: true))
      return .success
    }
    for e in entries {
      var line = [e.time.rfc3339, e.command ?? "-", e.actor ?? "-", e.patientID ?? "-"]
      line.append("\(e.entity) \(e.action)")
      line.append(ChangeText.fields(e.fields))
      if let reason = e.reason { line.append("reason: " + reason) }
      context.print(line.joined(separator: "  "))
    }
    if entries.isEmpty { context.message("no changes recorded") }
    return .success
  }

  static func json(_ e: ChangeLogEntry) -> JSON {
    func text(_ value: String?) -> JSON { value.map { .string($0) } ?? .null }
    let fields = e.fields.map { field -> JSON in
      .object([("field", .string(field.name)), ("old", text(field.old)), ("new", text(field.new))])
    }
    return .object([
      ("id", .number(String(e.id))), ("time", .string(e.time.rfc3339)),
      ("patient", text(e.patientID)),
      ("entity", .string(e.entity)), ("action", .string(e.action)),
      ("command", text(e.command)), ("actor", text(e.actor)), ("reason", text(e.reason)),
      ("fields", .array(fields)),
    ])
  }
}
