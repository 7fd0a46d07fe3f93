// SPDX-License-Identifier: Apache-2.0
import RuaCore

/// Phone numbers and the words of people's names are never broken across lines (issue 30:
/// "Mei- / Ling", "张 / 伟", a pharmacy phone split at its space): every occurrence in a
/// document's text becomes a run of its own marked `keepsWhole`, which the renderer lays out
/// without a break inside. A name may still wrap between its words.
enum KeptWhole {
  /// The phone numbers and name words of the record, longest first (so a phone wins over a
  /// shorter one inside it).
  static func tokens(_ patient: Patient) -> [String] {
    var names = [patient.fullName, patient.preferredName ?? ""]
    var phones = [patient.phone ?? ""]
    for contact in patient.contacts {
      names.append(contact.name)
      phones += [contact.phone ?? "", contact.altPhone ?? ""]
    }
    for member in patient.careTeam {
      names.append(member.name)
      phones.append(member.phone ?? "")
    }
    phones.append(patient.pharmacy?.phone ?? "")
    let words = names.flatMap { name in
      name.split(whereSeparator: \.isWhitespace).map {
        String($0).trimmingEdges { "()[]{},;:·\"'“”«»".contains($0) }
      }
    }
    let phoneTexts = phones.map { $0.trimmingEdges(\.isWhitespace) }
    var seen = Set<String>()
    // One letter is no word to keep; a phone always is.
    let kept = (phoneTexts + words).filter { $0.count > 1 && seen.insert($0).inserted }
    return kept.sorted { $0.count != $1.count ? $0.count > $1.count : $0 < $1 }
  }

  /// A wallet card's parts, marked alike.
  static func marked(_ parts: [CardPart], tokens: [String]) -> [CardPart] {
    guard !tokens.isEmpty else { return parts }
    return parts.map { part in
      switch part {
      case .block(let block): return .block(marked(block, tokens))
      case .list(var list):
        list.items = list.items.map {
          ListItem(marker: $0.marker, text: marked($0.text, tokens: tokens))
        }
        return .list(list)
      }
    }
  }

  static func marked(_ blocks: [Block], tokens: [String]) -> [Block] {
    guard !tokens.isEmpty else { return blocks }
    return blocks.map { marked($0, tokens) }
  }

  private static func marked(_ block: Block, _ tokens: [String]) -> Block {
    func m(_ text: StyledText) -> StyledText { marked(text, tokens: tokens) }
    switch block {
    case .heading(let level, let text): return .heading(level: level, m(text))
    case .paragraph(let text): return .paragraph(m(text))
    case .keyValues(let rows):
      return .keyValues(rows.map { KeyValue(label: $0.label, value: m($0.value)) })
    case .list(let items):
      return .list(items.map { ListItem(marker: $0.marker, text: m($0.text)) })
    case .table(var table):
      table.rows = table.rows.map { $0.map(m) }
      return .table(table)
    case .alert(var alert):
      alert.text = m(alert.text)
      return .alert(alert)
    case .stamp(let text): return .stamp(m(text))
    case .checklist(let items):
      return .checklist(items.map { ChecklistItem(m($0.text), checked: $0.checked) })
    case .columns(let inner): return .columns(inner.map { marked($0, tokens) })
    }
  }

