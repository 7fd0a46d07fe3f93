// SPDX-License-Identifier: Apache-2.0
import Foundation
import RuaDocuments

/// Issue 30's bilingual measurements, read back from the PDF: every value worded by a label
/// has its English on the page, and every line runs in its own language's direction.
extension LayoutReadBack {
  /// The page's words in reading order, one space between them (lines joined), without
  /// isolates and with no-break spaces as spaces.
  var pageText: String { pageText(leftToRight: false) }

  /// The page's words in poppler's order, or each line's left to right (poppler may list a
  /// right-to-left line's the other way), brackets left out (poppler mirrors them there); a
  /// word broken after its hyphen ("high- / alert") reads whole.
  func pageText(leftToRight: Bool) -> String {
    let words = lines.map { line in
      let words = zip(line.words, line.lefts)
      return (leftToRight ? words.sorted { $0.1 < $1.1 } : Array(words)).map(\.0)
        .joined(separator: " ")
    }.joined(separator: " ")
      .replacingOccurrences(of: "- ", with: "-").filter { $0 != "(" && $0 != ")" }
    return String(
      String.UnicodeScalarView(
        words.precomposedStringWithCompatibilityMapping.unicodeScalars.compactMap { scalar in
          switch scalar.value {
          case 0x2066...0x2069, 0x200E, 0x200F: return nil
          case 0xA0, 0x2003, 0x2009, 0x202F: return " "
          default: return scalar
          }
        }))
  }

  /// Every value the document words with a label in its first language (`first`) has its
  /// English (`english`) on the page as often: the expected English comes from the same
  /// locale files the builders use. A worded value is a run of the document's text (or a piece
  /// of one between " · ", "; ", ", ", " — " or a line break) that is a label whole, its
  /// `{placeholders}` standing for any value; a piece that two labels word alike may have
  /// either's English. `exempt` are keys that word no value on the page; a run that is one of
  /// `prose` whole (the fall guide's text in the first language, placeholders filled) is not
  /// cut into pieces: its words are the guide's, not labels.
  func valuesWithoutEnglish(
    source: [StyledText], first: Labels, english: Labels, exempt: Set<LabelKey>,
    prose: [String] = []
  ) -> [String] {
    let proseExpressions = prose.compactMap {
      try? NSRegularExpression(pattern: "^" + Self.pattern($0, anchored: true) + "$")
    }
    func isProse(_ text: String) -> Bool {
      let range = NSRange(location: 0, length: (text as NSString).length)
      return proseExpressions.contains { $0.firstMatch(in: text, range: range) != nil }
    }
    // An exempt label still claims a run that is it whole (its pieces are not labels).
    let keys = LabelKey.allCases.filter { key in
      first[key] != english[key] && !Self.literal(first[key]).isEmpty
    }
    let anchored = keys.map { key in
      try? NSRegularExpression(pattern: "^" + Self.pattern(first[key], anchored: true) + "$")
    }
    var needed: [[String]: Int] = [:]
    var example: [[String]: String] = [:]
    func words(_ piece: String) -> Bool {
      let range = NSRange(location: 0, length: (piece as NSString).length)
      let matching = keys.indices.filter {
        anchored[$0]?.firstMatch(in: piece, range: range) != nil
      }
      guard let most = matching.map({ Self.literal(first[keys[$0]]).count }).max() else {
        return false
      }
      let best = matching.filter { Self.literal(first[keys[$0]]).count == most }
      if best.contains(where: { exempt.contains(keys[$0]) }) { return true }
      let alternatives = Set(best.map { english[keys[$0]] })
      needed[alternatives.sorted(), default: 0] += 1
      example[alternatives.sorted()] = piece
      return true
    }
    for text in source {
      // A run the second language's follows is a bilingual pair already.
      for (index, run) in text.runs.enumerated() where !run.secondLanguage {
        if index + 1 < text.runs.count, text.runs[index + 1].secondLanguage { continue }
        for line in run.text.replacingOccurrences(of: "\u{A0}", with: " ").split(separator: "\n") {
          let whole = Self.trimmed(String(line))
          guard !whole.isEmpty, !words(whole), !isProse(whole) else { continue }
          let pieces = whole.replacingOccurrences(
            of: " · |; |, | — |  +", with: "\u{1}", options: .regularExpression
          ).split(separator: "\u{1}")
          for piece in pieces.map({ Self.trimmed(String($0)) }) where !piece.isEmpty {
            _ = words(piece)
          }
        }
      }
    }
    // An English label wrapped onto the next line of a right-to-left line reads in poppler's
    // order, one on a line in the other: the larger count of the two.
    let printedTexts = Array(Set(keys.map { english[$0] }))
    let counts = zip(
      Self.counts(printedTexts, in: pageText(leftToRight: false)),
      Self.counts(printedTexts, in: pageText(leftToRight: true))
    ).map { max($0, $1) }
    let printed = Dictionary(uniqueKeysWithValues: zip(printedTexts, counts))
    var problems: [String] = []
    for (alternatives, count) in needed.sorted(by: { $0.key.joined() < $1.key.joined() }) {
      let found = alternatives.reduce(0) { $0 + (printed[$1] ?? 0) }
      if found < count {
        problems.append(
          "\(count)× a value worded '\(alternatives.joined(separator: "' or '").prefix(50))' "
            + "in the first language ('\(example[alternatives]?.prefix(50) ?? "")'), \(found)× "
            + "in English on the page")
      }
    }
    return problems
  }

