// SPDX-License-Identifier: Apache-2.0
import RuaCore

/// A template or locale file that cannot be used. Names the file and the key at fault.
public struct TemplateError: Error, Equatable, Sendable, CustomStringConvertible {
  public var file: String
  /// Dotted path of the key (`styles.body.size`), or empty for the whole file.
  public var key: String
  public var problem: String

  public init(file: String, key: String, problem: String) {
    self.file = file
    self.key = key
    self.problem = problem
  }

  public var description: String {
    key.isEmpty ? "\(file): \(problem)" : "\(file): \(key): \(problem)"
  }
}

/// Reads typed values out of parsed JSON, naming the file and key path on failure.
struct JSONFieldReader {
  let file: String

  func fail(_ key: String, _ problem: String) -> TemplateError {
    TemplateError(file: file, key: key, problem: problem)
  }

  func parse(_ text: String) throws(TemplateError) -> JSON {
    do {
      return try JSONParser.parse(text)
    } catch {
      throw fail("", "not valid JSON (\(error.description))")
    }
  }

  func members(_ json: JSON?, _ key: String) throws(TemplateError) -> [(key: String, value: JSON)] {
    guard let json else { throw fail(key, "missing; must be an object") }
    guard case .object(let members) = json else { throw fail(key, "must be an object") }
    return members
  }

  func array(_ json: JSON?, _ key: String) throws(TemplateError) -> [JSON] {
    guard let json else { throw fail(key, "missing; must be an array") }
    guard let items = json.arrayValue else { throw fail(key, "must be an array") }
    return items
  }

  func string(_ json: JSON?, _ key: String) throws(TemplateError) -> String {
    guard let json else { throw fail(key, "missing; must be a string") }
    guard let text = json.stringValue, !text.isEmpty else {
      throw fail(key, "must be a non-empty string")
    }
    return text
  }

  func number(_ json: JSON?, _ key: String, _ range: ClosedRange<Double>) throws(TemplateError)
    -> Double
  {
    let rule =
      "must be a number from \(Self.show(range.lowerBound)) to \(Self.show(range.upperBound))"
    guard let json else { throw fail(key, "missing; \(rule)") }
    guard let value = json.doubleValue, range.contains(value) else { throw fail(key, rule) }
    return value
  }

  func bool(_ json: JSON?, _ key: String, default fallback: Bool) throws(TemplateError) -> Bool {
    guard let json else { return fallback }
    guard let value = json.boolValue else { throw fail(key, "must be true or false") }
    return value
  }

  func oneOf(_ json: JSON?, _ key: String, _ choices: [String]) throws(TemplateError) -> String {
    let rule = "must be one of " + choices.map { "\"\($0)\"" }.joined(separator: ", ")
    guard let json else { throw fail(key, "missing; \(rule)") }
    guard let text = json.stringValue, choices.contains(text) else { throw fail(key, rule) }
    return text
  }

  static func show(_ value: Double) -> String {
    value == value.rounded() ? String(Int(value)) : String(value)
  }
}
