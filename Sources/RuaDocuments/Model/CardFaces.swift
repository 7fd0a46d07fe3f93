// SPDX-License-Identifier: Apache-2.0
/// A list on a wallet card that may be cut short to fit: the card prints as many entries as
/// fit, in order, and then the line that announces the rest ("+ 3 more medicines: see the ER
/// sheet"). Nothing is left out without that line.
public struct CardList: Equatable, Sendable {
  /// How the entries are printed: inside a band or on one line after a label (joined on one
  /// text), or as a list under a heading.
  public enum Shape: Equatable, Sendable {
    case band(Tone, label: StyledText)
    case inline(label: StyledText)
    case list(heading: StyledText)
  }

  public var shape: Shape
  public var items: [ListItem]
  /// `{count}` is the number of entries not printed, in the form the count takes.
  public var more: TableOverflowNote
  /// Entries this list holds on to while another list on the face can still give one up (the
  /// first two contacts, the critical medicines).
  public var keep: Int
  /// Which list gives up entries first when the face is full: the lowest.
  public var yieldOrder: Int
  /// Between a band's entries (the code status and its directive: " — ").
  public var separator: String
  /// Entries never cut, however full the face (the code status itself).
  public var minimum: Int
  /// What an entry whose free text was cut short prints in its place ("… see the ER sheet",
  /// `StyledText.shortened(to:note:)`); nil: no entry's text is cut.
  public var shortenedNote: StyledText?
  /// The first words of an entry's free text that are never cut: a code status of up to this
  /// many words is the status itself ("DNR / DNI", "Full code"); a longer one is a note.
  public var wholeWords: Int

  public init(
    shape: Shape, items: [ListItem], more: TableOverflowNote, keep: Int = 1, yieldOrder: Int = 0,
    separator: String = ";  ", minimum: Int = 0, shortenedNote: StyledText? = nil,
    wholeWords: Int = 0
  ) {
    self.shape = shape
    self.items = items
    self.more = more
    self.keep = keep
    self.yieldOrder = yieldOrder
    self.separator = separator
    self.minimum = minimum
    self.shortenedNote = shortenedNote
    self.wholeWords = wholeWords
  }

  /// The words of each entry's free text that may be cut (0: none, or no note to say so).
  public var freeWords: [Int] {
    items.map { shortenedNote == nil ? 0 : $0.text.freeWords }
  }

  /// What a cut entry ends with when its band or line ends with the list's pointer ("+ 2 more
  /// allergies: see the ER sheet"): the note's ellipsis alone ("…", "……"), the pointer after
  /// it saying where the rest is, so a crowded bilingual band says "see the ER sheet" once in
  /// each language, not twice (issue 30). Nil when the note opens with no ellipsis.
  public var shortenedMark: StyledText? {
    guard let first = shortenedNote?.runs.first else { return nil }
    let mark = first.text.prefix { !$0.isLetter && !$0.isWhitespace && !$0.isNumber }
    guard !mark.isEmpty else { return nil }
    var run = first
    run.text = String(mark)
    run.secondLanguage = false
    return StyledText([run])
  }

  /// The line announcing every entry, when `shown` is none and the list is not in a band
  /// (a band keeps its label): what `blocks(shown:)` sets as its only paragraph.
  public func pointerAlone(shown: Int) -> StyledText? {
    if case .band = shape { return nil }
    guard shown <= 0, !items.isEmpty else { return nil }
    return more.text(count: items.count, page: 0)
  }

  /// The blocks with the first `shown` entries and, when some are left, the line saying how
  /// many and where they are; an entry with a number in `words` has its free text cut to that
  /// many words and says so.
  public func blocks(shown: Int, words: [Int?] = []) -> [Block] {
    let count = min(max(shown, 0), items.count)
    let left = items.count - count
    let note = left > 0 ? more.text(count: left, page: 0) : nil
    // A band or line that ends with its pointer says where the rest is once (`shortenedMark`);
    // a list's pointer is a line of its own, under the entries.
    var cutNote = shortenedNote
    if note != nil, let mark = shortenedMark {
      if case .list = shape {} else { cutNote = mark }
    }
    let items = self.items.enumerated().map { index, item in
      guard index < words.count, let kept = words[index], let cutNote else { return item }
      return ListItem(marker: item.marker, text: item.text.shortened(to: kept, note: cutNote))
    }
    func line(_ separator: StyledText) -> StyledText {
      var text = StyledText.empty
      for item in items.prefix(count) {
        if !text.isEmpty { text = text + separator }
        text = text + item.text
      }
      if let note {
        if !text.isEmpty { text = text + StyledText("  ", style: separator.baseStyle ?? "body") }
        text = text + note
      }
      return text
    }
    switch shape {
    case .band(let tone, let label):
      let text = line(StyledText(separator, style: "band-text"))
      return [.alert(Alert(tone: tone, label: label, text: text))]
    case .inline(let label):
      // Nothing of it shown: the line announcing the rest says what they are on its own.
      if count == 0, let note { return [.paragraph(note)] }
      let entries = line(StyledText(" · ", style: "body"))
      // No label (the pharmacy's entry carries its own): no space before the entries.
      if label.isEmpty { return [.paragraph(entries)] }
      return [.paragraph(label + StyledText("  ", style: "body") + entries)]
    case .list(let heading):
      // Nothing of it shown: the pointer names the list on its own ("+ 5 more medicines: see
      // the ER sheet"), and a crowded back keeps the lines of its heading for another list.
      if count == 0, let note { return [.paragraph(note)] }
      var blocks: [Block] = [.heading(level: 3, heading)]
      if count > 0 { blocks.append(.list(Array(items.prefix(count)))) }
      if let note { blocks.append(.paragraph(note)) }
      return blocks
    }
  }
}

/// One part of a card face: fixed content, or a list that may be cut short.
public enum CardPart: Equatable, Sendable {
  case block(Block)
  case list(CardList)
}

/// The two faces of a wallet card (ISO/IEC 7810 ID-1) and how they go on paper.
public struct CardFaces: Equatable, Sendable {
  public var front: [CardPart]
  /// The back face ends with the document's footer (printed time, review-by date, the log
  /// anchor when there is one, versions), drawn by `CardLayout`.
  public var back: [CardPart]
  /// On a sheet of paper, under the cards: print at 100 %, cut, fold.
  public var sheetNote: StyledText

  public init(front: [CardPart], back: [CardPart], sheetNote: StyledText) {
    self.front = front
    self.back = back
    self.sheetNote = sheetNote
  }
}
