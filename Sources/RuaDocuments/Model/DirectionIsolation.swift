// SPDX-License-Identifier: Apache-2.0
/// On a right-to-left page, left-to-right text — a Latin medicine name "insulin glargine
/// (Lantus)", a dose "2.5 mg" or "1-0-1", a phone "(503) 555-0195", a date, "Dr. Wen Zhao" —
/// is wrapped in left-to-right isolates (U+2066 … U+2069), so the right-to-left paragraph
/// around it places it as one unit and can never reorder its parts:
///
/// - a line with no right-to-left letter is isolated whole, punctuation and all, so an English
///   note reads exactly as it was written;
/// - in a line that mixes scripts, each stretch from a left-to-right letter or digit to the
///   last one before a right-to-left letter is isolated; the punctuation at its ends belongs
///   to the sentence around it, and a field separator " · " ends it.
///
/// A line all in a left-to-right language (`leftToRight`: the English half of a bilingual
/// label, on its own line; on a shared line, the English half to the end of its runs) is
/// isolated whole, whatever it holds: an English line with an Arabic name in it
/// ("Who to call if محمد falls") reads left to right, the name a right-to-left isolate of its
/// own (`isolatingRightToLeft`). Split into stretches at the name, it was drawn "falls محمد
/// Who to call if" (issue 30).
///
/// Runs are isolated together (a name in one style and its dose in another are one stretch);
/// each isolate character travels with the run of the text next to it, so styles stay put.
/// Stored text never holds isolates (RuaCore `TextRules` refuses them).
public enum DirectionIsolation {
  public static func isolated(_ text: String) -> String { isolated([text])[0] }

  static let rightToLeftIsolate: Unicode.Scalar = "\u{2067}"

  /// `parts` (the runs of one text) with isolates inserted; joined, they are the isolated text.
  /// The parts marked in `leftToRight` are in a left-to-right language: a line made of them
  /// alone is one left-to-right isolate, its right-to-left stretches isolated inside it. (On a
  /// line shared with the first language — "الجنس Sex أنثى / Female" — the stretches are
  /// found as in any mixed line, so "Weight 58.5 kg" stays one unit.)
  public static func isolated(_ parts: [String], leftToRight: [Bool] = []) -> [String] {
    let (scalars, owners) = flattened(parts)
    var out = Array(repeating: String.UnicodeScalarView(), count: parts.count)
    func copy(_ range: Range<Int>, isolated: Bool) {
      guard !range.isEmpty else { return }
      if isolated { out[owners[range.lowerBound]].append(NumberIsolation.leftToRightIsolate) }
      for index in range { out[owners[index]].append(scalars[index]) }
      if isolated {
        out[owners[range.upperBound - 1]].append(NumberIsolation.popDirectionalIsolate)
      }
    }
    func isSecond(_ index: Int) -> Bool {
      owners[index] < leftToRight.count && leftToRight[owners[index]]
    }
    /// A stretch of the left-to-right language: one isolate, spaces at its ends left outside,
    /// its right-to-left stretches isolated inside it.
    func copyLeftToRight(_ range: Range<Int>) {
      var lower = range.lowerBound
      var upper = range.upperBound
      while lower < upper, scalars[lower].properties.isWhitespace { lower += 1 }
      while upper > lower, scalars[upper - 1].properties.isWhitespace { upper -= 1 }
      copy(range.lowerBound..<lower, isolated: false)
      if lower < upper {
        out[owners[lower]].append(NumberIsolation.leftToRightIsolate)
        copyRightToLeftIsolated(lower..<upper, scalars, owners, into: &out)
        out[owners[upper - 1]].append(NumberIsolation.popDirectionalIsolate)
      }
      copy(upper..<range.upperBound, isolated: false)
    }
    var start = 0
    while start < scalars.count {
      let end = scalars[start...].firstIndex(where: isLineBreak) ?? scalars.count
      let line = scalars[start..<end]
      if !line.isEmpty, (start..<end).allSatisfy(isSecond) {
        copyLeftToRight(start..<end)
      } else if !line.contains(where: isRightToLeft) {
        copy(start..<end, isolated: line.contains(where: isLeftToRight))
      } else {
        var index = start
        while index < end {
          // An English half on a shared line ("المعلومات حتى … / Information as of …") is
          // one left-to-right unit from its first character after the separator to the end
          // of its runs: the ellipsis and the "+" that open it ("… see the ER sheet", "+ 2
          // more allergies · + pharmacy: see the ER sheet"), its fields in English order, an
          // Arabic word in it isolated inside. Left to the stretches, the "+" and "…" were set
          // right to left, after the words they open, and its fields in the page's order.
          if isSecond(index), opensHalf(scalars[index]) {
            var upper = index
            while upper < end, isSecond(upper) { upper += 1 }
            if let letter = (index..<upper).first(where: { isLeftToRight(scalars[$0]) }),
              let stretch = stretchEnd(scalars, from: letter, limit: end)
            {
              // Its English label before a value in the first language's runs ("Weight"
              // "58.5 kg") is one stretch with the value.
              if upper >= stretch {
                copyLeftToRight(index..<upper)
                index = upper
              } else {
                copy(index..<stretch, isolated: true)
                index = stretch
              }
              continue
            }
          }
          // A stretch of the first language ends where an English half begins: the "2" of
          // "انظر الصفحة 2 / 3 more medicines: see page 2" was one unit with the English.
          var limit = index
          while limit < end, isSecond(limit) == isSecond(index) { limit += 1 }
          if let stretch = stretchEnd(scalars, from: index, limit: isSecond(index) ? end : limit) {
            copy(index..<stretch, isolated: true)
            index = stretch
          } else {
            copy(index..<index + 1, isolated: false)
            index += 1
          }
        }
      }
      copy(end..<min(end + 1, scalars.count), isolated: false)
      start = end + 1
    }
    return out.map(String.init)
  }

