// SPDX-License-Identifier: Apache-2.0
/// Reads the fields of one JSON object of a care-circle file, applying the rules every field
/// shares: types, the text rule, trimming, empty-as-absent, length limits. Every refusal carries
/// the JSON path of the field.
struct CareCircleFieldReader {
  let path: String
  private let members: [(key: String, value: JSON)]

  /// `json` must be an object; `path` is where it sits (`""` for the top level).
  init(_ json: JSON, path: String) throws(CareCircleError) {
    guard case .object(let members) = json else {
      throw CareCircleError(
        path: path.isEmpty ? CareCircleError.filePath : path,
        reason: path.isEmpty
          ? "the file must hold one JSON object, not \(Self.article(json))"
          : "must be an object, not \(Self.article(json))")
    }
    self.members = members
    self.path = path
  }

  /// Refuses the first key not in `allowed`: a typo must not silently drop data.
  func refuseUnknownKeys(_ allowed: [String]) throws(CareCircleError) {
    for member in members where !allowed.contains(member.key) {
      throw CareCircleError(
        path: child(member.key),
        reason: "is not a field of the care-circle format; check the spelling,"
          + " or move free-form data under the top-level \"extensions\"")
    }
  }

  subscript(key: String) -> JSON? { members.first { $0.key == key }?.value }

  func child(_ key: String) -> String { CareCirclePath.member(path, key) }

  // MARK: Text

  /// A trimmed string, nil when absent or empty after trimming.
  func string(_ key: String, max: Int, notes: Bool = false) throws(CareCircleError) -> String? {
    guard let value = self[key] else { return nil }
    return try Self.text(value, path: child(key), max: max, notes: notes)
  }

  /// A trimmed string that must be present and not empty.
  func requiredString(_ key: String, max: Int) throws(CareCircleError) -> String {
    guard let value = self[key] else { throw required(key) }
    guard let text = try Self.text(value, path: child(key), max: max, notes: false) else {
      throw CareCircleError(path: child(key), reason: "is required and must not be empty")
    }
    return text
  }

  /// Checks a string value: trimming, the text rule, the limits. The text rule applies to what
  /// is kept, so a pasted trailing line break is trimmed rather than refused; NUL, bidi controls
  /// and U+FEFF are not white space and are always refused.
  static func text(_ value: JSON, path: String, max: Int, notes: Bool) throws(CareCircleError)
    -> String?
  {
    guard case .string(let raw) = value else {
      throw CareCircleError(path: path, reason: "must be a string, not \(article(value))")
    }
    let text = TextRules.trimmed(raw)
    if let scalar = TextRules.firstForbiddenScalar(in: text, allowTabAndNewline: notes) {
      throw CareCircleError(
        path: path, reason: TextRules.refusal(for: scalar, allowTabAndNewline: notes))
    }
    if text.isEmpty { return nil }
    if !TextRules.hasVisibleCharacter(text) {
      throw CareCircleError(path: path, reason: TextRules.invisibleRefusal(text))
    }
    if let problem = TextLimits.problem(in: text, maxCharacters: max) {
      throw CareCircleError(path: path, reason: problem)
    }
    return text
  }

  /// An id: 1–64 characters of `A-Z a-z 0-9 . _ : -`.
  func id(_ key: String) throws(CareCircleError) -> String {
    let text = try requiredString(key, max: CareCircleLimits.id)
    let allowed = text.unicodeScalars.allSatisfy { scalar in
      switch scalar {
      case "A"..."Z", "a"..."z", "0"..."9", ".", "_", ":", "-": return true
      default: return false
      }
    }
    guard allowed else {
      throw CareCircleError(
        path: child(key),
        reason: "may hold only the letters A-Z and a-z, the digits 0-9 and . _ : -")
    }
    return text
  }

  /// One of an enumeration's raw values, nil when absent or empty.
  func choice<Value: RawRepresentable & CaseIterable>(_ key: String, _ type: Value.Type)
    throws(CareCircleError) -> Value? where Value.RawValue == String
  {
    guard let value = self[key] else { return nil }
    return try Self.choice(value, path: child(key), type)
  }

