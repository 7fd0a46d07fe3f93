// SPDX-License-Identifier: Apache-2.0
import RuaCore

/// Reads a JSON content file while collecting every schema problem with its key path, so one
/// run of the gate lists all of them instead of stopping at the first.
struct ContentReader {
  let file: String
  private(set) var problems: [ContentProblem] = []

  init(file: String) { self.file = file }

  mutating func fail(_ keyPath: String?, _ reason: String, block: String? = nil) {
    problems.append(ContentProblem(file: file, block: block, keyPath: keyPath, reason: reason))
  }

  /// Parses the bytes, recording a syntax problem when they are not JSON.
  mutating func parse(_ bytes: [UInt8]) -> JSON? {
    do throws(JSONSyntaxError) {
      return try JSONParser.parse(bytes)
    } catch {
      fail(nil, "not valid JSON: \(error.description)")
      return nil
    }
  }

  /// The members of an object at `keyPath`, after reporting unknown and missing keys.
  mutating func object(
    _ value: JSON?, at keyPath: String, required: [String], optional: [String] = [],
    block: String? = nil
  ) -> [(key: String, value: JSON)]? {
    guard let value else { return nil }
    guard case .object(let members) = value else {
      fail(
        keyPath.isEmpty ? nil : keyPath, "must be an object, not \(value.typeName)", block: block)
      return nil
    }
    let allowed = required + optional
    for member in members where !allowed.contains(member.key) {
      fail(
        join(keyPath, member.key),
        "unknown key; allowed keys are " + allowed.joined(separator: ", "), block: block)
    }
    for key in required where !members.contains(where: { $0.key == key }) {
      fail(join(keyPath, key), "is missing", block: block)
    }
    return members
  }

  /// A non-empty string at `keyPath`, or nil after recording why not.
  mutating func string(_ value: JSON?, at keyPath: String, block: String? = nil) -> String? {
    guard let value else { return nil }
    guard let text = value.stringValue else {
      fail(keyPath, "must be a string, not \(value.typeName)", block: block)
      return nil
    }
    guard !text.allSatisfy(\.isWhitespace) else {
      fail(keyPath, "must not be empty", block: block)
      return nil
    }
    return text
  }

  /// A content version at `keyPath`.
  mutating func version(_ value: JSON?, at keyPath: String) -> ContentVersion? {
    guard let text = string(value, at: keyPath) else { return nil }
    guard let version = ContentVersion(text) else {
      fail(keyPath, "must be a version MAJOR.MINOR.PATCH such as 1.0.0, not '\(text)'")
      return nil
    }
    return version
  }

  /// The source IDs at `keyPath`: a non-empty array of known, distinct IDs.
  mutating func sources(_ value: JSON?, at keyPath: String, block: String?) -> [String]? {
    guard let value else {
      fail(keyPath, "must list at least one source", block: block)
      return nil
    }
    guard let array = value.arrayValue else {
      fail(keyPath, "must be an array of source IDs, not \(value.typeName)", block: block)
      return nil
    }
    guard !array.isEmpty else {
      fail(keyPath, "must list at least one source", block: block)
      return nil
    }
    var sources: [String] = []
    for (index, element) in array.enumerated() {
      let path = "\(keyPath)[\(index)]"
      guard let id = element.stringValue else {
        fail(path, "must be a source ID string, not \(element.typeName)", block: block)
        continue
      }
      if !ContentSources.known.contains(id) {
        fail(
          path, "'\(id)' is not a source ID from the clinical-content source key (section 1)",
          block: block)
      } else if sources.contains(id) {
        fail(path, "'\(id)' is listed twice", block: block)
      }
      sources.append(id)
    }
    return sources
  }

  /// A review at `keyPath`: `{"status": "pending"}` or
  /// `{"status": "approved", "reviewer": "...", "date": "YYYY-MM-DD"}`.
  mutating func review(_ value: JSON?, at keyPath: String, block: String?) -> ContentReview? {
    guard let value else {
      fail(
        keyPath, "is missing; use {\"status\": \"pending\"} until a clinician approves it",
        block: block)
      return nil
    }
    guard case .object = value, let statusValue = value["status"] else {
      _ = object(value, at: keyPath, required: ["status"], block: block)
      return nil
    }
    guard let status = statusValue.stringValue else {
      fail(join(keyPath, "status"), "must be a string, not \(statusValue.typeName)", block: block)
      return nil
    }
    switch status {
    case "pending":
      _ = object(value, at: keyPath, required: ["status"], block: block)
      return .pending
    case "approved":
      guard
        let members = object(
          value, at: keyPath, required: ["status", "reviewer", "date"], block: block),
        let reviewerValue = members.first(where: { $0.key == "reviewer" })?.value,
        let dateValue = members.first(where: { $0.key == "date" })?.value,
        let reviewer = string(reviewerValue, at: join(keyPath, "reviewer"), block: block),
        let dateText = string(dateValue, at: join(keyPath, "date"), block: block)
      else { return nil }
      guard let date = CivilDate(iso: dateText) else {
        fail(join(keyPath, "date"), "must be a date YYYY-MM-DD, not '\(dateText)'", block: block)
        return nil
      }
      return .approved(reviewer: reviewer, date: date)
    default:
      fail(
        join(keyPath, "status"), "'\(status)' is not a review status; use pending or approved",
        block: block)
      return nil
    }
  }

  func join(_ keyPath: String, _ key: String) -> String {
    keyPath.isEmpty ? key : keyPath + "." + key
  }
}
