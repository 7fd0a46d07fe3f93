// SPDX-License-Identifier: Apache-2.0
/// Which page of A goes with which page of B.
public struct PagePair: Sendable, Equatable {
  /// 1-based; nil when the page exists in one document only.
  public let a: Int?
  public let b: Int?

  public init(a: Int?, b: Int?) {
    self.a = a
    self.b = b
  }
}

/// Pairs pages by similarity, so an inserted or removed page leaves the others paired even
/// when every later page's running footer ("Page 3 of 4") changed with it.
///
/// Each page gets a fingerprint after the masks are applied (`--mask`, `--mask-text` and the
/// marked per-print values): the multiset of its words and the mean darkness of 16 × 16 blocks
/// of an 18 dpi rendering with the masked areas painted white. Two pages' similarity is the
/// Dice coefficient of their words (shared words, twice, over all words) weighted 3 to 1 with
/// the likeness of their blocks (one minus the absolute difference over the total darkness);
/// pages without text on both sides are compared by their blocks only. The order-keeping
/// pairing with the largest sum of (similarity − ½) anchors the result; between anchors, the
/// remaining pages are paired where they are most alike (an edited page) and the surplus is
/// inserted (only in B) or removed (only in A).
enum PageAlignment {
  struct Fingerprint: Equatable {
    let words: [String: Int]
    let wordCount: Int
    let blocks: [Double]

    init(words list: [Substring], blocks: [Double]) {
      var words: [String: Int] = [:]
      for word in list { words[String(word), default: 0] += 1 }
      self.words = words
      wordCount = list.count
      self.blocks = blocks
    }

    /// 0 (nothing alike) to 1 (same words, same picture).
    func similarity(_ other: Fingerprint) -> Double {
      let picture = PageAlignment.likeness(blocks, other.blocks)
      if wordCount == 0 && other.wordCount == 0 { return picture }
      var shared = 0
      for (word, count) in words { shared += min(count, other.words[word] ?? 0) }
      let text = 2 * Double(shared) / Double(wordCount + other.wordCount)
      return 0.75 * text + 0.25 * picture
    }
  }

  static let fingerprintDPI = 18.0
  static let side = 16
  /// Pages less alike than this are not paired on their own.
  static let anchorLevel = 0.5

  /// The pairs of `a` and `b`; `masks(document, page)` gives the areas (points) left out of a
  /// page's fingerprint, `document` 0 for A and 1 for B.
  static func pairs(
    _ a: PDFDocument, _ b: PDFDocument, masks: (Int, Int, PageText) -> [PointRect]
  ) throws(VisualError) -> [PagePair] {
    align(try fingerprints(a) { masks(0, $0, $1) }, try fingerprints(b) { masks(1, $0, $1) })
  }

  /// Page 1 with page 1, and so on; the longer document's surplus unpaired.
  static func positional(_ countA: Int, _ countB: Int) -> [PagePair] {
    (0..<max(countA, countB)).map {
      PagePair(a: $0 < countA ? $0 + 1 : nil, b: $0 < countB ? $0 + 1 : nil)
    }
  }

  static func fingerprints(
    _ document: PDFDocument, masks: (Int, PageText) -> [PointRect]
  ) throws(VisualError) -> [Fingerprint] {
    var result: [Fingerprint] = []
    for page in stride(from: 1, through: document.pageCount, by: 1) {
      let text = try document.pageText(page: page)
      let hidden = masks(page, text)
      let words = text.text(leavingOut: hidden).split(whereSeparator: \.isWhitespace)
      var raster = try document.render(page: page, dpi: fingerprintDPI)
      let grid = PixelGrid(dpi: fingerprintDPI)
      for rect in hidden {
        guard let box = grid.pixelRect(rect, clipWidth: raster.width, clipHeight: raster.height)
        else { continue }
        for y in box.y..<box.y + box.height {
          for x in box.x..<box.x + box.width { raster[x, y] = Raster.white }
        }
      }
      result.append(Fingerprint(words: words, blocks: blocks(raster)))
    }
    return result
  }

