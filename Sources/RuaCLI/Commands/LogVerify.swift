// SPDX-License-Identifier: Apache-2.0
import RuaPaperKit
import RuaStore

/// `log verify`: the chain, the append-only triggers, the anchor file, and an optional anchor
/// the admin kept. Exit 1 when rows were changed, cut or rewritten; 65 when only the triggers
/// are wrong; 0 when all holds.
enum LogVerify {
  static func run(_ store: Store, claim: LogAnchorClaim?, _ context: Context) throws(PaperError)
    -> ExitCode
  {
    let review = try StoreAccess.perform { () throws(StoreError) in try store.reviewAccessLog() }
    var tampered = false
    if let bad = review.firstBadRow {
      tampered = true
      context.message(
        "access log row \(bad) does not match the hash chain: it or an earlier link was changed "
          + "after it was written; keep a copy of the store for investigation")
    }
    if case .behind(let anchor, let head, _) = review.anchor, let claim, claim.matches(head) {
      // The head the admin kept vouches for the rows past the anchor file's.
      context.message(
        "the anchor file names row \(anchor.sequence), behind the head \(head.sequence), which "
          + "the given anchor vouches for; 'rua-paper doctor --repair' re-anchors at it")
    } else if let problem = review.anchor.problem {
      tampered = true
      context.message(problem + "; keep a copy of the store and the anchor file")
    }
    if let claim {
      let stored = try StoreAccess.perform { () throws(StoreError) in
        try store.accessPosition(sequence: claim.sequence)
      }
      if stored.map(claim.matches) != true {
        tampered = true
        let why =
          stored == nil
          ? "the log has no row \(claim.sequence) (its head is \(review.head.sequence))"
          : "row \(claim.sequence) has another hash"
        context.message(
          "the access log does not contain the anchor \(claim.sequence):\(claim.hashPrefix): "
            + why + "; rows were cut or rewritten, or this is an older copy of the store")
      }
    }
    if !review.triggerProblems.isEmpty {
      context.message(
        "the access log is no longer append-only: "
          + review.triggerProblems.joined(separator: "; ")
          + "; run 'rua-paper doctor --repair' to restore them; until then rua-paper refuses "
          + "to write")
    }
    if tampered { return .failure }
    if !review.triggerProblems.isEmpty { return .dataError }
    var line =
      "access log verified: \(review.rows) row\(review.rows == 1 ? "" : "s"), hash chain intact, "
      + "head \(review.head.text)"
    if case .contained(let anchor) = review.anchor {
      line += ", holds the anchor file's \(anchor.sequence)"
    }
    if let claim { line += " and the given anchor \(claim.sequence)" }
    context.print(line)
    return .success
  }
}