  /// `text` with every occurrence of a token as a `keepsWhole` run of its own. A token made of
  /// letters only counts where it is a whole word ("Ana" is not kept inside "Anastasia");
  /// Chinese and Japanese names have no spaces around them and count anywhere.
  /// `searchingBytes` false searches every run by Characters (what the tests compare).
  static func marked(_ text: StyledText, tokens: [String], searchingBytes: Bool = true)
    -> StyledText
  {
    var runs: [TextRun] = []
    for run in text.runs {
      guard run.volatile == nil, !run.keepsWhole else {
        runs.append(run)
        continue
      }
      // The Character search below is slow (it was a fifth of a batch sheet): a token that
      // cannot occur in this run is not searched for.
      let searched = Searched(run.text)
      let tokens = tokens.filter { searched.mayHold($0) }
      guard !tokens.isEmpty else {
        if !run.text.isEmpty { runs.append(run) }
        continue
      }
      func piece(_ part: Substring, whole: Bool) {
        guard !part.isEmpty else { return }
        var copy = run
        copy.text = String(part)
        copy.keepsWhole = whole
        runs.append(copy)
      }
      // A run of ASCII only can hold only ASCII tokens (`mayHold`), and there each Character
      // is one byte (but CR LF, which no token starts or ends with: tokens are trimmed of
      // spaces), so the bytes are searched instead, with the same answers.
      let match = ByteMatch(text: run.text, bytes: searched.bytes, isASCII: searched.isASCII)
      if searched.isASCII, searchingBytes {
        func cut(_ bytes: Range<Int>) -> Substring {
          let lower = run.text.utf8.index(run.text.startIndex, offsetBy: bytes.lowerBound)
          return run.text[lower..<run.text.utf8.index(lower, offsetBy: bytes.count)]
        }
        var start = 0
        let wanted = tokens.map { Array($0.utf8) }
        while let range = firstToken(in: searched.bytes, from: start, wanted, match) {
          piece(cut(start..<range.lowerBound), whole: false)
          piece(cut(range), whole: true)
          start = range.upperBound
        }
        piece(cut(start..<searched.bytes.count), whole: false)
        continue
      }
      // In any other run ("Morphine — itching", a contact line with "·") the ASCII tokens are
      // still searched by bytes (`ByteMatch`), unless it holds a character equal to an ASCII
      // one; and the Latin, Cyrillic and Han ones (José, Иван, 赵静) unless it holds one equal
      // to one of theirs (`Searched.hasEquivalent`).
      let bytes = searchingBytes && !searched.hasASCIIEquivalent ? match : nil
      let others = searchingBytes && !searched.hasEquivalent
      var rest = Substring(run.text)
      while let (range, _) = firstToken(in: rest, tokens, bytes, others: others) {
        piece(rest[..<range.lowerBound], whole: false)
        piece(rest[range], whole: true)
        rest = rest[range.upperBound...]
      }
      piece(rest, whole: false)
    }
    return StyledText(runs)
  }

  /// The earliest whole occurrence of any token (the longest at the same place); the ASCII
  /// tokens found by their bytes when `bytes` is given, and the `Searched.bytesDecide` ones
  /// too when `others`.
  private static func firstToken(
    in text: Substring, _ tokens: [String], _ bytes: ByteMatch?, others: Bool
  ) -> (Range<Substring.Index>, String)? {
    var best: (Range<Substring.Index>, String)?
    for token in tokens {
      if let bytes,
        token.utf8.allSatisfy({ $0 < 0x80 }) || (others && Searched.bytesDecide(token))
      {
        if let range = bytes.first(Array(token.utf8), in: text),
          best.map({ range.lowerBound < $0.0.lowerBound }) ?? true
        {
          best = (range, token)
        }
        continue
      }
      var from = text.startIndex
      while from < text.endIndex, let range = text[from...].firstRange(of: token) {
        if isWhole(range, in: text) {
          if let found = best, found.0.lowerBound <= range.lowerBound { break }
          best = (range, token)
          break
        }
        from = text.index(after: range.lowerBound)
      }
    }
    return best
  }

  /// `firstToken(in:_:)` over the bytes of ASCII tokens: the text is `bytes[start...]`.
  private static func firstToken(
    in bytes: [UInt8], from start: Int, _ tokens: [[UInt8]], _ match: ByteMatch
  ) -> Range<Int>? {
    var best: Range<Int>?
    for token in tokens {
      var from = start
      while from < bytes.count, let found = Searched.find(token, in: bytes, from: from) {
        let range = found..<(found + token.count)
        if match.whole(range, from: start) {
          if let earlier = best, earlier.lowerBound <= range.lowerBound { break }
          best = range
          break
        }
        from = found + 1
      }
    }
    return best
  }

