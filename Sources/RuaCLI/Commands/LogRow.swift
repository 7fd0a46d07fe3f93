// SPDX-License-Identifier: Apache-2.0
import RuaCore
import RuaPaperKit
import RuaStore

/// One access_log row as `log` shows it: a text line, or a JSON object whose field names are
/// documented in docs/commands.md and never renamed.
enum LogRow {
  static func text(_ r: AccessRecord) -> String {
    let e = r.entry
    var fields = [
      String(r.id), r.storedTime, e.patientID ?? "-", e.document, e.action.rawValue,
      e.outcome.rawValue,
    ]
    fields.append(e.destination ?? "-")
    if let pages = e.pages { fields.append("\(pages) p.") }
    if let sha = e.sha256 { fields.append("sha256 " + String(sha.prefix(12))) }
    if let patients = e.patients { fields.append("holds " + patients.joined(separator: ",")) }
    if let actor = r.actor {
      fields.append("by \(actor.userName) (uid \(actor.userID)) on \(actor.host)")
      fields.append("run \(actor.runID)")
    }
    // A destination, user or host name is anyone's text: a newline in it must not print a
    // second row, nor an ESC or RLO reach the terminal.
    return fields.map(VisibleText.escaped).joined(separator: "  ")
  }

  static func json(_ r: AccessRecord) -> JSON {
    let e = r.entry
    func text(_ value: String?) -> JSON { value.map { .string($0) } ?? .null }
    return .object([
      ("id", .int(Int(r.id))), ("uuid", .string(r.uuid)), ("time", .string(r.storedTime)),
      ("epoch", .number(String(r.time.secondsSinceEpoch))), ("patient", text(e.patientID)),
      ("patients", e.patients.map { .array($0.map { .string($0) }) } ?? .null),
      ("document", .string(e.document)), ("action", .string(e.action.rawValue)),
      ("destination", text(e.destination)), ("sha256", text(e.sha256)),
      ("pages", e.pages.map { .int($0) } ?? .null), ("toolVersion", .string(e.toolVersion)),
      ("contentVersion", text(e.contentVersion)), ("outcome", .string(e.outcome.rawValue)),
      ("jobId", text(e.jobID)), ("intentId", e.intentID.map { .number(String($0)) } ?? .null),
      ("processId", e.processID.map { .int(Int($0)) } ?? .null),
      ("uid", r.actor.map { .int($0.userID) } ?? .null), ("user", text(r.actor?.userName)),
      ("host", text(r.actor?.host)), ("runId", text(r.actor?.runID)),
      ("chainFormat", .int(r.chainFormat)),
      ("previousHash", .string(Hex.encode(r.previousHash))),
      ("rowHash", .string(Hex.encode(r.rowHash))),
    ])
  }
}
