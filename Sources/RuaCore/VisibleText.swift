// SPDX-License-Identifier: Apache-2.0
/// Text for a terminal or a log line, made safe to show: every control and direction character
/// (C0, DEL, C1, U+200E/U+200F, U+202A–U+202E, U+2066–U+2069, U+2028/U+2029, U+061C) is written
/// as an escape (`\n`, `\t`, `\u{1B}`, `\u{202E}`), so a file name or record text can neither
/// start a forged line, send an ESC sequence to the terminal, nor reorder what follows it.
/// JSON output escapes on its own; this is for text output and messages.
public enum VisibleText {
  /// `text` with every control and direction character escaped.
  public static func escaped(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: needsEscape) else { return text }
    var out = ""
    for scalar in text.unicodeScalars {
      if needsEscape(scalar) { out += escape(scalar) } else { out.unicodeScalars.append(scalar) }
    }
    return out
  }

  /// A message of several lines: each line escaped on its own, the line breaks kept. For text
  /// this tool wrote around quoted values that were escaped already, or that cannot hold a line
  /// break (ESC, RLO and the like are still escaped).
  public static func escapedLines(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false).map { escaped(String($0)) }
      .joined(separator: "\n")
  }

  /// True for the characters `escaped` rewrites.
  public static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F: true
    case 0x061C, 0x200E, 0x200F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: true
    default: false
    }
  }

  private static func escape(_ scalar: Unicode.Scalar) -> String {
    switch scalar {
    case "\n": return "\\n"
    case "\r": return "\\r"
    case "\t": return "\\t"
    default:
      let hex = String(scalar.value, radix: 16, uppercase: true)
      return "\\u{" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "}"
    }
  }
}
