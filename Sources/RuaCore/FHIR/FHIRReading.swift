// SPDX-License-Identifier: Apache-2.0
/// Typed, path-naming access to the members of a FHIR resource. Every wrong type is refused
/// with its path (`Bundle.entry[3].resource(AllergyIntolerance).code: must be an object`), so a
/// hostile Bundle is named, never half-read.
struct FHIRNode {
  let json: JSON
  let path: String

  init(_ json: JSON, _ path: String) {
    self.json = json
    self.path = path
  }

  func at(_ key: String) -> String { path + "." + key }

  func refuse(_ key: String?, _ reason: String) -> CareCircleError {
    CareCircleError(path: key.map(at) ?? path, reason: reason)
  }

  func string(_ key: String) throws(CareCircleError) -> String? {
    guard let value = json[key] else { return nil }
    guard case .string(let text) = value else {
      throw refuse(key, "must be a string, not \(CareCircleFieldReader.article(value))")
    }
    let trimmed = text.trimmingSpace
    return trimmed.isEmpty ? nil : trimmed
  }

  func bool(_ key: String) throws(CareCircleError) -> Bool? {
    guard let value = json[key] else { return nil }
    guard case .bool(let flag) = value else {
      throw refuse(key, "must be true or false, not \(CareCircleFieldReader.article(value))")
    }
    return flag
  }

  func object(_ key: String) throws(CareCircleError) -> FHIRNode? {
    guard let value = json[key] else { return nil }
    guard case .object = value else {
      throw refuse(key, "must be an object, not \(CareCircleFieldReader.article(value))")
    }
    return FHIRNode(value, at(key))
  }

  func array(_ key: String) throws(CareCircleError) -> [FHIRNode] {
    guard let value = json[key] else { return [] }
    guard case .array(let elements) = value else {
      throw refuse(key, "must be an array, not \(CareCircleFieldReader.article(value))")
    }
    guard elements.count <= FHIRBundleReader.maximumArray else {
      throw refuse(
        key, "lists \(elements.count) elements; at most \(FHIRBundleReader.maximumArray) are read")
    }
    var nodes: [FHIRNode] = []
    for (index, element) in elements.enumerated() {
      let elementPath = at(key) + "[\(index)]"
      guard case .object = element else {
        if case .string = element { nodes.append(FHIRNode(element, elementPath)); continue }
        throw CareCircleError(
          path: elementPath,
          reason: "must be an object, not \(CareCircleFieldReader.article(element))")
      }
      nodes.append(FHIRNode(element, elementPath))
    }
    return nodes
  }

  /// The codings of a CodeableConcept: (system, code, display), each checked.
  func codings() throws(CareCircleError) -> [(system: String?, code: String?, display: String?)] {
    var result: [(system: String?, code: String?, display: String?)] = []
    for coding in try array("coding") {
      result.append(
        (try coding.string("system"), try coding.string("code"), try coding.string("display")))
    }
    return result
  }

  func hasCode(_ system: String, _ codes: Set<String>) throws(CareCircleError) -> Bool {
    try codings().contains { $0.system == system && $0.code.map(codes.contains) == true }
  }

  /// A CodeableConcept's human text: `text`, else the display of a coding in `systems` order,
  /// else any coding's display; a SNOMED CT semantic tag is removed. A concept with codes but
  /// no human text is refused: rua-paper ships no terminology and never prints a bare code.
  func conceptText(_ systems: [String]) throws(CareCircleError) -> String? {
    if let text = try string("text") { return text }
    let codings = try codings()
    if codings.isEmpty { return nil }
    let ordered =
      systems.compactMap { system in codings.first { $0.system == system && $0.display != nil } }
      + codings.filter { $0.display != nil }
    if let coding = ordered.first, let display = coding.display {
      return coding.system == FHIRTerms.snomed ? FHIRTerms.withoutSemanticTag(display) : display
    }
    throw refuse(
      nil,
      "has a code but no text or display; rua-paper ships no terminology and never prints a"
        + " bare code, so give the concept a text")
  }

  /// The codings to keep beside the concept's text (care-circle `codes`): those with both a
  /// system and a code, the first `CareCircleLimits.codesCount`, displays as written.
  func keptCodes() throws(CareCircleError) -> [JSON] {
    try codings().compactMap { coding -> JSON? in
      guard let system = coding.system, let code = coding.code else { return nil }
      var object = JSONObject()
      object.set("system", system)
      object.set("code", code)
      object.set("display", coding.display)
      return object.json
    }.prefix(CareCircleLimits.codesCount).map { $0 }
  }

  /// The `code` of the first coding, for status elements: `clinicalStatus.coding[0].code`.
  func statusCode(_ key: String) throws(CareCircleError) -> String? {
    try object(key)?.codings().first?.code
  }
}

extension String {
  var trimmingSpace: String {
    var scalars = Substring(self).unicodeScalars
    while let first = scalars.first, first.properties.isWhitespace { scalars.removeFirst() }
    while let last = scalars.last, last.properties.isWhitespace { scalars.removeLast() }
    return String(scalars)
  }
}

/// An ordered JSON object under construction that drops absent values.
struct JSONObject {
  var members: [(key: String, value: JSON)] = []

  mutating func set(_ key: String, _ value: String?) {
    if let value { members.append((key, .string(value))) }
  }

  mutating func set(_ key: String, _ value: JSON?) {
    if let value { members.append((key, value)) }
  }

  mutating func set(_ key: String, array: [JSON]) {
    if !array.isEmpty { members.append((key, .array(array))) }
  }

  var json: JSON { .object(members) }
}

/// FHIR dates as the care-circle format takes them.
enum FHIRDates {
  /// `YYYY-MM-DD` from a FHIR date or dateTime with a full date; nil for `1941` or `1941-05`.
  static func fullDate(_ text: String?) -> String? {
    guard let text else { return nil }
    let head = String(text.prefix(10))
    guard CivilDate(iso: head) != nil,
      text.count == 10 || Array(text.utf8)[10] == UInt8(ascii: "T")
    else { return nil }
    return head
  }

  /// `YYYY`, `YYYY-MM` or `YYYY-MM-DD` (a dateTime is cut to its date), or nil.
  static func partialDate(_ text: String?) -> String? {
    guard let text else { return nil }
    if let date = fullDate(text) { return date }
    let bytes = Array(text.utf8)
    let digits = { (range: Range<Int>) in
      range.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[$0]) }
    }
    if bytes.count == 4, digits(0..<4) { return text }
    if bytes.count == 7, digits(0..<4), bytes[4] == UInt8(ascii: "-"), digits(5..<7),
      let month = Int(text.suffix(2)), (1...12).contains(month)
    {
      return text
    }
    return nil
  }

  /// An RFC 3339 UTC timestamp from a FHIR instant, dateTime or date (a date is its midnight UTC).
  static func utcTimestamp(_ text: String?) -> String? {
    guard let text else { return nil }
    if let instant = Instant(rfc3339: text) { return instant.rfc3339 }
    if text.count == 10, CivilDate(iso: text) != nil { return text + "T00:00:00Z" }
    return nil
  }

  /// A record's source date (`sourceDate`) from the same text: a date alone is its noon UTC,
  /// so that the day printed as "as of" is the day written in every time zone from UTC−12 to
  /// UTC+11 (its midnight would print the day before west of Greenwich).
  static func sourceTimestamp(_ text: String?) -> String? {
    guard let text else { return nil }
    if text.count == 10, CivilDate(iso: text) != nil { return text + "T12:00:00Z" }
    return utcTimestamp(text)
  }
}
