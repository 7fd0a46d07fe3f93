// SPDX-License-Identifier: Apache-2.0
public import RuaStore

/// `log verify`: the chain, the append-only triggers, the anchor file, and an optional anchor
/// the admin kept, judged in one place: what was found, in words, and whether rows were
/// changed, cut or rewritten (tampered) or only the triggers are wrong.
public struct AccessLogVerdict {
  public enum Finding: Equatable {
    /// Every check holds: the line that says so.
    case verified(String)
    /// Rows were changed, cut or rewritten.
    case tampered
    /// Only the triggers are wrong: the log is sound but no longer append-only.
    case notAppendOnly
  }

  public let finding: Finding
  /// Each problem (and a re-anchoring the admin's anchor vouches for), one sentence each.
  public let messages: [String]

  public static func verify(_ store: Store, claim: LogAnchorClaim?) throws(PaperError)
    -> AccessLogVerdict
  {
    let review = try StoreAccess.perform { () throws(StoreError) in try store.reviewAccessLog() }
    var messages: [String] = []
    var tampered = false
    if let bad = review.firstBadRow {
      tampered = true
      messages.append(
        "access log row \(bad) does not match the hash chain: it or an earlier link was changed "
          + "after it was written; keep a copy of the store for investigation")
    }
    if case .behind(let anchor, let head, _) = review.anchor, let claim, claim.matches(head) {
      // The head the admin kept vouches for the rows past the anchor file's.
      messages.append(
        "the anchor file names row \(anchor.sequence), behind the head \(head.sequence), which "
          + "the given anchor vouches for; 'rua-paper doctor --repair' re-anchors at it")
    } else if let problem = review.anchor.problem {
      tampered = true
      messages.append(problem + "; keep a copy of the store and the anchor file")
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
        messages.append(
          "the access log does not contain the anchor \(claim.sequence):\(claim.hashPrefix): "
            + why + "; rows were cut or rewritten, or this is an older copy of the store")
      }
    }
    if !review.triggerProblems.isEmpty {
      messages.append(
        "the access log is no longer append-only: "
          + review.triggerProblems.joined(separator: "; ")
          + "; run 'rua-paper doctor --repair' to restore them; until then rua-paper refuses "
          + "to write")
    }
    if tampered { return AccessLogVerdict(finding: .tampered, messages: messages) }
    if !review.triggerProblems.isEmpty {
      return AccessLogVerdict(finding: .notAppendOnly, messages: messages)
    }
    var line =
      "access log verified: \(review.rows) row\(review.rows == 1 ? "" : "s"), hash chain intact, "
      + "head \(review.head.text)"
    if case .contained(let anchor) = review.anchor {
      line += ", holds the anchor file's \(anchor.sequence)"
    }
    if let claim { line += " and the given anchor \(claim.sequence)" }
    return AccessLogVerdict(finding: .verified(line), messages: messages)
  }
}

extension LogAnchorClaim {
  /// `--anchor SEQ:HASH` as given, or a refusal saying the form `log anchor` prints.
  public init(checking text: String) throws(PaperError) {
    guard let claim = LogAnchorClaim(text) else {
      throw .invalidRequest(
        "--anchor '\(text)' is not SEQ:HASH (a row number, a colon, and 6 to 64 hex digits, "
          + "as 'rua-paper log anchor' prints it)")
    }
    self = claim
  }
}

extension Session {
  /// `log verify`: the chain, triggers and anchor file, and `claim` (a head kept elsewhere).
  public func verifyAccessLog(claim: LogAnchorClaim?) throws(PaperError) -> AccessLogVerdict {
    try AccessLogVerdict.verify(store, claim: claim)
  }

  /// `log anchor`: the access log's head, as a footer and `--anchor` name it.
  public func accessHead() throws(PaperError) -> LogPosition {
    let store = self.store
    return try StoreAccess.perform { () throws(StoreError) in try store.accessHead() }
  }
}