  /// Whether the bytes of an ASCII token found in a run are a whole occurrence, as the
  /// Character search would find it. In an ASCII run every byte is a Character. In any other
  /// run the token's Characters (ASCII, none canonically equal to another Character when the
  /// run holds none of U+037E, U+1FEF, U+212A) match exactly where its bytes do and both ends
  /// are Character boundaries (a combining accent after "Jose" makes "José", no match); the
  /// Characters either side then decide, as in the Character search.
  struct ByteMatch {
    let text: String
    let bytes: [UInt8]
    let isASCII: Bool

    /// The first whole occurrence of the ASCII `token` in `text`, a part of this run that
    /// starts at a Character boundary and runs to its end.
    func first(_ token: [UInt8], in text: Substring) -> Range<String.Index>? {
      let start = self.text.utf8.distance(from: self.text.startIndex, to: text.startIndex)
      var from = start
      while from < bytes.count, let found = Searched.find(token, in: bytes, from: from) {
        let range = found..<(found + token.count)
        if whole(range, from: start) {
          let utf8 = self.text.utf8
          let lower = utf8.index(utf8.startIndex, offsetBy: found)
          return lower..<utf8.index(lower, offsetBy: token.count)
        }
        from = found + 1
      }
      return nil
    }

    func whole(_ range: Range<Int>, from start: Int) -> Bool {
      if isASCII {
        func joins(_ a: UInt8, _ b: UInt8) -> Bool {
          isWordLetter(Character(Unicode.Scalar(a))) && isWordLetter(Character(Unicode.Scalar(b)))
        }
        if range.lowerBound > start, joins(bytes[range.lowerBound - 1], bytes[range.lowerBound]) {
          return false
        }
        if range.upperBound < bytes.count,
          joins(bytes[range.upperBound - 1], bytes[range.upperBound])
        {
          return false
        }
        return true
      }
      let utf8 = text.utf8
      guard
        let lower = utf8.index(utf8.startIndex, offsetBy: range.lowerBound).samePosition(in: text),
        let upper = utf8.index(utf8.startIndex, offsetBy: range.upperBound).samePosition(in: text)
      else { return false }
      func joins(_ a: Character, _ b: Character) -> Bool { isWordLetter(a) && isWordLetter(b) }
      if range.lowerBound > start, joins(text[text.index(before: lower)], text[lower]) {
        return false
      }
      if upper < text.endIndex, joins(text[text.index(before: upper)], text[upper]) {
        return false
      }
      return true
    }
  }

  /// A run's text, read once for the cheap test of which tokens it may hold.
  struct Searched {
    let bytes: [UInt8]
    let isASCII: Bool
    /// Holds U+037E, U+1FEF or U+212A, the only characters canonically equivalent to ASCII
    /// ones (";", "`", "K"), which a Character comparison finds and a byte search would not.
    let hasASCIIEquivalent: Bool
    /// Holds a character that makes, alone or with the one before it, a Character canonically
    /// equivalent to one of a `bytesDecide` token: one of those three, a combining mark of
    /// U+0300–U+036F (a decomposed é, й, ễ), U+212B ANGSTROM SIGN (Å), or a CJK compatibility
    /// ideograph (U+F900–U+FAFF, U+2F800–U+2FA1F, each equal to a unified one).
    let hasEquivalent: Bool

    init(_ text: String) {
      bytes = Array(text.utf8)
      isASCII = bytes.allSatisfy { $0 < 0x80 }
      var ascii = false
      var other = false
      if !isASCII {
        for scalar in text.unicodeScalars {
          switch scalar.value {
          case 0x37E, 0x1FEF, 0x212A: ascii = true
          case 0x300...0x36F, 0x212B, 0xF900...0xFAFF, 0x2F800...0x2FA1F: other = true
          default: continue
          }
        }
      }
      hasASCIIEquivalent = ascii
      hasEquivalent = ascii || other
    }