  /// Every word `terms` gives in the first language (a drug class's name, a weekday, a
  /// date) in a run of `source` that no English follows has its English (from the same source
  /// strings: the drug-class table, the locale files) on the page as often.
  func termsWithoutEnglish(source: [StyledText], terms: [(first: String, english: String)])
    -> [String]
  {
    // A term both languages spell alike is counted too (its words are not another term's:
    // Tagalog "Mar 14, 1941" holds no Tuesday), never asked for.
    let wanted = terms.filter { !Self.literal($0.first).isEmpty }
    guard wanted.contains(where: { $0.first != $0.english }) else { return [] }
    var runs: [String] = []
    for text in source {
      for (index, run) in text.runs.enumerated() where !run.secondLanguage {
        if index + 1 < text.runs.count, text.runs[index + 1].secondLanguage { continue }
        runs.append(run.text.replacingOccurrences(of: "\u{A0}", with: " "))
      }
    }
    let found = Self.counts(wanted.map(\.first), in: runs.joined(separator: "\n"))
    let english = wanted.map(\.english)
    let printed = zip(
      Self.counts(english, in: pageText(leftToRight: false)),
      Self.counts(english, in: pageText(leftToRight: true))
    ).map { max($0, $1) }
    var problems: [String] = []
    for (index, term) in wanted.enumerated()
    where term.first != term.english && printed[index] < found[index] {
      problems.append(
        "\(found[index])× '\(term.first)' in the first language, \(printed[index])× "
          + "'\(term.english)' on the page")
    }
    return problems
  }

  /// Placeholders that stand for a number.
  static let numbers: Set<String> = [
    "days", "years", "count", "hours", "minutes", "page", "pages",
  ]

  /// A label's text without its placeholders, spaces and punctuation.
  static func literal(_ label: String) -> String {
    label.replacingOccurrences(of: #"\{[a-zA-Z]+\}"#, with: "", options: .regularExpression)
      .filter { $0.isLetter || $0.isNumber }
  }

  static func trimmed(_ text: String) -> String {
    text.trimmingCharacters(in: CharacterSet(charactersIn: " \t\u{2003}\u{A0}·;,—"))
  }

  /// How often each label occurs in `text`, a match inside a longer match of a label without
  /// placeholders left out ("Not recorded" in "Not recorded."; "List as of" beside a "List as
  /// of {date}" is counted, its placeholder matching what follows).
  static func counts(_ labels: [String], in text: String) -> [Int] {
    let whole = text as NSString
    var matches: [(label: Int, range: NSRange)] = []
    for (index, label) in labels.enumerated() {
      guard let expression = try? NSRegularExpression(pattern: pattern(label, anchored: false))
      else { continue }
      for match in expression.matches(in: text, range: NSRange(location: 0, length: whole.length)) {
        matches.append((index, match.range))
      }
    }
    var counts = Array(repeating: 0, count: labels.count)
    for match in matches {
      let inside = matches.contains { other in
        other.label != match.label && !labels[other.label].contains("{")
          && other.range.length > match.range.length
          && NSIntersectionRange(other.range, match.range).length == match.range.length
      }
      if !inside { counts[match.label] += 1 }
    }
    return counts
  }

  /// A label as a pattern: its words literal, any run of spaces for a space, a placeholder
  /// for any value (a single word when it starts the label, so a match starts where the label
  /// does), not inside a longer word (except next to Chinese, which has no spaces).
  static func pattern(_ label: String, anchored: Bool) -> String {
    var pattern = ""
    var rest = Substring(label.replacingOccurrences(of: "\u{A0}", with: " "))
    while !rest.isEmpty {
      if rest.hasPrefix("{"), let close = rest.firstIndex(of: "}") {
        let name = rest[rest.index(after: rest.startIndex)..<close]
        if Self.numbers.contains(String(name)) {
          pattern += "[0-9]{1,4}"
        } else {
          pattern += anchored ? ".+" : pattern.isEmpty ? "[^\\s]{1,20}" : ".{1,80}?"
        }
        rest = rest[rest.index(after: close)...]
        continue
      }
      let character = rest.removeFirst()
      if character == "(" || character == ")" { continue }
      if character.isWhitespace {
        if !pattern.hasSuffix("\\s+") { pattern += "\\s+" }
      } else {
        pattern += NSRegularExpression.escapedPattern(for: String(character))
      }
    }
    guard !anchored else { return pattern }
    let guardLetter = { (character: Character?) in
      guard let character, let scalar = character.unicodeScalars.first else { return false }
      return character.isLetter && !isHan(scalar)
    }
    if guardLetter(label.first) { pattern = "(?<![\\p{L}\\p{N}])" + pattern }
    if guardLetter(label.last) { pattern += "(?![\\p{L}\\p{N}])" }
    return pattern
  }
}

/// Which way a line of the document runs, and the read-back check of it.
extension LayoutReadBack {
  /// A word without the punctuation at its ends (poppler mirrors brackets on right-to-left
  /// lines).
  static func bare(_ word: String) -> String {
    word.trimmingCharacters(in: .punctuationCharacters.union(.symbols).union(.whitespaces))
  }

