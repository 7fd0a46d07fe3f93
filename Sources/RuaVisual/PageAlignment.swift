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

/// Pairs pages by content, so one inserted page does not make every later page different.
///
/// Each page gets a fingerprint: its text with whitespace collapsed, and a 64-bit average hash
/// of a tiny rendering (for pages without text). The longest common subsequence of equal
/// fingerprints anchors the pairing; between anchors, the remaining pages are paired in order
/// (an edited page) and the surplus is inserted (in B) or deleted (from A).
enum PageAlignment {
  struct Fingerprint: Equatable {
    let text: String
    let hash: UInt64

    func matches(_ other: Fingerprint) -> Bool {
      text == other.text && (hash ^ other.hash).nonzeroBitCount <= 6
    }
  }

  static let hashDPI = 9.0

  static func pairs(_ a: PDFDocument, _ b: PDFDocument) throws(VisualError) -> [PagePair] {
    align(try fingerprints(a), try fingerprints(b))
  }

  /// Page 1 with page 1, and so on; the longer document's surplus unpaired.
  static func positional(_ countA: Int, _ countB: Int) -> [PagePair] {
    (0..<max(countA, countB)).map {
      PagePair(a: $0 < countA ? $0 + 1 : nil, b: $0 < countB ? $0 + 1 : nil)
    }
  }

  static func fingerprints(_ document: PDFDocument) throws(VisualError) -> [Fingerprint] {
    var result: [Fingerprint] = []
    for page in stride(from: 1, through: document.pageCount, by: 1) {
      let text = try document.text(page: page).split(whereSeparator: \.isWhitespace)
        .joined(separator: " ")
      result.append(
        Fingerprint(text: text, hash: averageHash(try document.render(page: page, dpi: hashDPI))))
    }
    return result
  }

  /// 8 × 8 blocks, one bit each: darker than the page's mean.
  static func averageHash(_ raster: Raster) -> UInt64 {
    var blocks = [Int](repeating: 0, count: 64)
    for y in 0..<raster.height {
      for x in 0..<raster.width {
        blocks[(y * 8 / raster.height) * 8 + x * 8 / raster.width] += ShiftCheck.darkness(
          raster[x, y])
      }
    }
    let mean = blocks.reduce(0, +) / 64
    var hash: UInt64 = 0
    for (index, value) in blocks.enumerated() where value > mean { hash |= 1 << UInt64(index) }
    return hash
  }

  static func align(_ a: [Fingerprint], _ b: [Fingerprint]) -> [PagePair] {
    let n = a.count
    let m = b.count
    let common = CommonSubsequence.table(n, m) { a[$0].matches(b[$1]) }
    var pairs: [PagePair] = []
    var gapA: [Int] = []
    var gapB: [Int] = []
    func flush() {
      for index in 0..<max(gapA.count, gapB.count) {
        pairs.append(
          PagePair(
            a: index < gapA.count ? gapA[index] : nil, b: index < gapB.count ? gapB[index] : nil))
      }
      gapA = []
      gapB = []
    }
    var i = 0
    var j = 0
    while i < n || j < m {
      if i < n, j < m, a[i].matches(b[j]), common[i][j] == common[i + 1][j + 1] + 1 {
        flush()
        pairs.append(PagePair(a: i + 1, b: j + 1))
        i += 1
        j += 1
      } else if j < m, i == n || common[i][j + 1] >= common[i + 1][j] {
        gapB.append(j + 1)
        j += 1
      } else {
        gapA.append(i + 1)
        i += 1
      }
    }
    flush()
    return pairs
  }
}