  /// The scalars of `parts` in order, with the index of the part each came from.
  private static func flattened(_ parts: [String]) -> (scalars: [Unicode.Scalar], owners: [Int]) {
    var scalars: [Unicode.Scalar] = []
    var owners: [Int] = []
    for (owner, part) in parts.enumerated() {
      for scalar in part.unicodeScalars {
        scalars.append(scalar)
        owners.append(owner)
      }
    }
    return (scalars, owners)
  }

  /// `parts` with every right-to-left stretch — from a right-to-left letter to the last one
  /// before a left-to-right letter, a digit, a line break or a field separator — wrapped in a
  /// right-to-left isolate (U+2067 … U+2069): in a left-to-right line (an English page, the
  /// English half of a bilingual label) an Arabic name is one unit, and the words, brackets and
  /// numbers around it keep their order.
  public static func isolatingRightToLeft(_ parts: [String]) -> [String] {
    let (scalars, owners) = flattened(parts)
    guard scalars.contains(where: isRightToLeft) else { return parts }
    var out = Array(repeating: String.UnicodeScalarView(), count: parts.count)
    copyRightToLeftIsolated(0..<scalars.count, scalars, owners, into: &out)
    return out.map(String.init)
  }

  private static func copyRightToLeftIsolated(
    _ range: Range<Int>, _ scalars: [Unicode.Scalar], _ owners: [Int],
    into out: inout [String.UnicodeScalarView]
  ) {
    var index = range.lowerBound
    while index < range.upperBound {
      guard isRightToLeft(scalars[index]) else {
        out[owners[index]].append(scalars[index])
        index += 1
        continue
      }
      var end = index + 1
      var scan = index + 1
      while scan < range.upperBound, !isLeftToRight(scalars[scan]), !isLineBreak(scalars[scan]),
        !isFieldSeparator(scalars[scan])
      {
        if isRightToLeft(scalars[scan]) || isMark(scalars[scan]) { end = scan + 1 }
        scan += 1
      }
      out[owners[index]].append(rightToLeftIsolate)
      for inner in index..<end { out[owners[inner]].append(scalars[inner]) }
      out[owners[end - 1]].append(NumberIsolation.popDirectionalIsolate)
      index = end
    }
  }

