// SPDX-License-Identifier: Apache-2.0
import RuaCore
import RuaFiles
import RuaStore

/// `DIR/manifest.json`: every document in the folder, in run order (patient, then document).
/// `complete` is false when the run was interrupted or a document failed: the list then holds
/// exactly what was delivered (and the files an earlier run left that still match).
struct BatchManifest {
  struct Entry {
    let index: Int
    let file: String
    let patientID: String?
    let document: String
    let pages: Int
    let sha256: String
    /// The document's language (`zh-Hans+en`, …); nil for the binder and in manifests written
    /// before it was recorded.
    var language: String? = nil
    /// What the document was made from (`Keeping.recordHash`); nil for the binder and in
    /// manifests written before it was recorded (`--resume` then makes the file again).
    var record: String? = nil
  }

  var entries: [Entry] = []
  var binder: Entry?
  var complete = true

  func json(now: Instant, today: CivilDate) -> String {
    func object(_ entry: Entry) -> JSON {
      .object([
        ("file", .string(entry.file)),
        ("patient", entry.patientID.map { JSON.string($0) } ?? .null),
        ("document", .string(entry.document)),
        ("pages", .int(entry.pages)),
        ("sha256", .string(entry.sha256)),
        ("language", entry.language.map { JSON.string($0) } ?? .null),
        ("recordSHA256", entry.record.map { JSON.string($0) } ?? .null),
      ])
    }
    var fields: [(key: String, value: JSON)] = [
      ("format", .string("rua-paper-batch-manifest")),
      ("version", .int(1)),
      ("tool", .string(ToolVersion.full)),
      ("now", .string(now.rfc3339)),
      ("today", .string(today.iso)),
      ("complete", .bool(complete)),
      ("documents", .array(entries.sorted { $0.index < $1.index }.map(object))),
    ]
    if let binder { fields.append(("binder", object(binder))) }
    return JSONWriter.write(.object(fields)) + "\n"
  }
}

extension BatchManifest {
  /// The documents an earlier run listed in `path`, or nil when there is no manifest there.
  /// Throws when a file is there but is not a manifest this tool wrote.
  static func read(_ path: String) throws(PaperError) -> [Entry]? {
    let bytes: [UInt8]
    do {
      guard let read = try Files.readIfPresent(path, limit: ReadLimit.small) else { return nil }
      bytes = read
    } catch {
      throw PaperError("cannot read \(path): \(error.reason)", kind: .io)
    }
    let unreadable = PaperError(
      "\(path) is not a batch manifest rua-paper can read; it is left as it is: move it away, "
        + "or choose another folder", kind: .cannotCreate)
    guard let json = try? JSONParser.parse(bytes),
      json["format"]?.stringValue == "rua-paper-batch-manifest",
      let documents = json["documents"]?.arrayValue
    else { throw unreadable }
    var entries: [Entry] = []
    for (index, item) in documents.enumerated() {
      guard let file = item["file"]?.stringValue, let sha256 = item["sha256"]?.stringValue,
        let document = item["document"]?.stringValue, let pages = item["pages"]?.intValue,
        !file.contains("/")
      else { throw unreadable }
      entries.append(
        Entry(
          index: index, file: file, patientID: item["patient"]?.stringValue, document: document,
          pages: pages, sha256: sha256, language: item["language"]?.stringValue,
          record: item["recordSHA256"]?.stringValue))
    }
    return entries
  }
}
