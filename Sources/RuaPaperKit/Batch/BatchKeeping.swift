// SPDX-License-Identifier: Apache-2.0
import RuaCore
import RuaFiles
import RuaStore

/// Whether `batch --resume` may keep a file an earlier run left: the manifest alone is not
/// trusted (anyone who can write the folder can write it too). The file must be a regular file
/// of the user's, mode 0600, never read through a link; its bytes must be those the manifest
/// lists and the access log recorded as delivered to that very path, for the same patient;
/// and it must have been made from the patient's record as it is now.
enum Keeping: Equatable {
  /// The same document: kept.
  case keep
  /// Not the bytes the manifest lists: someone else's file (a collision, as without a manifest).
  case differs
  /// A file of this tool's that is not this run's document any more, or that the log does not
  /// vouch for: made again in its place. The reason is shown.
  case remake(String)
  /// A link, a non-regular file, another user's file: neither kept nor replaced.
  case unsafe(String)

  /// Largest file read to be hashed (a binder of many patients stays well under).
  static let fileLimit = 512 << 20

  static func verdict(
    _ path: String, _ entry: BatchManifest.Entry, patientID: String?, record: String?,
    log: [String: AccessEntry]
  ) -> Keeping {
    let bytes: [UInt8]
    do {
      // Any mode is read here; one other than 0600 is made again below.
      bytes = try Files.readOwned(path, limit: fileLimit, othersMay: 0o077)
    } catch {
      switch error {
      case .missing: return .differs
      case .symlink: return .unsafe("is a symbolic link")
      case .wrongKind(let kind): return .unsafe("is not a regular file (\(kind.rawValue))")
      case .foreignOwner(let owner, _): return .unsafe("belongs to user id \(owner)")
      case .openToOthers: return .remake("open to other users")  // not thrown with 0o077
      case .failed(let failure): return .unsafe("cannot be read: \(failure.reason)")
      }
    }
    let sha256 = SHA256.hex(bytes)
    guard sha256 == entry.sha256 else { return .differs }
    guard let logged = log[path], logged.sha256 == sha256 else {
      return .remake("not the bytes the access log recorded for it")
    }
    guard logged.patientID == patientID, entry.patientID == patientID else {
      return .remake("made for another patient")
    }
    let mode = (try? Files.status(path))?.mode ?? 0
    guard mode & 0o777 == 0o600 else {
      return .remake("mode 0\(String(mode & 0o777, radix: 8)), not 0600")
    }
    if let record, entry.record != record {
      return .remake("made from an earlier version of the record")
    }
    return .keep
  }

  /// What a document of `job` is made from: the patient's record as stored (every field the
  /// documents show) and its last change time.
  static func recordHash(_ job: BatchJob) -> String {
    recordHash(job.patient, informationAsOf: job.informationAsOf)
  }

  /// The same for a patient's International Patient Summary, which has no job.
  static func recordHash(_ patient: Patient, informationAsOf: Instant?) -> String {
    let record = JSONWriter.write(CareCircleEncoder.encode(patient))
    return SHA256.hex(Array((record + "\n" + (informationAsOf?.rfc3339 ?? "")).utf8))
  }

  /// The last completed file delivery of each destination path in the access log.
  static func deliveries(_ store: Store) throws(PaperError) -> [String: AccessEntry] {
    let rows = try StoreAccess.perform { () throws(StoreError) in
      try store.accessLog(AccessQuery(action: .export))
    }
    var last: [String: AccessEntry] = [:]
    for row in rows where row.entry.outcome == AccessOutcome.completed {
      if let destination = row.entry.destination { last[destination] = row.entry }
    }
    return last
  }
}
