// SPDX-License-Identifier: Apache-2.0
internal import RuaCore

/// The access log's hash chain: `row_hash = SHA-256(prev_hash || canonical fields)`, genesis =
/// 32 zero bytes. docs/store.md spells the canonical form out so anyone can recompute it.
enum AccessChain {
  static let genesis = [UInt8](repeating: 0, count: 32)
  /// The form new rows are written in. 1: schema 1 rows (no user, host, run or binder list);
  /// 2: those five fields follow, after the format number itself.
  static let currentFormat = 2

  /// Every field as a 4-byte big-endian length and its UTF-8 bytes; an absent field is the
  /// length 0xFFFFFFFF with no bytes. nil for a row that cannot be canonical (an unknown format,
  /// or a format-1 row carrying fields format 1 does not cover: they would be unprotected).
  static func hash(_ record: AccessRecord) -> [UInt8]? {
    let e = record.entry
    var fields: [String?] = [
      String(record.id), record.uuid, record.storedTime, String(record.time.secondsSinceEpoch),
      e.patientID, e.document, e.action.rawValue, e.destination, e.sha256,
      e.pages.map { String($0) }, e.toolVersion, e.contentVersion, e.outcome.rawValue, e.jobID,
      e.intentID.map { String($0) },
      e.processID.map { String($0) },
    ]
    let newer: [String?] = [
      record.actor.map { String($0.userID) }, record.actor?.userName, record.actor?.host,
      record.actor?.runID, e.patients.map(BinderList.text),
    ]
    switch record.chainFormat {
    case 1:
      guard newer.allSatisfy({ $0 == nil }) else { return nil }
    case 2:
      fields += [String(record.chainFormat)] + newer
    default:
      return nil
    }
    var bytes = record.previousHash
    for field in fields {
      let utf8 = field.map { Array($0.utf8) }
      let length = utf8.map { UInt32($0.count) } ?? UInt32.max
      for shift in [24, 16, 8, 0] { bytes.append(UInt8(truncatingIfNeeded: length >> shift)) }
      bytes += utf8 ?? []
    }
    return SHA256.digest(bytes)
  }
}

/// The patients a binder holds, stored as their care-circle ids, one per line (ids never hold a
/// line break), so the stored text and the list map one to one.
enum BinderList {
  static func text(_ ids: [String]) -> String { ids.joined(separator: "\n") }
  static func ids(_ text: String) -> [String] {
    text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  }
}
