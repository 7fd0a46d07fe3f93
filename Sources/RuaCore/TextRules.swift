/// The text rule of the care-circle format, shared by the decoder, the store and the renderer.
///
/// Refused: C0 controls U+0000–U+001F (tab and newline allowed only where
/// `allowTabAndNewline`, i.e. in `notes`), DEL and C1 controls U+007F–U+009F, the bidirectional
/// embedding/override controls U+202A–U+202E, the isolates U+2066–U+2069, and U+FEFF. A bidi
/// override can make "05 mg" print as "50 mg"; a health document must print the stored digits.
/// Everything else, in any script, is kept exactly.
public enum TextRules {
  /// The first refused scalar in `text`, or nil when the text is acceptable.
  public static func firstForbiddenScalar(in text: String, allowTabAndNewline: Bool)
    -> Unicode.Scalar?
  {
    text.unicodeScalars.first { isForbidden($0, allowTabAndNewline: allowTabAndNewline) }
  }

  public static func isForbidden(_ scalar: Unicode.Scalar, allowTabAndNewline: Bool) -> Bool {
    switch scalar.value {
    case 0x09, 0x0A: return !allowTabAndNewline
    case 0x00...0x1F, 0x7F...0x9F: return true
    case 0x202A...0x202E, 0x2066...0x2069, 0xFEFF: return true
    default: return false
    }
  }

  /// Words for a refusal, naming the code point but never the surrounding text.
  public static func refusal(for scalar: Unicode.Scalar, allowTabAndNewline: Bool) -> String {
    let name = codePoint(scalar)
    switch scalar.value {
    case 0x00:
      return "contains the NUL character (\(name)), which is not allowed"
    case 0x09, 0x0A:
      return "contains \(name) (a tab or line break); these are allowed only in notes"
    case 0x202A...0x202E, 0x2066...0x2069:
      return "contains \(name), a bidirectional control character, which is not allowed"
        + " because it can reorder the printed text"
    case 0xFEFF:
      return "contains \(name) (byte-order mark / zero-width no-break space), which is not allowed"
    default:
      let allowed = allowTabAndNewline ? "; only tab and line break are allowed here" : ""
      return "contains \(name), a control character, which is not allowed\(allowed)"
    }
  }

  /// `U+202E`.
  public static func codePoint(_ scalar: Unicode.Scalar) -> String {
    let hex = String(scalar.value, radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
  }

  /// `text` without leading and trailing white space (Unicode `White_Space`, which includes
  /// tab, newline, no-break space and the ideographic space); inner text is kept exactly.
  public static func trimmed(_ text: String) -> String {
    let scalars = text.unicodeScalars
    guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
      let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
    else { return "" }
    return String(scalars[first...last])
  }
}
