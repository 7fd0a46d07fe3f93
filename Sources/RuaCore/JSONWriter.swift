// SPDX-License-Identifier: Apache-2.0
/// Writes JSON text: compact, or pretty with two-space indentation. Output is a pure function
/// of the value, so exports and manifests are deterministic.
public enum JSONWriter {
  public static func write(_ value: JSON, pretty: Bool = true) -> String {
    var out = ""
    append(value, to: &out, indent: pretty ? 0 : nil)
    if pretty { out += "\n" }
    return out
  }

  private static func append(_ value: JSON, to out: inout String, indent: Int?) {
    switch value {
    case .null: out += "null"
    case .bool(let b): out += b ? "true" : "false"
    case .number(let text): out += text
    case .string(let s): appendString(s, to: &out)
    case .array(let elements):
      if elements.isEmpty {
        out += "[]"
        return
      }
      out += "["
      for (i, element) in elements.enumerated() {
        if i > 0 { out += "," }
        newline(&out, indent.map { $0 + 1 })
        append(element, to: &out, indent: indent.map { $0 + 1 })
      }
      newline(&out, indent)
      out += "]"
    case .object(let members):
      if members.isEmpty {
        out += "{}"
        return
      }
      out += "{"
      for (i, member) in members.enumerated() {
        if i > 0 { out += "," }
        newline(&out, indent.map { $0 + 1 })
        appendString(member.key, to: &out)
        out += indent == nil ? ":" : ": "
        append(member.value, to: &out, indent: indent.map { $0 + 1 })
      }
      newline(&out, indent)
      out += "}"
    }
  }

  private static func newline(_ out: inout String, _ indent: Int?) {
    guard let indent else { return }
    out += "\n"
    for _ in 0..<indent { out += "  " }
  }

  private static func appendString(_ s: String, to out: inout String) {
    out += "\""
    // Every character escaped below has one of these bytes in its UTF-8 (C2 leads U+0080–U+009F,
    // E2 U+2028 and U+2029): a string without any is written as it is, at once.
    guard
      s.utf8.contains(where: {
        $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0x7F || $0 == 0xC2 || $0 == 0xE2
      })
    else {
      out += s
      out += "\""
      return
    }
    for scalar in s.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case "\u{00}"..."\u{1F}", "\u{7F}"..."\u{9F}", "\u{2028}", "\u{2029}":
        let hex = String(scalar.value, radix: 16)
        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: out.unicodeScalars.append(scalar)
      }
    }
    out += "\""
  }
}
