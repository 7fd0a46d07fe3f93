// SPDX-License-Identifier: Apache-2.0
public import RuaCore

/// How far to trust a printed document (clinical reference §2, a Must): the day the record was
/// last changed, the review-by date, and whether the record is older than the template's
/// threshold on the day it is printed.
public struct Freshness: Equatable, Sendable {
  /// The day of the last change to the record; nil when unknown.
  public var asOf: CivilDate?
  /// The print date.
  public var today: CivilDate
  public var staleAfterDays: Int

  public init(asOf: CivilDate?, today: CivilDate, staleAfterDays: Int) {
    self.asOf = asOf
    self.today = today
    self.staleAfterDays = staleAfterDays
  }

  /// The last change (or, unknown, the print date) plus the threshold.
  public var reviewBy: CivilDate { (asOf ?? today).adding(days: staleAfterDays) }

  /// Days from the last change to the print date.
  public var ageInDays: Int? { asOf.map { $0.days(until: today) } }

  public var isStale: Bool { (ageInDays ?? 0) > staleAfterDays }
}

extension DocumentWords {
  /// The banner a stale document carries at the top of page 1.
  func staleBand(_ freshness: Freshness) -> Block? {
    guard freshness.isStale, let asOf = freshness.asOf, let days = freshness.ageInDays else {
      return nil
    }
    let text = labels.format(
      .staleText, count: days, as: "days", ["date": labels.format(date: asOf)])
    return band(.warning, .staleBand, run(text, "band-strong"))
  }
}