  /// The mean darkness of `side` × `side` blocks.
  static func blocks(_ raster: Raster) -> [Double] {
    var sums = [Double](repeating: 0, count: side * side)
    var counts = [Double](repeating: 0, count: side * side)
    for y in 0..<raster.height {
      for x in 0..<raster.width {
        let index = (y * side / raster.height) * side + x * side / raster.width
        sums[index] += Double(ShiftCheck.darkness(raster[x, y]))
        counts[index] += 1
      }
    }
    return zip(sums, counts).map { $1 > 0 ? $0 / $1 : 0 }
  }

  /// 1 for the same blocks, 0 for nothing in common; two blank pages are alike.
  static func likeness(_ a: [Double], _ b: [Double]) -> Double {
    var difference = 0.0
    var total = 0.0
    for (x, y) in zip(a, b) {
      difference += abs(x - y)
      total += x + y
    }
    return total < 1e-9 ? 1 : max(0, 1 - difference / total)
  }

  static func align(_ a: [Fingerprint], _ b: [Fingerprint]) -> [PagePair] {
    let similarity = a.map { page in b.map { page.similarity($0) } }
    let anchors = matching(Array(0..<a.count), Array(0..<b.count)) {
      similarity[$0][$1] - anchorLevel
    }
    var pairs: [PagePair] = []
    var gapA: [Int] = []
    var gapB: [Int] = []
    func flush() {
      // Between anchors, as many pairs as both sides have pages, where they are most alike.
      let bonus = Double(gapA.count + gapB.count) + 1
      let inside = matching(gapA, gapB) { similarity[$0][$1] + bonus }
      var pairedA = Set<Int>()
      var pairedB = Set<Int>()
      for (i, j) in inside {
        pairedA.insert(i)
        pairedB.insert(j)
      }
      var i = 0
      var j = 0
      var next = 0
      while i < gapA.count || j < gapB.count {
        if next < inside.count, i < gapA.count, j < gapB.count, inside[next] == (gapA[i], gapB[j]) {
          pairs.append(PagePair(a: gapA[i] + 1, b: gapB[j] + 1))
          (i, j, next) = (i + 1, j + 1, next + 1)
        } else if i < gapA.count, !pairedA.contains(gapA[i]) {
          pairs.append(PagePair(a: gapA[i] + 1, b: nil))
          i += 1
        } else {
          pairs.append(PagePair(a: nil, b: gapB[j] + 1))
          j += 1
        }
      }
      gapA = []
      gapB = []
    }
    var i = 0
    var j = 0
    for (ai, bj) in anchors {
      while i < ai {
        gapA.append(i)
        i += 1
      }
      while j < bj {
        gapB.append(j)
        j += 1
      }
      flush()
      pairs.append(PagePair(a: ai + 1, b: bj + 1))
      (i, j) = (ai + 1, bj + 1)
    }
    gapA += Array(i..<a.count)
    gapB += Array(j..<b.count)
    flush()
    return pairs
  }

  /// The order-keeping pairs of `a` and `b` with the largest sum of `score` over positive
  /// scores (dynamic programming, as for an alignment with free gaps).
  static func matching(_ a: [Int], _ b: [Int], score: (Int, Int) -> Double) -> [(Int, Int)] {
    let n = a.count
    let m = b.count
    guard n > 0, m > 0 else { return [] }
    var best = [[Double]](repeating: [Double](repeating: 0, count: m + 1), count: n + 1)
    for i in stride(from: n - 1, through: 0, by: -1) {
      for j in stride(from: m - 1, through: 0, by: -1) {
        let pair = score(a[i], b[j])
        best[i][j] = max(
          best[i + 1][j], best[i][j + 1], pair > 0 ? best[i + 1][j + 1] + pair : -Double.infinity)
      }
    }
    var result: [(Int, Int)] = []
    var i = 0
    var j = 0
    while i < n && j < m {
      let pair = score(a[i], b[j])
      if pair > 0, best[i][j] == best[i + 1][j + 1] + pair {
        result.append((a[i], b[j]))
        i += 1
        j += 1
      } else if best[i][j] == best[i + 1][j] {
        i += 1
      } else {
        j += 1
      }
    }
    return result
  }
}