  /// The end (exclusive) of a left-to-right stretch starting at `start`, or nil when none
  /// starts there. A "(" or "+" right before a letter or digit starts it too, and a ")" that
  /// closes one of its own "(" ends it. A "(" the stretch opens and does not close belongs to
  /// the sentence around it: the stretch ends before it ("aspirin" of "aspirin (81 mg; موقوف
  /// …)"), so the bracket opens and closes in the page's direction; inside the stretch it was
  /// drawn facing the wrong way, away from the words it encloses.
  static func stretchEnd(_ scalars: [Unicode.Scalar], from start: Int, limit: Int) -> Int? {
    var index = start
    if scalars[index] == "(" || scalars[index] == "+" { index += 1 }
    guard index < limit, isLeftToRight(scalars[index]) else { return nil }
    let firstLetter = index
    var openings = scalars[start] == "(" ? [start] : []
    var end = index
    var openingsAtEnd = openings
    while index < limit, !isRightToLeft(scalars[index]), !isFieldSeparator(scalars[index]) {
      let scalar = scalars[index]
      if scalar == "(" { openings.append(index) }
      if scalar == ")" { _ = openings.popLast() }
      if isLeftToRight(scalar) || (isMark(scalar) && end == index) {
        end = index + 1
        openingsAtEnd = openings
      }
      index += 1
    }
    if !openingsAtEnd.isEmpty, end < limit, scalars[end] == ")" {
      end += 1
      openingsAtEnd.removeLast()
    }
    if let unclosed = openingsAtEnd.first {
      // A leading "(" that the stretch does not close belongs to the text around it.
      guard unclosed > start else { return nil }
      var cut = unclosed
      while cut > firstLetter, scalars[cut - 1].properties.isWhitespace { cut -= 1 }
      return cut > firstLetter ? cut : nil
    }
    // The ellipsis of a cut (`StyledText.shortened`) ends the text it cuts, in its direction:
    // left to the sentence around it, it was set at the cut text's start ("… hives and").
    var next = end
    while next < limit, scalars[next] == " " || scalars[next] == "\u{A0}" { next += 1 }
    if next < limit, scalars[next] == "\u{2026}" { end = next + 1 }
    // A closing quote of a quote opened inside the stretch ends it too ("Goes by “Mei-Ling”"):
    // left out, it was set at the far end of the line.
    if end < limit, scalars[end] == "\u{201D}",
      scalars[start..<end].filter({ $0 == "\u{201C}" }).count
        > scalars[start..<end].filter({ $0 == "\u{201D}" }).count
    {
      end += 1
    }
    return end
  }

  /// A letter of a left-to-right script, or a digit outside the right-to-left blocks (Arabic-
  /// Indic digits are laid out by the bidi algorithm as they are).
  static func isLeftToRight(_ scalar: Unicode.Scalar) -> Bool {
    guard !isRightToLeft(scalar) else { return false }
    return NumberIsolation.isDigit(scalar) || (scalar.properties.isAlphabetic && !isMark(scalar))
  }

  static func isRightToLeft(_ scalar: Unicode.Scalar) -> Bool {
    NumberIsolation.isRightToLeft(scalar)
  }

  static func isMark(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .spacingMark, .enclosingMark: return true
    default: return false
    }
  }

  /// Whether an English half may start at `scalar`: not a space, a right-to-left letter, or
  /// the separator between the halves ("/", " — ", " · ", a comma), which belong to the line.
  static func opensHalf(_ scalar: Unicode.Scalar) -> Bool {
    !scalar.properties.isWhitespace && !isRightToLeft(scalar) && !isFieldSeparator(scalar)
      && !"/|—–,;:،؛".unicodeScalars.contains(scalar)
  }

  /// " · " and "•" join separate fields ("Dr. Wen Zhao · (503) 555-0195"): in a line that
  /// mixes scripts each field is its own stretch, so the fields follow the page's direction.
  static func isFieldSeparator(_ scalar: Unicode.Scalar) -> Bool {
    scalar == "\u{B7}" || scalar == "\u{2022}"
  }

  static func isLineBreak(_ scalar: Unicode.Scalar) -> Bool {
    scalar == "\n" || scalar == "\r" || scalar == "\u{2028}" || scalar == "\u{2029}"
  }
}
