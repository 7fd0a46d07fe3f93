// SPDX-License-Identifier: Apache-2.0
extension StyledText {
  /// The text with every run marked `shortens` (free text the card may cut).
  public func shortening() -> StyledText {
    StyledText(
      runs.map {
        var run = $0
        run.shortens = true
        return run
      })
  }

  /// How many words its free text (the runs marked `shortens`) has: 0 when it has none.
  public var freeWords: Int {
    let free = runs.filter(\.shortens).map(\.text).joined()
    return free.isEmpty ? 0 : Self.wordEnds(free).count + 1
  }

  /// The text with its free text cut to its first `count` words (at most `freeWords` − 1)
  /// and `note` ("… see the ER sheet") in its place, so nothing is left out unsaid. The
  /// other runs (the allergen's name, its severity) are kept whole.
  public func shortened(to count: Int, note: StyledText) -> StyledText {
    guard let last = runs.lastIndex(where: \.shortens) else { return self }
    let free = runs.filter(\.shortens).map(\.text).joined()
    let ends = Self.wordEnds(free)
    guard count < ends.count + 1 else { return self }
    // The characters kept of the free text, without the space or comma before the cut.
    var left = count > 0 ? ends[count - 1] : 0
    var result: [TextRun] = []
    for (index, run) in runs.enumerated() {
      if run.shortens {
        let kept = run.text.prefix(left)
        left -= kept.count
        if !kept.isEmpty {
          var copy = run
          copy.text = String(kept)
          result.append(copy)
        }
      } else {
        result.append(run)
      }
      if index == last {
        let lead = result.last.map { $0.shortens } ?? false
        // A no-break space: the ellipsis never starts a line of its own.
        result += (lead ? StyledText("\u{A0}", style: run.style) + note : note).runs
      }
    }
    return StyledText(result)
  }

  /// Where each word of `text` but the last ends, in Characters: before a space that follows
  /// a word, or after a comma of a script without spaces ("、", "，"); the punctuation and
  /// spaces before a cut are not counted in.
  static func wordEnds(_ text: String) -> [Int] {
    let characters = Array(text)
    let closing: Set<Character> = [",", ";", ":", "、", "，", "；", "：", "。", "،", "؛"]
    var ends: [Int] = []
    var index = 0
    while index < characters.count {
      let character = characters[index]
      if character.isWhitespace || "、，；：。".contains(character) {
        var end = index
        while end > 0, closing.contains(characters[end - 1]) || characters[end - 1].isWhitespace {
          end -= 1
        }
        var next = index + 1
        while next < characters.count, characters[next].isWhitespace { next += 1 }
        if end > 0, next < characters.count, ends.last != end { ends.append(end) }
        index = next
      } else {
        index += 1
      }
    }
    return ends
  }
}
