// SPDX-License-Identifier: Apache-2.0
/// The scripts whose spelling needs the zero-width non-joiner and joiner (U+200C, U+200D): the
/// Arabic family, where they choose between joined and separate letter forms (Persian
/// "می‌خواهم"), and the Brahmic scripts, where they choose between a conjunct and a half form
/// ("क्‍ष"). Anywhere else a joiner is invisible noise that makes two names differ unseen.
public enum JoiningScript: Equatable, Sendable {
  case arabic, syriac, nko, mongolian, devanagari, bengali, gurmukhi, gujarati, oriya, tamil
  case telugu, kannada, malayalam, sinhala, tibetan, myanmar, khmer
}

public enum JoiningScripts {
  /// Whether a joiner between `previous` and `next` joins two letters (or a letter's marks, such
  /// as a virama) of one script that needs joiners.
  public static func joins(_ previous: Unicode.Scalar?, _ next: Unicode.Scalar?) -> Bool {
    guard let before = script(ofLetter: previous) else { return false }
    return script(ofLetter: next) == before
  }

  /// The joining script of a letter or combining mark; nil for anything else.
  public static func script(ofLetter scalar: Unicode.Scalar?) -> JoiningScript? {
    guard let scalar, isLetterOrMark(scalar) else { return nil }
    return ranges.first { $0.range.contains(scalar.value) }?.script
  }

  private static func isLetterOrMark(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
      .nonspacingMark, .spacingMark, .enclosingMark:
      return true
    default:
      return false
    }
  }

  /// Unicode blocks of each script (letters and marks only are looked up).
  private static let ranges: [(range: ClosedRange<UInt32>, script: JoiningScript)] = [
    (0x0600...0x06FF, .arabic), (0x0750...0x077F, .arabic), (0x0870...0x08FF, .arabic),
    (0xFB50...0xFDFF, .arabic), (0xFE70...0xFEFE, .arabic),
    (0x0700...0x074F, .syriac), (0x0860...0x086F, .syriac),
    (0x07C0...0x07FF, .nko),
    (0x1800...0x18AF, .mongolian),
    (0x0900...0x097F, .devanagari), (0xA8E0...0xA8FF, .devanagari),
    (0x0980...0x09FF, .bengali), (0x0A00...0x0A7F, .gurmukhi), (0x0A80...0x0AFF, .gujarati),
    (0x0B00...0x0B7F, .oriya), (0x0B80...0x0BFF, .tamil), (0x0C00...0x0C7F, .telugu),
    (0x0C80...0x0CFF, .kannada), (0x0D00...0x0D7F, .malayalam), (0x0D80...0x0DFF, .sinhala),
    (0x0F00...0x0FFF, .tibetan), (0x1000...0x109F, .myanmar), (0x1780...0x17FF, .khmer),
  ]
}
