// SPDX-License-Identifier: Apache-2.0
import RuaCore

/// `templates/content.lock.json`: for each content file, the version and the SHA-256 of its
/// canonical form (see `ContentUnit`), plus one hash per block so a problem can name the block
/// that changed. Written by `rua-paper content lock`, never by hand.
public struct ContentLock: Equatable, Sendable {
  public struct Entry: Equatable, Sendable {
    public let path: String
    public let contentVersion: ContentVersion
    public let sha256: String
    /// Block (or table entry) id and the hash of its canonical form, in file order.
    public let items: [Item]

    public struct Item: Equatable, Sendable {
      public let id: String
      public let sha256: String
    }
  }

  /// Relative to the templates folder.
  public static let path = "content.lock.json"
  static let note = "Written by rua-paper content lock; do not edit by hand (see docs/content.md)."

  public let entries: [Entry]

  public func entry(_ path: String) -> Entry? { entries.first { $0.path == path } }

  public static func parse(bytes: [UInt8]) throws(ContentFileError) -> ContentLock {
    var reader = ContentReader(file: path)
    guard let json = reader.parse(bytes),
      let members = reader.object(json, at: "", required: ["files"], optional: ["about"]),
      let files = ContentFile.member(members, "files")
    else { throw ContentFileError(reader.problems) }
    guard let array = files.arrayValue else {
      reader.fail("files", "must be an array, not \(files.typeName)")
      throw ContentFileError(reader.problems)
    }
    var entries: [Entry] = []
    for (index, element) in array.enumerated() {
      let keyPath = "files[\(index)]"
      guard
        reader.object(
          element, at: keyPath, required: ["path", "contentVersion", "sha256", "items"]) != nil,
        let path = reader.string(element["path"], at: keyPath + ".path"),
        let version = reader.version(element["contentVersion"], at: keyPath + ".contentVersion"),
        let sha256 = reader.string(element["sha256"], at: keyPath + ".sha256"),
        case .object(let itemMembers) = element["items"]
      else {
        if case .object = element, element["items"] != nil {
          reader.fail(keyPath + ".items", "must be an object of block id to hash")
        }
        continue
      }
      var items: [Entry.Item] = []
      for item in itemMembers {
        guard let hash = item.value.stringValue else {
          reader.fail(keyPath + ".items." + item.key, "must be a hash string")
          continue
        }
        items.append(Entry.Item(id: item.key, sha256: hash))
      }
      entries.append(Entry(path: path, contentVersion: version, sha256: sha256, items: items))
    }
    guard reader.problems.isEmpty else { throw ContentFileError(reader.problems) }
    return ContentLock(entries: entries)
  }

  /// The lock file's text: pretty JSON, entries sorted by path, so a re-lock of unchanged
  /// content writes the same bytes.
  public func text() -> String {
    let files = entries.sorted { $0.path < $1.path }.map { entry -> JSON in
      .object([
        ("path", .string(entry.path)),
        ("contentVersion", .string(entry.contentVersion.description)),
        ("sha256", .string(entry.sha256)),
        ("items", .object(entry.items.map { ($0.id, JSON.string($0.sha256)) })),
      ])
    }
    return JSONWriter.write(
      .object([("about", .string(ContentLock.note)), ("files", .array(files))]))
  }

  /// A new lock for `files`, or the problems that forbid it.
  ///
  /// Refused: any schema problem; a file whose text changed while its version equals the
  /// locked one (bump the version first); a version lower than the locked one; and a block that
  /// is new or changed since the last lock of its file but already marked approved (that
  /// approval was given to other text: set it to pending, lock, then approve).
  public static func update(
    files: [ContentInput], previous: ContentLock?, hasher: ([UInt8]) -> String
  ) -> (lock: ContentLock?, problems: [ContentProblem]) {
    let loaded = ContentLoader.load(files)
    var problems = loaded.problems
    var entries: [Entry] = []
    for unit in loaded.units {
      let entry = Entry(unit, hasher: hasher)
      entries.append(entry)
      guard let old = previous?.entry(unit.path) else { continue }
      if unit.version < old.contentVersion {
        problems.append(
          ContentProblem(
            file: unit.path,
            reason:
              "contentVersion \(unit.version) is lower than the locked \(old.contentVersion); "
              + "versions only go up"))
        continue
      }
      let changed = ContentLock.changedItems(entry, since: old)
      if unit.version == old.contentVersion, entry.sha256 != old.sha256 {
        problems += changed.map {
          ContentProblem(
            file: unit.path, block: $0,
            reason:
              "text changed but contentVersion is still \(unit.version); bump the version, "
              + "then run rua-paper content lock")
        }
        if changed.isEmpty {
          problems.append(
            ContentProblem(
              file: unit.path,
              reason:
                "content changed but contentVersion is still \(unit.version); bump the version, "
                + "then run rua-paper content lock"))
        }
        continue
      }
      for item in unit.items where changed.contains(item.id) && item.review.isApproved {
        problems.append(
          ContentProblem(
            file: unit.path, block: item.id,
            reason:
              "changed or new since the last lock but still marked approved; that approval was "
              + "for other text: set its review to pending, lock, then ask a clinician to approve it"
          ))
      }
    }
    guard problems.isEmpty else { return (nil, problems) }
    return (ContentLock(entries: entries.sorted { $0.path < $1.path }), [])
  }

  /// Ids of items that are new or whose hash differs from `old`, then ids that were removed.
  static func changedItems(_ entry: Entry, since old: Entry) -> [String] {
    let before = Dictionary(old.items.map { ($0.id, $0.sha256) }, uniquingKeysWith: { a, _ in a })
    let now = Set(entry.items.map(\.id))
    return entry.items.filter { before[$0.id] != $0.sha256 }.map(\.id)
      + old.items.filter { !now.contains($0.id) }.map(\.id)
  }
}

extension ContentLock.Entry {
  init(_ unit: ContentUnit, hasher: ([UInt8]) -> String) {
    self.init(
      path: unit.path, contentVersion: unit.version, sha256: hasher(unit.canonical),
      items: unit.items.map { Item(id: $0.id, sha256: hasher($0.canonical)) })
  }
}
