// SPDX-License-Identifier: Apache-2.0
/// The longest-common-subsequence table both the page pairing and the text diff walk.
enum CommonSubsequence {
  /// `table[i][j]`: the LCS length of the suffixes from `i` (of `n` items) and `j` (of `m`).
  static func table(_ n: Int, _ m: Int, matches: (Int, Int) -> Bool) -> [[Int]] {
    var common = [[Int]](repeating: [Int](repeating: 0, count: m + 1), count: n + 1)
    for i in stride(from: n - 1, through: 0, by: -1) {
      for j in stride(from: m - 1, through: 0, by: -1) {
        common[i][j] =
          matches(i, j) ? common[i + 1][j + 1] + 1 : max(common[i + 1][j], common[i][j + 1])
      }
    }
    return common
  }
}
