// SPDX-License-Identifier: Apache-2.0
extension TableOverflowNote {
  /// Notes printed together, each language's shared "…: see the ER sheet" once: "+ 3 more
  /// contacts · + 26 more medicines: see the ER sheet / …". A crowded bilingual wallet card
  /// spent a line on each repeated tail (issue 30). Notes whose tails differ, in either
  /// language, are joined whole.
  static func joined(_ notes: [(note: TableOverflowNote, count: Int)]) -> StyledText {
    guard let style = notes.first?.note.style else { return .empty }
    let filled = notes.map { $0.note.strings(count: $0.count, page: 0) }
    let seconds = filled.compactMap(\.second)
    let second = seconds.count == filled.count ? shared(seconds) : nil
    guard let first = shared(filled.map(\.first)), seconds.isEmpty || second != nil else {
      var text = StyledText.empty
      for (note, count) in notes {
        if !text.isEmpty { text = text + StyledText(" · ", style: "body") }
        text = text + note.text(count: count, page: 0)
      }
      return text
    }
    return Labels.pair(first, second, style: style, separator: " / ")
  }

  /// `texts` with the tail from each one's last colon ("：" in Chinese) printed once, when
  /// they all end in the same one; else nil.
  private static func shared(_ texts: [String]) -> String? {
    var heads: [String] = []
    var tail: String?
    for text in texts {
      guard let colon = text.lastIndex(where: { $0 == ":" || $0 == "：" }) else { return nil }
      let own = String(text[colon...])
      if tail.map({ $0 != own }) ?? false { return nil }
      tail = own
      heads.append(String(text[..<colon]))
    }
    return tail.map { heads.joined(separator: " · ") + $0 }
  }
}
