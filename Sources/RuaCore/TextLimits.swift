// SPDX-License-Identifier: Apache-2.0
/// How long a text may be and how much may be stacked on one character, so that every accepted
/// text lays out in bounded time and stays inside its line on the page.
///
/// A field's limit is in characters as a reader sees them (Swift `Character`s, extended
/// grapheme clusters), but one character can hide any number of code points (a letter with
/// 200,000 accents is one character), so code points and UTF-8 bytes are limited too.
public enum TextLimits {
  /// Code points allowed per character of a field's limit: room for Indic conjuncts and
  /// accented letters, not for thousands of stacked marks.
  public static let codePointsPerCharacter = 4
  /// UTF-8 bytes allowed per character of a field's limit.
  public static let bytesPerCharacter = 12
  /// Combining marks allowed in a row on one base letter ("ệ" has two; Hebrew with points and
  /// cantillation up to four). Counted per base letter, not per character, because an Indic
  /// conjunct such as "स्त्र्य" is one character with a virama on each of its letters.
  public static let marksPerLetter = 4
  /// Code points allowed in one character (a Hangul syllable of conjoining jamo, an Indic
  /// conjunct).
  public static let codePointsPerGrapheme = 16

  /// Why `text` breaks a limit of `maxCharacters`, or nil. Cheapest checks first, so a huge
  /// text is refused without walking it.
  public static func problem(in text: String, maxCharacters: Int) -> String? {
    let bytes = text.utf8.count
    let maxBytes = maxCharacters.multipliedReportingOverflow(by: bytesPerCharacter)
    if !maxBytes.overflow, bytes > maxBytes.partialValue {
      return "must be at most \(maxBytes.partialValue) bytes of UTF-8 (it has \(bytes))"
    }
    let codePoints = text.unicodeScalars.count
    let maxCodePoints = maxCharacters.multipliedReportingOverflow(by: codePointsPerCharacter)
    if !maxCodePoints.overflow, codePoints > maxCodePoints.partialValue {
      return "must be at most \(maxCodePoints.partialValue) code points (it has \(codePoints));"
        + " it holds unusually many accents or joined characters"
    }
    if let problem = markProblem(in: text) { return problem }
    let characters = text.count
    if characters > maxCharacters {
      return "must be at most \(maxCharacters) characters (it has \(characters))"
    }
    return nil
  }

  /// Refuses a text that starts with a combining mark (it would attach to whatever is printed
  /// before the field), more than `marksPerLetter` marks in a row, and a character of more than
  /// `codePointsPerGrapheme` code points.
  public static func markProblem(in text: String) -> String? {
    if let first = text.unicodeScalars.first, isMark(first) {
      return "starts with a combining mark (\(TextRules.codePoint(first))), which would attach"
        + " to the text printed before it"
    }
    var marksInRow = 0
    for scalar in text.unicodeScalars {
      marksInRow = isMark(scalar) ? marksInRow + 1 : 0
      if marksInRow > marksPerLetter {
        return "has more than \(marksPerLetter) combining marks on one letter"
          + " (\(TextRules.codePoint(scalar)) is mark \(marksInRow)); at most \(marksPerLetter)"
          + " are allowed"
      }
    }
    let tooBig = text.first { $0.unicodeScalars.count > codePointsPerGrapheme }
    if let tooBig {
      return "has a character made of \(tooBig.unicodeScalars.count) code points;"
        + " at most \(codePointsPerGrapheme) are allowed in one character"
    }
    return nil
  }

  static func isMark(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .spacingMark, .enclosingMark: return true
    default: return false
    }
  }
}
