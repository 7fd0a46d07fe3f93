// SPDX-License-Identifier: Apache-2.0
extension DrugClassTable {
  /// Reads the table from its JSON (`templates/drug-classes.json`). Unknown keys, a missing
  /// field, a source id the table does not define, or a generic that repeats within its class
  /// are refused with the JSON path at fault.
  public static func parse(_ json: JSON) throws(DrugClassTableError) -> DrugClassTable {
    let top = try Fields(
      json, path: "", allowed: ["format", "contentVersion", "about", "sources", "classes"])
    guard try top.string("format") == format else {
      throw DrugClassTableError(path: "format", reason: "must be \"\(format)\"")
    }
    let version = try top.string("contentVersion")
    guard isVersion(version) else {
      throw DrugClassTableError(
        path: "contentVersion", reason: "must be a version MAJOR.MINOR.PATCH such as 1.0.0")
    }
    _ = try top.optionalString("about")

    var sources: [DrugClassSource] = []
    for (i, element) in try top.array("sources").enumerated() {
      let path = "sources[\(i)]"
      let fields = try Fields(element, path: path, allowed: ["id", "citation"])
      let id = try fields.string("id")
      guard !sources.contains(where: { $0.id == id }) else {
        throw DrugClassTableError(path: path + ".id", reason: "\"\(id)\" is defined twice")
      }
      sources.append(DrugClassSource(id: id, citation: try fields.string("citation")))
    }

    var classes: [DrugClass] = []
    for (i, element) in try top.array("classes").enumerated() {
      let drugClass = try parseClass(element, path: "classes[\(i)]", sources: sources)
      guard !classes.contains(where: { $0.id == drugClass.id }) else {
        throw DrugClassTableError(
          path: "classes[\(i)].id", reason: "\"\(drugClass.id)\" is used by an earlier class")
      }
      classes.append(drugClass)
    }
    return DrugClassTable(contentVersion: version, sources: sources, classes: classes)
  }

  /// `MAJOR.MINOR.PATCH`, the content version form the content gate (`content check`) reads.
  private static func isVersion(_ text: String) -> Bool {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    return parts.count == 3
      && parts.allSatisfy { part in
        !part.isEmpty && part.count <= 6 && part.allSatisfy { $0.isASCII && $0.isNumber }
          && (part == "0" || !part.hasPrefix("0"))
      }
  }

  private static func parseClass(_ json: JSON, path: String, sources: [DrugClassSource])
    throws(DrugClassTableError) -> DrugClass
  {
    let fields = try Fields(
      json, path: path,
      allowed: [
        "id", "flag", "label", "generics", "sources", "note", "review", "lowersBloodSugar",
      ])
    let id = try fields.string("id")
    guard
      id.unicodeScalars.allSatisfy({
        ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-"
      })
    else {
      throw DrugClassTableError(path: path + ".id", reason: "use only a-z, 0-9 and -")
    }
    let flagText = try fields.string("flag")
    guard let flag = MedicationFlag(rawValue: flagText) else {
      let names = MedicationFlag.allCases.map(\.rawValue).joined(separator: ", ")
      throw DrugClassTableError(path: path + ".flag", reason: "must be one of \(names)")
    }

    let labelFields = try Fields(try fields.required("label"), path: path + ".label", allowed: nil)
    var labels: [String: String] = [:]
    for key in labelFields.keys { labels[key] = try labelFields.string(key) }
    for language in ["en", "es"] where labels[language] == nil {
      throw DrugClassTableError(path: path + ".label.\(language)", reason: "is required")
    }

    var generics: [String] = []
    var seenWords: [[String]] = []
    for (i, element) in try fields.array("generics").enumerated() {
      let genericPath = path + ".generics[\(i)]"
      guard let generic = element.stringValue, !generic.isEmpty else {
        throw DrugClassTableError(path: genericPath, reason: "must be a non-empty string")
      }
      let words = DrugName.words(generic)
      guard !words.isEmpty else {
        throw DrugClassTableError(
          path: genericPath, reason: "has no words left once salt and release words are set aside")
      }
      guard !seenWords.contains(words) else {
        throw DrugClassTableError(path: genericPath, reason: "repeats an earlier generic")
      }
      seenWords.append(words)
      generics.append(generic)
    }
    guard !generics.isEmpty else {
      throw DrugClassTableError(path: path + ".generics", reason: "must list at least one generic")
    }

    var sourceIDs: [String] = []
    for (i, element) in try fields.array("sources").enumerated() {
      guard let sourceID = element.stringValue, sources.contains(where: { $0.id == sourceID })
      else {
        throw DrugClassTableError(
          path: path + ".sources[\(i)]",
          reason: "must be the id of an entry in the top-level sources")
      }
      sourceIDs.append(sourceID)
    }
    guard !sourceIDs.isEmpty else {
      throw DrugClassTableError(path: path + ".sources", reason: "must cite at least one source")
    }

    return DrugClass(
      id: id, flag: flag, labels: labels, generics: generics, sources: sourceIDs,
      note: try fields.optionalString("note"),
      review: try parseReview(try fields.required("review"), path: path + ".review"),
      lowersBloodSugar: try fields.optionalBool("lowersBloodSugar") ?? false)
  }

