import RuaCore
import RuaStore

/// `DIR/manifest.json`: every document written, in run order (patient, then document).
struct BatchManifest {
  struct Entry {
    let index: Int
    let file: String
    let patientID: String?
    let document: String
    let pages: Int
    let sha256: String
  }

  var entries: [Entry] = []
  var binder: Entry?

  func json(now: Instant, today: CivilDate) -> String {
    func object(_ entry: Entry) -> JSON {
      .object([
        ("file", .string(entry.file)),
        ("patient", entry.patientID.map { JSON.string($0) } ?? .null),
        ("document", .string(entry.document)),
        ("pages", .int(entry.pages)),
        ("sha256", .string(entry.sha256)),
      ])
    }
    var fields: [(key: String, value: JSON)] = [
      ("format", .string("rua-paper-batch-manifest")),
      ("version", .int(1)),
      ("tool", .string(ToolVersion.full)),
      ("now", .string(now.rfc3339)),
      ("today", .string(today.iso)),
      ("documents", .array(entries.sorted { $0.index < $1.index }.map(object))),
    ]
    if let binder { fields.append(("binder", object(binder))) }
    return JSONWriter.write(.object(fields)) + "\n"
  }
}
