// SPDX-License-Identifier: Apache-2.0
/// One line that differs between two texts.
public struct TextChange: Sendable, Equatable {
  public enum Kind: String, Sendable {
    /// In the first text only.
    case removed = "-"
    /// In the second text only.
    case added = "+"
  }

  public let kind: Kind
  public let line: String

  public init(_ kind: Kind, _ line: String) {
    self.kind = kind
    self.line = line
  }
}

/// A line diff (longest common subsequence) of two page texts.
public enum TextDiff {
  /// The lines removed from `a` and added in `b`, in reading order; empty when equal.
  public static func lines(_ a: String, _ b: String) -> [TextChange] {
    if a == b { return [] }
    let left = a.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let right = b.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let n = left.count
    let m = right.count
    let common = CommonSubsequence.table(n, m) { left[$0] == right[$1] }
    var changes: [TextChange] = []
    var i = 0
    var j = 0
    while i < n || j < m {
      if i < n, j < m, left[i] == right[j] {
        i += 1
        j += 1
      } else if j < m, i == n || common[i][j + 1] > common[i + 1][j] {
        changes.append(TextChange(.added, right[j]))
        j += 1
      } else {
        changes.append(TextChange(.removed, left[i]))
        i += 1
      }
    }
    return changes
  }
}