  static func isArabic(_ scalar: Unicode.Scalar) -> Bool {
    (0x0600...0x06FF).contains(scalar.value) || (0x0750...0x077F).contains(scalar.value)
      || (0xFB50...0xFDFF).contains(scalar.value) || (0xFE70...0xFEFF).contains(scalar.value)
  }

  static func isLatin(_ scalar: Unicode.Scalar) -> Bool {
    scalar.properties.isAlphabetic
      && (scalar.value < 0x0250 || (0x1E00...0x1EFF).contains(scalar.value))
  }

  /// The lines of a source text (between line breaks), each with whether it is all a
  /// bilingual label's English half, and its words (split at spaces), each with whether it
  /// starts in the English half.
  static func sourceLines(_ text: StyledText) -> [(
    text: String, english: Bool, words: [(word: Substring, second: Bool)]
  )] {
    var lines: [(text: String, english: Bool, words: [(word: Substring, second: Bool)])] = []
    var line = ""
    var english = true
    var starts: [Bool] = []  // per Character of `line`: whether its run is the English half
    func close() {
      guard !line.isEmpty else { return }
      var words: [(word: Substring, second: Bool)] = []
      var index = line.startIndex
      var offset = 0
      while index < line.endIndex {
        if line[index].isWhitespace || line[index] == "\u{A0}" {
          index = line.index(after: index)
          offset += 1
          continue
        }
        let start = index
        let second = starts[offset]
        while index < line.endIndex, !line[index].isWhitespace, line[index] != "\u{A0}" {
          index = line.index(after: index)
          offset += 1
        }
        words.append((line[start..<index], second))
      }
      lines.append((line, english, words))
    }
    for run in text.runs {
      for (index, part) in run.text.split(separator: "\n", omittingEmptySubsequences: false)
        .enumerated()
      {
        if index > 0 {
          close()
          (line, english, starts) = ("", true, [])
        }
        guard !part.isEmpty else { continue }
        line += part
        starts += Array(repeating: run.secondLanguage, count: part.count)
        if !run.secondLanguage { english = false }
      }
    }
    close()
    return lines
  }

  /// Whether the bracket the word at `position` opens is still open at an Arabic word (or at
  /// the line's end).
  static func closesAfterArabic(_ words: [(word: Substring, second: Bool)], from position: Int)
    -> Bool
  {
    var depth = 0
    for (offset, (word, _)) in words[position...].enumerated() {
      if offset > 0, depth > 0, word.unicodeScalars.contains(where: isArabic) { return true }
      for character in word {
        if character == "(" { depth += 1 }
        if character == ")" { depth -= 1 }
      }
      if depth <= 0 { return false }
    }
    return true
  }

