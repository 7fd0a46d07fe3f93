// SPDX-License-Identifier: Apache-2.0
/// Every string of a care-circle file that a document may print, with its JSON path: all the
/// strings under `patients` (trimmed, as stored). `extensions` are never printed.
///
/// The CLI hands these to the pinned fonts before `import` writes anything (RuaCore cannot see
/// fonts), so a record that imports always prints.
public enum CareCirclePrintedText {
  public static func strings(in file: JSON) -> [(path: String, text: String)] {
    var found: [(path: String, text: String)] = []
    if let patients = file["patients"] { collect(patients, path: "patients", into: &found) }
    return found
  }

  /// The UTF-8 bytes of every string in `value`, trimmed, added up.
  public static func bytes(in value: JSON) -> Int {
    switch value {
    case .string(let text): return TextRules.trimmed(text).utf8.count
    case .array(let elements): return elements.reduce(0) { $0 + bytes(in: $1) }
    case .object(let members): return members.reduce(0) { $0 + bytes(in: $1.value) }
    case .null, .bool, .number: return 0
    }
  }

  private static func collect(
    _ value: JSON, path: String, into found: inout [(path: String, text: String)]
  ) {
    switch value {
    case .string(let text):
      let trimmed = TextRules.trimmed(text)
      if !trimmed.isEmpty { found.append((path, trimmed)) }
    case .array(let elements):
      for (index, element) in elements.enumerated() {
        collect(element, path: CareCirclePath.element(path, index), into: &found)
      }
    case .object(let members):
      for member in members {
        collect(member.value, path: CareCirclePath.member(path, member.key), into: &found)
      }
    case .null, .bool, .number:
      break
    }
  }
}
