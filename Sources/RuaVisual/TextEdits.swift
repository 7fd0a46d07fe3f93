// SPDX-License-Identifier: Apache-2.0
/// The lines (and table rows) whose words changed between two pages. A digit or a word deleted
/// or added inside a line moves the rest of that line by a glyph or a word ("5562" → "562"
/// lays the second 5 where the first was), which the pixels alone take for a move of a block;
/// on such a line nothing is a move, whatever --max-shift says.
enum TextEdits {
  /// A word and the box of its letters.
  struct Word: Equatable {
    let text: String
    let box: PointRect
  }

  /// Points added around a line's box.
  static let margin = 1.0

  /// Boxes (points) of every line, on either page, holding a word the other page lacks: the
  /// words of both pages whose middle lies within that word's height, and the word itself.
  /// Words that only moved in reading order (the same word unmatched on both sides) are not
  /// edits.
  static func lines(_ a: PageText, _ b: PageText) -> [PointRect] {
    let (wordsA, wordsB) = (a.wordBoxes(), b.wordBoxes())
    var (onlyA, onlyB) = unmatched(wordsA.map(\.text), wordsB.map(\.text))
    // A word left over on both sides is one the reading order put elsewhere.
    for (index, i) in onlyA.enumerated().reversed() {
      if let j = onlyB.firstIndex(where: { wordsB[$0].text == wordsA[i].text }) {
        onlyA.remove(at: index)
        onlyB.remove(at: j)
      }
    }
    let edited = onlyA.map { wordsA[$0].box } + onlyB.map { wordsB[$0].box }
    return edited.map { word in
      let line = (wordsA + wordsB).reduce(word) { line, other in
        let middle = other.box.y + other.box.height / 2
        return middle >= word.y && middle <= word.y + word.height ? line.union(other.box) : line
      }
      // The glyphs' anti-aliased rims reach a little beyond their boxes.
      return PointRect(
        x: line.x - margin, y: line.y - margin, width: line.width + 2 * margin,
        height: line.height + 2 * margin)
    }
  }

  /// Indices of the words of `a` and of `b` outside their longest common subsequence (after
  /// the common start and end, so an edit costs only the words between).
  static func unmatched(_ a: [String], _ b: [String]) -> ([Int], [Int]) {
    var start = 0
    while start < min(a.count, b.count), a[start] == b[start] { start += 1 }
    var end = 0
    while end < min(a.count, b.count) - start, a[a.count - 1 - end] == b[b.count - 1 - end] {
      end += 1
    }
    let middleA = Array(a[start..<a.count - end])
    let middleB = Array(b[start..<b.count - end])
    let common = CommonSubsequence.table(middleA.count, middleB.count) {
      middleA[$0] == middleB[$1]
    }
    var (i, j) = (0, 0)
    var (onlyA, onlyB): ([Int], [Int]) = ([], [])
    while i < middleA.count || j < middleB.count {
      if i < middleA.count, j < middleB.count, middleA[i] == middleB[j] {
        (i, j) = (i + 1, j + 1)
      } else if j == middleB.count || (i < middleA.count && common[i + 1][j] >= common[i][j + 1]) {
        onlyA.append(start + i)
        i += 1
      } else {
        onlyB.append(start + j)
        j += 1
      }
    }
    return (onlyA, onlyB)
  }
}

extension PageText {
  /// Every word of the page (split as the regions' quotes split them) with its letters' box.
  func wordBoxes() -> [TextEdits.Word] {
    var words: [TextEdits.Word] = []
    var text = String.UnicodeScalarView()
    var box: PointRect?
    func finish() {
      if let found = box, !text.isEmpty {
        words.append(TextEdits.Word(text: String(text), box: found))
      }
      text = String.UnicodeScalarView()
      box = nil
    }
    for index in scalars.indices {
      if index > 0, isWordBreak(before: index) { finish() }
      guard !Self.isSpace(scalars[index]) else { continue }
      text.append(scalars[index])
      if let letter = boxes[index] { box = box.map { $0.union(letter) } ?? letter }
    }
    finish()
    return words
  }
}