  /// Lines drawn in the wrong direction. A line in English — a bilingual label's English half
  /// (with an Arabic name in it or not), or record text without an Arabic letter (an English
  /// note, a tab in it or not) — reads left to right: its Latin words left to right on the
  /// page. A line with Arabic in it on an Arabic page, or all Arabic on another page, reads
  /// right to left: its left-to-right stretches (Latin words and numbers between Arabic words
  /// or " · ") follow one another right to left, each left to right inside. A source line is
  /// compared on the poppler lines made (three quarters or more) of its words, by the words it
  /// holds once (poppler's word boxes tell the order).
  func wrongDirection(source: [StyledText], rightToLeftPage: Bool) -> [String] {
    // Each poppler line's left-to-right words, and whether it draws Arabic.
    let drawn = lines.map { line in
      (
        words: zip(line.words, line.lefts).map { (raw: $0.0, text: Self.bare($0.0), left: $0.1) }
          .filter { word in
            // The head of a word broken after its hyphen ("30-" / "day") is not the word.
            !word.raw.hasSuffix("-") && word.text.contains { $0.isLetter || $0.isNumber }
              && !word.text.unicodeScalars.contains(where: Self.isArabic)
          },
        arabic: line.words.contains { $0.unicodeScalars.contains(where: Self.isArabic) }
      )
    }
    // Every source line once, with its words in reading order (each with its stretch).
    var entries: [(text: String, tokens: [(String, Int)], english: Bool, arabic: Bool)] = []
    var seenLines = Set<String>()
    for text in source {
      for line in Self.sourceLines(text) where seenLines.insert(line.text).inserted {
        let scalars = line.text.unicodeScalars
        let arabic = scalars.contains(where: Self.isArabic)
        let latin = scalars.contains(where: Self.isLatin)
        let english = rightToLeftPage ? line.english || !arabic : !(arabic && !latin)
        // Stretches of left-to-right words: the whole line in English, else the words between
        // Arabic words and field separators. An English half on a shared line is one
        // left-to-right unit (`DirectionIsolation`): it starts a stretch, and an Arabic word or
        // " · " inside it does not end it.
        var stretches: [[String]] = [[]]
        for (position, (token, second)) in line.words.enumerated() {
          let word = Self.bare(String(token))
          let hasArabic = token.unicodeScalars.contains(where: Self.isArabic)
          let insideHalf =
            second && position + 1 < line.words.count && line.words[position + 1].second
          // A "(" that closes after an Arabic word is the sentence's: the stretch ends before
          // it ("aspirin" of "aspirin (81 mg; موقوف …)").
          let opensAcross =
            !second && token.hasPrefix("(") && Self.closesAfterArabic(line.words, from: position)
          if !english, (second && position > 0 && !line.words[position - 1].second) || opensAcross,
            !(stretches.last ?? []).isEmpty
          {
            stretches.append([])
          }
          if !english, hasArabic || token == "·" || token == "•", !insideHalf {
            if !(stretches.last ?? []).isEmpty { stretches.append([]) }
            continue
          }
          if hasArabic || token == "·" || token == "•" { continue }
          guard !hasArabic, word.contains(where: { $0.isLetter || $0.isNumber }) else { continue }
          stretches[stretches.count - 1].append(word)
        }
        let tokens = stretches.filter { !$0.isEmpty }.enumerated().flatMap { index, words in
          words.map { ($0, index) }
        }
        if tokens.count >= 2 { entries.append((line.text, tokens, english, arabic)) }
      }
    }
    /// Where `row` is a part of `entry`: its words that are the line's are a run of the line's
    /// words (a wrapped line's part) and most of the poppler line, and it draws Arabic only if
    /// the line holds some.
    func window(
      _ entry: Int, _ row: (words: [(raw: String, text: String, left: Double)], arabic: Bool)
    )
      -> ArraySlice<(String, Int)>?
    {
      let tokens = entries[entry].tokens
      let known = Set(tokens.map(\.0))
      let mine = row.words.filter { known.contains($0.text) }
      guard !row.arabic || entries[entry].arabic, mine.count >= 2, mine.count <= tokens.count,
        Double(mine.count) >= 0.75 * Double(row.words.count)
      else { return nil }
      let drawn = mine.map(\.text).sorted()
      return (0...(tokens.count - mine.count)).lazy.map { tokens[$0..<$0 + mine.count] }
        .first { $0.map(\.0).sorted() == drawn }
    }
    var problems: [String] = []
    for row in drawn {
      // A poppler line that could be part of two source lines (the same words in another
      // order) tells nothing.
      let bound = entries.indices.compactMap { index in window(index, row).map { (index, $0) } }
      guard bound.count == 1, let (index, part) = bound.first else { continue }
      let entry = entries[index]
      // Words the line and the poppler line hold once, so each is where it is read.
      let left = { (word: String) -> Double? in
        let found = row.words.filter { $0.text == word }
        guard found.count == 1, entry.tokens.filter({ $0.0 == word }).count == 1 else {
          return nil
        }
        return found[0].left
      }
      let window = Array(part)
      for (i, a) in window.enumerated() {
        for b in window.dropFirst(i + 1) {
          guard let x = left(a.0), let y = left(b.0) else { continue }
          // Within a stretch (or an English line) left to right; an Arabic line's stretches
          // right to left.
          let leftToRight = entry.english || a.1 == b.1
          if leftToRight ? x >= y : x <= y {
            problems.append(
              "'\(a.0)' drawn \(x < y ? "left" : "right") of '\(b.0)' in "
                + "'\(entry.text.prefix(60))'")
          }
        }
      }
    }
    var seen = Set<String>()
    return problems.filter { seen.insert($0).inserted }
  }
}
