// SPDX-License-Identifier: Apache-2.0
/// Balance (issue 30): a page after the first that holds a thin spill the page before could
/// have taken (tables rows and closing sections are placed whole, so tightening every page a
/// little may still not move one more row) takes more from the page before instead, so no
/// page holds a few rows alone: the page before ends early, and what would have ended it
/// starts the thin page.
extension Pagination {
  /// A page holding less than this share of the body is thin.
  package static let thinShare = 0.25
  /// What `Tightening.steps` may gain on a page, as a share of its body: a thin page is one
  /// the page before could absorb when it leaves this much less free.
  package static let tighteningGain = 0.15
  /// The share a balanced thin page is brought to at least (a little over `thinShare`, since
  /// the read-back reaches the lowest ink, not the flow's cursor).
  static let balancedShare = 0.28

  /// The first page after the first that is thin although the page before had room for it
  /// (with what tightening gains), from each page's share of the body.
  package static func thinPage(_ shares: [Double], from first: Int = 1) -> Int? {
    shares.indices.dropFirst(first).first { index in
      shares[index] < thinShare && shares[index] <= 1 - shares[index - 1] + tighteningGain
    }
  }
}

/// `pages`, from `paginator` after its run, with every thin page balanced when that keeps the
/// page count and leaves no page before it thin: the page before ends a little higher each
/// try, so the least content moves. `untried` is the same paginator before its run.
func balanced(_ untried: Paginator, _ paginator: Paginator, _ pages: [Page]) -> [Page] {
  var best = (paginator: paginator, pages: pages)
  var shortened: [Int: Double] = [:]
  // What balancing moves is the end of the page before: never page 1's where it is promised.
  let first = untried.document.keepsPageOne ? 2 : 1
  // Each thin page in turn; each balanced one moves the next thin page further on.
  for _ in 0..<Balance.pagesBalanced {
    guard let thin = Pagination.thinPage(best.paginator.pageShares, from: first) else { break }
    let shares = best.paginator.pageShares
    let body = untried.frame.bodyBottom - untried.frame.bodyTop
    let need = Pagination.balancedShare - shares[thin]
    var found = false
    for extra in Balance.extraShares {
      var trial = untried
      var cut = shortened
      let bottom = untried.frame.bodyTop + (shares[thin - 1] - need - extra) * body
      guard bottom > untried.frame.bodyTop + Balance.keptShare * body else { break }
      cut[thin - 1] = bottom
      trial.shortened = cut
      let trialPages = trial.run()
      let after = trial.pageShares
      guard trialPages.count <= best.pages.count, after.count > thin,
        after[thin] >= Pagination.thinShare, after[thin - 1] >= Pagination.thinShare,
        Pagination.thinPage(Array(after.prefix(thin + 1)), from: first) == nil
      else { continue }
      best = (trial, trialPages)
      shortened = cut
      found = true
      break
    }
    if !found { break }
  }
  return best.pages
}

enum Balance {
  /// Thin pages balanced in one document at most.
  static let pagesBalanced = 4
  /// How much more than the thin page needs the page before gives up, tried in turn (a row
  /// or a section moves whole, so the least cut may move nothing).
  static let extraShares = [0.0, 0.08, 0.16, 0.24, 0.32]
  /// The page before keeps at least half its body: balancing lifts a thin page, it does not
  /// trade a full page for two half-empty ones.
  static let keptShare = 0.5
}
