// SPDX-License-Identifier: Apache-2.0
/// The character rule of the care-circle format, applied by the decoder to every string: which
/// code points a stored text may hold, so that what is stored prints as stored and two texts
/// that look the same are the same.
///
/// Refused:
/// - C0 controls U+0000–U+001F (tab and newline allowed only where `allowTabAndNewline`, i.e.
///   in `notes`), DEL and C1 controls U+007F–U+009F, and the line and paragraph separators
///   U+2028/U+2029 (line breaks are written `\n`, in notes only).
/// - Every bidirectional control (Unicode `Bidi_Control`: U+061C, U+200E, U+200F,
///   U+202A–U+202E, U+2066–U+2069). A right-to-left mark can make "12.5 mg" print as "125. mg".
/// - Every other invisible character (Unicode `Default_Ignorable_Code_Point`: U+200B, U+2060,
///   U+FEFF, U+00AD, the tag characters, …) — they make two texts look the same — except the
///   zero-width non-joiner and joiner (U+200C/U+200D) between two letters of a script that needs
///   them (Arabic, Indic and similar; see `JoiningScripts`), the joiner between two emoji, and
///   a variation selector right after a letter, digit or symbol.
///
/// Everything else, in any script, is kept exactly. Lengths and combining marks are
/// `TextLimits`; whether the pinned fonts can draw a character is checked where the fonts are.
public enum TextRules {
  /// The first refused scalar in `text`, or nil when the text is acceptable.
  public static func firstForbiddenScalar(in text: String, allowTabAndNewline: Bool)
    -> Unicode.Scalar?
  {
    var previous: Unicode.Scalar?
    var iterator = text.unicodeScalars.makeIterator()
    var current = iterator.next()
    while let scalar = current {
      let next = iterator.next()
      if isForbidden(
        scalar, after: previous, before: next, allowTabAndNewline: allowTabAndNewline)
      {
        return scalar
      }
      previous = scalar
      current = next
    }
    return nil
  }

  /// Whether `scalar` is refused between `previous` and `next` (nil at either end of the text).
  public static func isForbidden(
    _ scalar: Unicode.Scalar, after previous: Unicode.Scalar?, before next: Unicode.Scalar?,
    allowTabAndNewline: Bool
  ) -> Bool {
    switch scalar.value {
    case 0x09, 0x0A: return !allowTabAndNewline
    case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029: return true
    case 0x200C:
      return !JoiningScripts.joins(previous, next)
    case 0x200D:
      return !JoiningScripts.joins(previous, next) && !joinsEmoji(previous, next)
    case 0xFE00...0xFE0F, 0xE0100...0xE01EF:
      return !isSelectorBase(previous)
    case 0x180B...0x180D, 0x180F:
      // Mongolian free variation selectors: only after a Mongolian letter.
      return JoiningScripts.script(ofLetter: previous) != .mongolian
    default:
      return scalar.properties.isBidiControl || scalar.properties.isDefaultIgnorableCodePoint
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
    case 0x2028, 0x2029:
      return "contains \(name), a line or paragraph separator, which is not allowed;"
        + " write line breaks as \\n, in notes only"
    case 0xFEFF:
      return "contains \(name) (byte-order mark / zero-width no-break space), which is not allowed"
    case 0x200C, 0x200D:
      return "contains \(name), a zero-width joiner or non-joiner, which is allowed only between"
        + " two letters of a script that needs it (Arabic, Persian, Indic scripts and similar);"
        + " delete it"
    case 0xFE00...0xFE0F, 0xE0100...0xE01EF, 0x180B...0x180D, 0x180F:
      return "contains \(name), a variation selector, which is allowed only right after the"
        + " letter, digit or symbol it selects a form of"
    default:
      if scalar.properties.isBidiControl {
        return "contains \(name), a bidirectional control character, which is not allowed"
          + " because it can reorder the printed text; delete it"
      }
      if scalar.properties.isDefaultIgnorableCodePoint {
        return "contains \(name), an invisible character, which is not allowed because it"
          + " makes different text look the same; delete it"
      }
      let allowed = allowTabAndNewline ? "; only tab and line break are allowed here" : ""
      return "contains \(name), a control character, which is not allowed\(allowed)"
    }
  }

  /// Whether `text` holds at least one character that prints as something: not white space,
  /// not a format or other control, not a mark alone, and not a character that prints blank
  /// (U+2800 braille blank, U+FFFC object replacement, the Hangul fillers). A name of only
  /// such characters prints an empty row.
  public static func hasVisibleCharacter(_ text: String) -> Bool {
    text.unicodeScalars.contains(where: isVisible)
  }

  /// Why an all-invisible text is refused, naming its first code point (never the text).
  public static func invisibleRefusal(_ text: String) -> String {
    let first = text.unicodeScalars.first.map { " (it starts with \(codePoint($0)))" } ?? ""
    return "has no visible character\(first), so it would print blank;"
      + " write the text, or leave the field out"
  }

  private static func isVisible(_ scalar: Unicode.Scalar) -> Bool {
    let properties = scalar.properties
    if properties.isWhitespace || properties.isDefaultIgnorableCodePoint { return false }
    switch scalar.value {
    case 0x2800, 0xFFFC, 0x115F, 0x1160, 0x3164, 0xFFA0, 0x034F, 0x17B4, 0x17B5: return false
    default: break
    }
    switch properties.generalCategory {
    case .control, .format, .surrogate, .unassigned, .spaceSeparator, .lineSeparator,
      .paragraphSeparator, .nonspacingMark, .enclosingMark:
      return false
    default:
      return true
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

  /// An emoji ZWJ sequence (👨‍👩‍👧): a joiner between two emoji, the first possibly ending in
  /// its presentation selector. Whether it prints is up to the pinned fonts.
  private static func joinsEmoji(_ previous: Unicode.Scalar?, _ next: Unicode.Scalar?) -> Bool {
    func isEmoji(_ scalar: Unicode.Scalar?) -> Bool {
      guard let scalar, !scalar.isASCII else { return false }
      return scalar.properties.isEmoji
    }
    return (isEmoji(previous) || previous == "\u{FE0F}") && isEmoji(next)
  }

  /// A variation selector selects the form of the visible character just before it.
  private static func isSelectorBase(_ scalar: Unicode.Scalar?) -> Bool {
    guard let scalar, !scalar.properties.isDefaultIgnorableCodePoint else { return false }
    switch scalar.properties.generalCategory {
    case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
      .decimalNumber, .letterNumber, .otherNumber, .mathSymbol, .currencySymbol,
      .modifierSymbol, .otherSymbol:
      return true
    default:
      return false
    }
  }
}
