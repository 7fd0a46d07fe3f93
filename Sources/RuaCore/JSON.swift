// SPDX-License-Identifier: Apache-2.0
/// A JSON value that keeps object key order and the literal text of numbers.
///
/// Order is kept so exports and documents are stable; number text is kept so an integer field
/// can refuse `2.0` and a round trip never reformats a value.
public enum JSON: Equatable, Sendable {
  case null
  case bool(Bool)
  case number(String)
  case string(String)
  case array([JSON])
  case object([(key: String, value: JSON)])

  public static func == (a: JSON, b: JSON) -> Bool {
    switch (a, b) {
    case (.null, .null): return true
    case (.bool(let x), .bool(let y)): return x == y
    case (.number(let x), .number(let y)): return x == y
    case (.string(let x), .string(let y)): return x == y
    case (.array(let x), .array(let y)): return x == y
    case (.object(let x), .object(let y)):
      return x.count == y.count && zip(x, y).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    default: return false
    }
  }

  /// The value of `key` in an object (the last one if repeated), or nil.
  public subscript(key: String) -> JSON? {
    guard case .object(let members) = self else { return nil }
    return members.last(where: { $0.key == key })?.value
  }

  public var stringValue: String? {
    if case .string(let s) = self { return s }
    return nil
  }

  public var arrayValue: [JSON]? {
    if case .array(let a) = self { return a }
    return nil
  }

  public var boolValue: Bool? {
    if case .bool(let b) = self { return b }
    return nil
  }

  /// An integer when the literal is written as one (`7`, not `7.0` or `7e0`).
  public var intValue: Int? {
    if case .number(let text) = self { return Int(text) }
    return nil
  }

  public var doubleValue: Double? {
    if case .number(let text) = self { return Double(text) }
    return nil
  }

  /// The JSON name of this value's type, for error messages.
  public var typeName: String {
    switch self {
    case .null: return "null"
    case .bool: return "boolean"
    case .number: return "number"
    case .string: return "string"
    case .array: return "array"
    case .object: return "object"
    }
  }

  public static func int(_ value: Int) -> JSON { .number(String(value)) }

  public static func double(_ value: Double) -> JSON {
    if value == value.rounded(), abs(value) < 1e15 { return .number(String(Int(value))) }
    return .number(String(value))
  }
}
