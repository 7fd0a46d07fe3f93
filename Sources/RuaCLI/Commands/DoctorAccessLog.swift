// SPDX-License-Identifier: Apache-2.0
import RuaPaperKit
import RuaStore

/// What `doctor` says about the access log.
enum DoctorAccessLog {
  static func lines(_ log: AccessLogReview) -> [String] {
    var lines = ["\(log.rows) row\(log.rows == 1 ? "" : "s"), head \(log.head.text)"]
    if let bad = log.firstBadRow {
      lines.append("row \(bad) does not match the hash chain (changed after it was written)")
    } else {
      lines.append("hash chain intact")
    }
    if log.triggerProblems.isEmpty {
      lines.append("append-only triggers present")
    } else {
      lines += log.triggerProblems
    }
    switch log.anchor {
    case .contained(let anchor): lines.append("holds the anchor file's head \(anchor.sequence)")
    default: if let problem = log.anchor.problem { lines.append(problem) }
    }
    return lines
  }

  static let advice =
    "the access log is not sound (see 'access log:' above): keep a copy of the store, the key "
    + "and the anchor file for investigation; 'rua-paper doctor --repair' restores the "
    + "append-only triggers and re-anchors, and records that it did; writing commands refuse "
    + "until then"
}
