// SPDX-License-Identifier: Apache-2.0
import RuaCore
import Testing

/// A small valid care-circle document that the refusal tests change one field at a time.
enum CareCircleFixture {
  static let today = CivilDate(daysSinceEpoch: 20_758)  // 2026-11-01

  static let baseText = """
    {
      "format": "rua-care-circle",
      "version": 1,
      "exportedAt": "2026-11-01T09:00:00Z",
      "patients": [
        {
          "id": "p1",
          "fullName": "Test Person",
          "dateOfBirth": "1940-01-01",
          "advanceDirective": { "summary": "Full treatment" },
          "baseline": { "cognition": "Alert" },
          "devices": [{ "name": "Pacemaker" }],
          "alerts": ["Left arm: no blood pressure"],
          "conditions": [{ "name": "Hypertension", "since": "2020" }],
          "allergies": [{ "substance": "Penicillin", "severity": "mild", "kind": "allergy" }],
          "medications": [
            {
              "id": "m1",
              "name": "drug",
              "times": ["morning"],
              "fills": [{ "fillDate": "2026-10-01", "daySupply": 30, "quantity": 30 }]
            }
          ],
          "contacts": [{ "name": "Daughter", "roles": ["emergency"] }],
          "careTeam": [{ "name": "Dr. Example" }],
          "pharmacy": { "name": "Corner Pharmacy" }
        }
      ],
      "extensions": { "x": 1 }
    }
    """

  static func base() throws -> JSON { try JSONParser.parse(baseText) }

  /// Decodes `json` the way `import` does: written out, then read back from bytes.
  static func decode(_ json: JSON) throws(CareCircleError) -> CareCircle {
    try CareCircleDecoder.decode(Array(JSONWriter.write(json).utf8), today: today)
  }

  /// The error `body` throws, or nil when it does not throw.
  static func refusal(_ body: () throws(CareCircleError) -> CareCircle) -> CareCircleError? {
    do {
      _ = try body()
      return nil
    } catch {
      return error
    }
  }

  static func long(_ count: Int) -> JSON { .string(String(repeating: "a", count: count)) }
}

extension JSON {
  /// A copy with the value at a dotted path (`patients.0.fills.1.daySupply`, numbers are array
  /// indexes) replaced, added (a new key or the next index) or removed (`nil`).
  func setting(_ path: String, to value: JSON?) -> JSON {
    setting(path.split(separator: ".").map(String.init)[...], to: value)
  }

  private func setting(_ steps: ArraySlice<String>, to value: JSON?) -> JSON {
    guard let step = steps.first else { return value ?? .null }
    let rest = steps.dropFirst()
    switch self {
    case .object(var members):
      if let index = members.firstIndex(where: { $0.key == step }) {
        if rest.isEmpty, value == nil {
          members.remove(at: index)
        } else {
          members[index].value = members[index].value.setting(rest, to: value)
        }
      } else if let value {
        members.append((step, JSON.object([]).setting(rest, to: value)))
      }
      return .object(members)
    case .array(var elements):
      guard let index = Int(step) else { return self }
      if index < elements.count {
        if rest.isEmpty, value == nil {
          elements.remove(at: index)
        } else {
          elements[index] = elements[index].setting(rest, to: value)
        }
      } else if let value {
        elements.append(JSON.object([]).setting(rest, to: value))
      }
      return .array(elements)
    default:
      return self
    }
  }

  /// The value at a dotted path, or nil.
  func value(at path: String) -> JSON? {
    var current: JSON? = self
    for step in path.split(separator: ".") {
      if let index = Int(step), case .array(let elements)? = current {
        current = index < elements.count ? elements[index] : nil
      } else {
        current = current?[String(step)]
      }
    }
    return current
  }
}