  static func choice<Value: RawRepresentable & CaseIterable>(
    _ value: JSON, path: String, _ type: Value.Type
  ) throws(CareCircleError) -> Value? where Value.RawValue == String {
    guard let text = try text(value, path: path, max: Int.max, notes: false) else { return nil }
    guard let choice = Value(rawValue: text) else {
      let names = Value.allCases.map(\.rawValue).joined(separator: ", ")
      throw CareCircleError(path: path, reason: "must be one of: \(names)")
    }
    return choice
  }

  // MARK: Dates

  /// A `YYYY-MM-DD` calendar date, nil when absent or empty; not after `notAfter` when given.
  func date(_ key: String, notAfter today: CivilDate? = nil) throws(CareCircleError)
    -> CivilDate?
  {
    guard let text = try string(key, max: Int.max) else { return nil }
    guard let date = CivilDate(iso: text) else {
      throw CareCircleError(
        path: child(key), reason: "must be a calendar date written YYYY-MM-DD (e.g. 2026-03-09)")
    }
    if let today, date > today {
      throw CareCircleError(
        path: child(key), reason: "must not be after today (\(today.iso))")
    }
    return date
  }

  func requiredDate(_ key: String, notAfter today: CivilDate? = nil) throws(CareCircleError)
    -> CivilDate
  {
    guard self[key] != nil else { throw required(key) }
    guard let date = try date(key, notAfter: today) else {
      throw CareCircleError(path: child(key), reason: "is required and must not be empty")
    }
    return date
  }

  // MARK: Booleans and numbers

  func bool(_ key: String) throws(CareCircleError) -> Bool? {
    guard let value = self[key] else { return nil }
    guard case .bool(let flag) = value else {
      throw CareCircleError(
        path: child(key), reason: "must be true or false, not \(Self.article(value))")
    }
    return flag
  }

  /// A whole number written as one (`7`, not `7.0`), within `range`.
  func int(_ key: String, in range: ClosedRange<Int>) throws(CareCircleError) -> Int? {
    guard let value = self[key] else { return nil }
    let rule = "must be a whole number from \(range.lowerBound) to \(range.upperBound)"
    guard case .number = value else {
      throw CareCircleError(path: child(key), reason: rule + ", not \(Self.article(value))")
    }
    guard let number = value.intValue, range.contains(number) else {
      throw CareCircleError(path: child(key), reason: rule)
    }
    return number
  }

  func requiredInt(_ key: String, in range: ClosedRange<Int>) throws(CareCircleError) -> Int {
    guard let number = try int(key, in: range) else { throw required(key) }
    return number
  }

  /// A finite number greater than 0 and, when `below` is given, less than it.
  func positiveNumber(_ key: String, below limit: Double? = nil) throws(CareCircleError)
    -> Double?
  {
    guard let value = self[key] else { return nil }
    var rule = "must be a number greater than 0"
    if let limit { rule += " and less than \(JSON.double(limit).numberText)" }
    guard case .number = value else {
      throw CareCircleError(path: child(key), reason: rule + ", not \(Self.article(value))")
    }
    guard let number = value.doubleValue, number.isFinite, number > 0, number < (limit ?? .infinity)
    else { throw CareCircleError(path: child(key), reason: rule) }
    return number
  }

  // MARK: Containers

  /// The elements of an array; empty when absent. `max` bounds what one document has to lay
  /// out (see `CareCircleLimits`).
  func array(_ key: String, max: Int = Int.max) throws(CareCircleError) -> [JSON] {
    guard let value = self[key] else { return [] }
    guard case .array(let elements) = value else {
      throw CareCircleError(
        path: child(key), reason: "must be an array, not \(Self.article(value))")
    }
    if elements.count > max {
      throw CareCircleError(
        path: child(key), reason: "must list at most \(max) entries (it has \(elements.count))")
    }
    return elements
  }

  func required(_ key: String) -> CareCircleError {
    CareCircleError(path: child(key), reason: "is required")
  }

  /// "a string", "an array", "null": the JSON type of a value, for messages.
  static func article(_ value: JSON) -> String {
    switch value {
    case .null: return "null"
    case .array, .object: return "an " + value.typeName
    default: return "a " + value.typeName
    }
  }
}

extension JSON {
  /// The literal text of a number value ("" for any other value).
  var numberText: String {
    if case .number(let text) = self { return text }
    return ""
  }
}
