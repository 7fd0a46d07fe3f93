// SPDX-License-Identifier: Apache-2.0
/// "page 2 inserted in B; A's pages 2–3 are B's 3–4, unchanged": how pages were paired when
/// the page counts differ.
enum PairingSummary {
  static func describe(_ pages: [PageDiff], nameA: String, nameB: String) -> String? {
    var parts: [String] = []
    let inserted = pages.filter { $0.pageA == nil }.compactMap(\.pageB)
    let removed = pages.filter { $0.pageB == nil }.compactMap(\.pageA)
    if !inserted.isEmpty { parts.append("\(list("page", inserted)) inserted in \(nameB)") }
    if !removed.isEmpty { parts.append("\(list("page", removed)) of \(nameA) removed") }
    // Runs of paired pages whose numbers moved.
    var run: [PageDiff] = []
    func flush() {
      guard let first = run.first, let last = run.last, let a0 = first.pageA, let b0 = first.pageB,
        let a1 = last.pageA, let b1 = last.pageB
      else { return }
      let changed = run.filter(\.isDifferent).count
      let state = changed == 0 ? "unchanged" : "\(changed) of them different"
      let range = { (x: Int, y: Int) in x == y ? "\(x)" : "\(x)–\(y)" }
      parts.append(
        "\(nameA)'s page\(a0 == a1 ? "" : "s") \(range(a0, a1)) \(a0 == a1 ? "is" : "are") "
          + "\(nameB)'s \(range(b0, b1)), \(state)")
      run = []
    }
    for page in pages {
      if let a = page.pageA, let b = page.pageB, a != b,
        run.last.map({ $0.pageA.map { $0 + 1 } == a && $0.pageB.map { $0 + 1 } == b }) ?? true
      {
        run.append(page)
      } else {
        flush()
        if let a = page.pageA, let b = page.pageB, a != b { run.append(page) }
      }
    }
    flush()
    return parts.isEmpty ? nil : parts.joined(separator: "; ")
  }

  private static func list(_ noun: String, _ numbers: [Int]) -> String {
    (numbers.count == 1 ? noun : noun + "s") + " "
      + numbers.map(String.init).joined(separator: ", ")
  }
}
