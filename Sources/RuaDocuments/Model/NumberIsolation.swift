// SPDX-License-Identifier: Apache-2.0
/// Wraps every number in a text — a dose "5 - 10", a phone "(503) 555-0192", a date
/// "2026-11-29", "12.5" — in a left-to-right isolate (U+2066 … U+2069), so that right-to-left
/// text next to it (an Arabic drug or contact name) cannot reorder its digits: without it
/// "وارفارين (5 - 10 mg)" is drawn as "(10 - 5 mg)". The renderer applies this to every run it
/// lays out; stored text never holds isolates (RuaCore `TextRules` refuses them).
public enum NumberIsolation {
  static let leftToRightIsolate: Unicode.Scalar = "\u{2066}"
  static let popDirectionalIsolate: Unicode.Scalar = "\u{2069}"

  /// Whether `text` holds a letter of a right-to-left script (Hebrew, Arabic, Syriac, Thaana,
  /// N'Ko and the other RTL blocks). Without one, nothing can reorder a number, and the text
  /// is laid out as it is.
  public static func hasRightToLeft(_ text: String) -> Bool {
    text.unicodeScalars.contains(where: isRightToLeft)
  }

  static func isRightToLeft(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x10800...0x10FFF,
      0x1E800...0x1EFFF:
      return true
    default:
      return false
    }
  }

  public static func isolated(_ text: String) -> String {
    let scalars = Array(text.unicodeScalars)
    guard scalars.contains(where: isDigit) else { return text }
    var out = String.UnicodeScalarView()
    var index = 0
    while index < scalars.count {
      guard let end = numberEnd(scalars, from: index) else {
        out.append(scalars[index])
        index += 1
        continue
      }
      out.append(leftToRightIsolate)
      out.append(contentsOf: scalars[index..<end])
      out.append(popDirectionalIsolate)
      index = end
    }
    return String(out)
  }

  /// The end (exclusive) of a number starting at `start`, or nil when none starts there. A
  /// number starts with a digit, or with "+" or "(" right before one; runs over digits and the
  /// punctuation written inside numbers; ends at its last digit, plus a ")" that closes one of
  /// its own "(".
  static func numberEnd(_ scalars: [Unicode.Scalar], from start: Int) -> Int? {
    var index = start
    if scalars[index] == "+" || scalars[index] == "(" { index += 1 }
    guard index < scalars.count, isDigit(scalars[index]) else { return nil }
    var end = index + 1
    var open = scalars[start] == "(" ? 1 : 0
    var openAtEnd = open
    while index < scalars.count, isDigit(scalars[index]) || isInner(scalars[index]) {
      if scalars[index] == "(" { open += 1 }
      if scalars[index] == ")" { open -= 1 }
      if isDigit(scalars[index]) {
        end = index + 1
        openAtEnd = open
      }
      index += 1
    }
    if openAtEnd > 0, end < scalars.count, scalars[end] == ")" {
      end += 1
      openAtEnd -= 1
    }
    // A leading "(" that the number does not close belongs to the text around it: "(5 mg)".
    if scalars[start] == "(", openAtEnd > 0 { return nil }
    return end
  }

  static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
    scalar.properties.numericType == .decimal
  }

  /// Punctuation that appears inside written numbers, phone numbers and dates.
  static func isInner(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar {
    case " ", "\u{A0}", "\u{202F}", ".", ",", ":", "/", "-", "\u{2010}", "\u{2011}", "\u{2013}",
      "(", ")", "+":
      return true
    default:
      return false
    }
  }
}