  private static func parseReview(_ json: JSON, path: String) throws(DrugClassTableError)
    -> DrugClass.Review
  {
    let fields = try Fields(json, path: path, allowed: ["status", "reviewer", "date"])
    switch try fields.string("status") {
    case "pending":
      if fields.has("reviewer") || fields.has("date") {
        throw DrugClassTableError(path: path, reason: "a pending review has no reviewer or date")
      }
      return .pending
    case "approved":
      let dateText = try fields.string("date")
      guard let date = CivilDate(iso: dateText) else {
        throw DrugClassTableError(path: path + ".date", reason: "must be a YYYY-MM-DD date")
      }
      return .approved(reviewer: try fields.string("reviewer"), date: date)
    default:
      throw DrugClassTableError(
        path: path + ".status", reason: "must be \"pending\" or \"approved\"")
    }
  }
}

/// The members of one JSON object, read with the path of each field for error messages.
private struct Fields {
  let object: JSON
  let path: String
  let keys: [String]

  init(_ json: JSON, path: String, allowed: Set<String>?) throws(DrugClassTableError) {
    guard case .object(let members) = json else {
      throw DrugClassTableError(
        path: path.isEmpty ? "(top level)" : path, reason: "must be an object")
    }
    self.object = json
    self.path = path
    self.keys = members.map(\.key)
    if let allowed, let unknown = keys.first(where: { !allowed.contains($0) }) {
      throw DrugClassTableError(path: child(unknown), reason: "is not a known key")
    }
  }

  func child(_ key: String) -> String { path.isEmpty ? key : path + "." + key }

  func has(_ key: String) -> Bool { object[key] != nil }

  func required(_ key: String) throws(DrugClassTableError) -> JSON {
    guard let value = object[key] else {
      throw DrugClassTableError(path: child(key), reason: "is required")
    }
    return value
  }

  /// A required string, trimmed; empty counts as missing.
  func string(_ key: String) throws(DrugClassTableError) -> String {
    guard let text = try optionalString(key) else {
      throw DrugClassTableError(path: child(key), reason: "is required")
    }
    return text
  }

  func optionalString(_ key: String) throws(DrugClassTableError) -> String? {
    guard let value = object[key] else { return nil }
    guard let text = value.stringValue else {
      throw DrugClassTableError(path: child(key), reason: "must be a string, not \(value.typeName)")
    }
    let trimmed = Fields.trim(text)
    return trimmed.isEmpty ? nil : trimmed
  }

  func optionalBool(_ key: String) throws(DrugClassTableError) -> Bool? {
    guard let value = object[key] else { return nil }
    guard let flag = value.boolValue else {
      throw DrugClassTableError(
        path: child(key), reason: "must be true or false, not \(value.typeName)")
    }
    return flag
  }

  func array(_ key: String) throws(DrugClassTableError) -> [JSON] {
    let value = try required(key)
    guard let elements = value.arrayValue else {
      throw DrugClassTableError(path: child(key), reason: "must be an array, not \(value.typeName)")
    }
    return elements
  }

  static func trim(_ text: String) -> String {
    let scalars = text.unicodeScalars
    let isSpace: (Unicode.Scalar) -> Bool = { $0.properties.isWhitespace }
    guard let start = scalars.firstIndex(where: { !isSpace($0) }),
      let end = scalars.lastIndex(where: { !isSpace($0) })
    else { return "" }
    return String(scalars[start...end])
  }
}
