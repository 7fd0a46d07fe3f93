// SPDX-License-Identifier: Apache-2.0
import RuaCore

/// A clinical table shipped in `templates/` (the drug-class table): content like the guides,
/// so it passes the same gate. It is checked generically: a version, and entries that each
/// carry sources and a review; the rest of its shape belongs to the code that reads it.
public struct ContentTable: Sendable {
  public struct Entry: Sendable {
    public let id: String
    public let sources: [String]
    public let review: ContentReview
    let json: JSON
  }

  /// The table files the gate looks for, relative to the templates folder.
  public static let knownFiles = ["drug-classes.json"]

  public let path: String
  public let contentVersion: ContentVersion
  public let entries: [Entry]
  let json: JSON
  let versionKey: String

  /// Reads a table: a top-level object with `contentVersion` (or `version`) and its entries in
  /// `classes` (or, failing that, every top-level array of objects).
  public static func parse(path: String, bytes: [UInt8]) throws(ContentFileError) -> ContentTable {
    var reader = ContentReader(file: path)
    guard let json = reader.parse(bytes) else { throw ContentFileError(reader.problems) }
    guard case .object(let members) = json else {
      reader.fail(nil, "must be a JSON object, not \(json.typeName)")
      throw ContentFileError(reader.problems)
    }
    let versionKey = members.contains { $0.key == "contentVersion" } ? "contentVersion" : "version"
    var version: ContentVersion?
    if let value = json[versionKey] {
      version = reader.version(value, at: versionKey)
    } else {
      reader.fail("contentVersion", "is missing")
    }
    let lists = members.filter { member in
      if member.key == "classes" { return true }
      guard !members.contains(where: { $0.key == "classes" }), let array = member.value.arrayValue
      else { return false }
      return !array.isEmpty && array.allSatisfy { if case .object = $0 { true } else { false } }
    }
    if lists.isEmpty { reader.fail("classes", "is missing; the table has no entries to check") }
    var entries: [Entry] = []
    for list in lists {
      guard let array = list.value.arrayValue else {
        reader.fail(list.key, "must be an array of entries, not \(list.value.typeName)")
        continue
      }
      for (index, element) in array.enumerated() {
        let keyPath = "\(list.key)[\(index)]"
        guard case .object = element else {
          reader.fail(keyPath, "must be an object, not \(element.typeName)")
          continue
        }
        let id = element["id"]?.stringValue ?? element["name"]?.stringValue ?? keyPath
        let sources = reader.sources(element["sources"], at: keyPath + ".sources", block: id)
        let review = reader.review(element["review"], at: keyPath + ".review", block: id)
        if let sources, let review {
          entries.append(Entry(id: id, sources: sources, review: review, json: element))
        }
      }
    }
    var seen = Set<String>()
    for entry in entries where !seen.insert(entry.id).inserted {
      reader.fail(nil, "the entry id appears more than once in the table", block: entry.id)
    }
    guard reader.problems.isEmpty, let version else { throw ContentFileError(reader.problems) }
    return ContentTable(
      path: path, contentVersion: version, entries: entries, json: json, versionKey: versionKey)
  }
}
