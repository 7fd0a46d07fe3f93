// SPDX-License-Identifier: Apache-2.0
/// One difference in document structure, such as "title: 'ER sheet' → 'Draft'".
public struct StructureChange: Sendable, Equatable, CustomStringConvertible {
  /// What differs: "tag tree", "language", "title", "fonts", …
  public let what: String
  public let detail: String

  public init(_ what: String, _ detail: String) {
    self.what = what
    self.detail = detail
  }

  public var description: String { "\(what): \(detail)" }
}

/// Compares two `DocumentStructure`s, naming each part that differs.
public enum StructureDiff {
  public static func changes(_ a: DocumentStructure, _ b: DocumentStructure) -> [StructureChange] {
    var changes: [StructureChange] = []
    switch (a.tags, b.tags) {
    case (nil, nil): break
    case (let tags?, nil):
      changes.append(StructureChange("tag tree", "B has none (A has \(tags.count) elements)"))
    case (nil, let tags?):
      changes.append(StructureChange("tag tree", "A has none (B has \(tags.count) elements)"))
    case (let left?, let right?):
      if let change = list("tag tree", left, right, noun: "elements") { changes.append(change) }
    }
    if a.language != b.language {
      changes.append(StructureChange("language (/Lang)", "'\(a.language)' → '\(b.language)'"))
    }
    if a.markInfo != b.markInfo {
      changes.append(StructureChange("/MarkInfo", "'\(a.markInfo)' → '\(b.markInfo)'"))
    }
    for key in DocumentStructure.metadataKeys where a.metadata[key] != b.metadata[key] {
      let left = a.metadata[key].map { "'\($0)'" } ?? "none"
      let right = b.metadata[key].map { "'\($0)'" } ?? "none"
      changes.append(StructureChange(key, "\(left) → \(right)"))
    }
    let pairs: [(String, [String], [String], String)] = [
      ("fonts", a.fonts, b.fonts, "fonts"),
      ("page boxes", a.pageBoxes, b.pageBoxes, "pages"),
      ("outlines", a.outlines, b.outlines, "entries"),
      ("links", a.links, b.links, "links"),
      ("catalog actions", a.catalogActions, b.catalogActions, "actions"),
      ("name trees", a.nameTrees, b.nameTrees, "names"),
    ]
    for (what, left, right, noun) in pairs {
      if let change = list(what, left, right, noun: noun) { changes.append(change) }
    }
    return changes
  }

  /// "152 → 150 elements; first difference at 12: 'table-data' → 'paragraph'".
  static func list(_ what: String, _ a: [String], _ b: [String], noun: String)
    -> StructureChange?
  {
    guard a != b else { return nil }
    let index = zip(a, b).prefix(while: { $0 == $1 }).count
    let left = index < a.count ? "'\(trimmed(a[index]))'" : "nothing"
    let right = index < b.count ? "'\(trimmed(b[index]))'" : "nothing"
    let counts = a.count == b.count ? "\(a.count) \(noun)" : "\(a.count) → \(b.count) \(noun)"
    return StructureChange(what, "\(counts); first difference at \(index + 1): \(left) → \(right)")
  }

  private static func trimmed(_ line: String) -> String {
    String(line.drop(while: { $0 == " " }))
  }
}
