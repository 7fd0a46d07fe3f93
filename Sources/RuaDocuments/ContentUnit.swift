// SPDX-License-Identifier: Apache-2.0
import RuaCore

/// What the gate and the lock see of any content file, guide or clinical table: its version,
/// its reviewed items, and the canonical bytes that are hashed.
///
/// The canonical form is the file's JSON with object keys sorted, no spaces, the top-level
/// version key removed and every `review` member removed. So a changed text (or gendered
/// form), id, kind, condition or source changes the hash; a review decision or a version bump does not, and
/// neither does re-indenting the file.
struct ContentUnit {
  struct Item {
    let id: String
    let review: ContentReview
    let canonical: [UInt8]
  }

  let path: String
  let version: ContentVersion
  let canonical: [UInt8]
  let items: [Item]

  init(_ file: ContentFile) {
    path = file.path
    version = file.contentVersion
    var blocks: [JSON] = []
    var items: [Item] = []
    for block in file.blocks {
      var members: [(key: String, value: JSON)] = [
        ("id", .string(block.id)), ("kind", .string(block.kind.rawValue)),
        ("text", .string(block.text)), ("sources", .array(block.sources.map(JSON.string))),
      ]
      if let condition = block.showWhen {
        members.append(("showWhen", .string(condition.rawValue)))
      }
      // The gendered forms are text too: changing one needs a new version and a new review.
      if !block.gendered.isEmpty {
        let forms = ContentGender.allCases.compactMap { gender in
          block.gendered[gender].map { (gender.rawValue, JSON.string($0)) }
        }
        members.append(("gendered", .object(forms)))
      }
      let json = JSON.object(members)
      blocks.append(json)
      items.append(Item(id: block.id, review: block.review, canonical: ContentUnit.canonical(json)))
    }
    canonical = ContentUnit.canonical(
      .object([
        ("document", .string(file.document)), ("language", .string(file.language)),
        ("blocks", .array(blocks)),
      ]))
    self.items = items
  }

  init(_ table: ContentTable) {
    path = table.path
    version = table.contentVersion
    canonical = ContentUnit.canonical(table.json, droppingTopLevel: table.versionKey)
    items = table.entries.map {
      Item(id: $0.id, review: $0.review, canonical: ContentUnit.canonical($0.json))
    }
  }

  /// Sorted keys, compact, without `review` members (at any depth) or `droppingTopLevel`.
  static func canonical(_ json: JSON, droppingTopLevel key: String? = nil) -> [UInt8] {
    var value = stripped(json)
    if let key, case .object(let members) = value {
      value = .object(members.filter { $0.key != key })
    }
    return Array(JSONWriter.write(value, pretty: false).utf8)
  }

  private static func stripped(_ json: JSON) -> JSON {
    switch json {
    case .array(let elements): return .array(elements.map(stripped))
    case .object(let members):
      return .object(
        members.filter { $0.key != "review" }.map { ($0.key, stripped($0.value)) }
          .sorted { $0.0.unicodeScalars.lexicographicallyPrecedes($1.0.unicodeScalars) })
    default: return json
    }
  }
}