    /// A token of ASCII, Latin (U+00C0–U+024F, U+1E00–U+1EFF), Cyrillic (U+0400–U+04FF) and
    /// Han (U+4E00–U+9FFF) letters, none a combining mark: each of its Characters is one
    /// that no other sequence equals except through a character `hasEquivalent` looks for,
    /// so in a run without those its bytes are found exactly where its Characters are
    /// (`ByteMatch` then checks that both ends are Character boundaries).
    static func bytesDecide(_ token: String) -> Bool {
      token.unicodeScalars.allSatisfy {
        switch $0.value {
        case 0...0x7F, 0xC0...0x24F, 0x400...0x482, 0x48A...0x4FF, 0x1E00...0x1EFF, 0x4E00...0x9FFF:
          return true
        default: return false
        }
      }
    }

    /// False only when `token` cannot be in the text as Characters: an ASCII token's bytes
    /// must be in the text's bytes, a token with any other letter cannot be in a text of
    /// ASCII only, and a `bytesDecide` token's bytes must be in a text without `hasEquivalent`.
    func mayHold(_ token: String) -> Bool {
      if token.utf8.allSatisfy({ $0 < 0x80 }) {
        if hasASCIIEquivalent { return true }
      } else {
        guard !isASCII else { return false }
        if hasEquivalent || !Self.bytesDecide(token) { return true }
      }
      // The token's own bytes, not a copy (this runs for every token and every run).
      return token.utf8.withContiguousStorageIfAvailable(contains) ?? contains(Array(token.utf8))
    }

    private func contains(_ part: some RandomAccessCollection<UInt8>) -> Bool {
      part.isEmpty || Self.find(part, in: bytes, from: 0) != nil
    }

    /// Where `part` (not empty) first occurs in `bytes` at or after `from`.
    static func find(_ part: some RandomAccessCollection<UInt8>, in bytes: [UInt8], from: Int)
      -> Int?
    {
      guard let first = part.first, bytes.count >= part.count else { return nil }
      var start = from
      while start <= bytes.count - part.count {
        if bytes[start] == first {
          var index = 1
          var next = part.index(after: part.startIndex)
          while index < part.count, bytes[start + index] == part[next] {
            index += 1
            next = part.index(after: next)
          }
          if index == part.count { return start }
        }
        start += 1
      }
      return nil
    }
  }

  private static func isWhole(_ range: Range<Substring.Index>, in text: Substring) -> Bool {
    func joins(_ a: Character, _ b: Character) -> Bool { isWordLetter(a) && isWordLetter(b) }
    if range.lowerBound > text.startIndex,
      joins(text[text.index(before: range.lowerBound)], text[range.lowerBound])
    {
      return false
    }
    if range.upperBound < text.endIndex,
      joins(text[text.index(before: range.upperBound)], text[range.upperBound])
    {
      return false
    }
    return true
  }

  /// A letter or digit of a script that separates words with spaces.
  private static func isWordLetter(_ character: Character) -> Bool {
    guard let scalar = character.unicodeScalars.first,
      scalar.properties.isAlphabetic || scalar.properties.numericType != nil
    else { return false }
    switch scalar.value {
    case 0x2E80...0x9FFF, 0xF900...0xFAFF, 0x20000...0x3FFFF: return false  // Han, kana
    default: return true
    }
  }
}

extension String {
  /// The text without the characters at either end that `drop` picks (no Foundation here).
  func trimmingEdges(_ drop: (Character) -> Bool) -> String {
    var view = Substring(self)
    while let first = view.first, drop(first) { view = view.dropFirst() }
    while let last = view.last, drop(last) { view = view.dropLast() }
    return String(view)
  }
}
