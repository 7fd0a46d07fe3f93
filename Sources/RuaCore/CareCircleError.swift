// SPDX-License-Identifier: Apache-2.0
/// Why a care-circle file (or one entity of it) was refused: the JSON path of the field at fault
/// and the rule it broke, e.g. `patients[2].medications[0].fills[1].daySupply: must be a whole
/// number from 1 to 365`.
///
/// Reasons never repeat the refused value, so a message can be shown or logged without leaking
/// health data. JSON syntax errors use the path `(file)` and give the line and column.
public struct CareCircleError: Error, Equatable, Sendable, CustomStringConvertible {
  public let path: String
  public let reason: String

  public init(path: String, reason: String) {
    self.path = path
    self.reason = reason
  }

  public var description: String { "\(path): \(reason)" }

  /// The path used for errors that belong to the whole file rather than one field.
  public static let filePath = "(file)"
}

/// Builds the paths written in `CareCircleError`: `patients[2].medications[0].id`.
public enum CareCirclePath {
  /// `base.key`, or `key` at the top level. A key that is not a plain identifier (only unknown
  /// keys and keys under `extensions` can be) is written quoted and escaped, `base["a b"]`, so a
  /// control or bidi character in a key cannot garble the message.
  public static func member(_ base: String, _ key: String) -> String {
    let plain =
      !key.isEmpty && key.unicodeScalars.count <= 64
      && key.unicodeScalars.allSatisfy { scalar in
        scalar.isASCII
          && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_"
            || scalar == "-")
      }
    if plain { return base.isEmpty ? key : base + "." + key }
    return base + "[" + quoted(key) + "]"
  }

  /// `base[index]`.
  public static func element(_ base: String, _ index: Int) -> String {
    base + "[" + String(index) + "]"
  }

  /// A JSON string literal of at most 64 scalars with everything outside printable ASCII escaped.
  private static func quoted(_ key: String) -> String {
    var out = "\""
    for (count, scalar) in key.unicodeScalars.enumerated() {
      if count == 64 {
        out += "..."
        break
      }
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case " "..."~": out.unicodeScalars.append(scalar)
      default: out += TextRules.codePoint(scalar)
      }
    }
    return out + "\""
  }
}
