// SPDX-License-Identifier: Apache-2.0
import Glibc
import RuaDocuments
import RuaFiles

/// The folders snapshots read and write: the goldens and the artifacts of a check. Each must be
/// the user's own: a real folder (never a symlink, which would send reads and deletions
/// elsewhere), owned by the user running, and writable by nobody else (another user could
/// otherwise swap a file for a link to the store key between `check` and `accept`). Files in
/// them are read without following a link.
package enum SnapshotFolders {
  /// Largest golden or artifact file read (a page image at a high --dpi stays well under).
  package static let fileLimit = 256 << 20

  /// Refuses `path` unless nothing is there or it is a folder of the user's that others cannot
  /// write. `role`: "golden folder", "artifacts folder", … for the message.
  package static func check(_ path: String, role: String) throws(PaperError) {
    let status: FileStatus?
    do { status = try Files.status(path) } catch {
      throw PaperError(
        "cannot use the \(role) \(path): \(error.reason)", kind: .invalidRequest)
    }
    guard let status else { return }
    switch status.kind {
    case .directory: break
    case .symlink:
      throw PaperError(
        "the \(role) \(path) is a symbolic link; snapshots never follow links: give the real "
          + "folder", kind: .invalidRequest)
    default:
      throw PaperError("the \(role) \(path) is not a folder", kind: .invalidRequest)
    }
    guard status.isOwnedByCurrentUser else {
      throw PaperError(
        "the \(role) \(path) belongs to user id \(status.owner), not to the user running "
          + "rua-paper (\(Files.currentUserID)); give a folder of your own", kind: .invalidRequest)
    }
    guard status.mode & 0o022 == 0 else {
      throw PaperError(
        "the \(role) \(path) can be written by other users (mode 0"
          + String(status.mode & 0o777, radix: 8) + "); run: chmod go-w \(path), or give a "
          + "folder of your own", kind: .invalidRequest)
    }
  }

  /// Checks `root` and each of its `<lang>-<paper>` folders the plan names that exist.
  package static func checkTree(_ root: String, plan: SnapshotPlan, role: String)
    throws(PaperError)
  {
    try check(root, role: role)
    for language in plan.languages {
      for paper in plan.papers {
        try check(root + "/" + language + "-" + paper.rawValue, role: role)
      }
    }
  }

  /// Makes `path` (`mode`, one level; with `parents`, its missing parents 0700 too), or checks
  /// the folder already there.
  package static func make(_ path: String, role: String, mode: UInt32, parents: Bool = false)
    throws(PaperError)
  {
    try check(path, role: role)
    if parents {
      do { try Files.makeDirectories(Files.parent(path), mode: 0o700) } catch {
        throw PaperError(
          "cannot create the folder \(error.path) for the \(role): \(error.reason)",
          kind: .invalidRequest)
      }
    }
    do { try Files.makeFolder(path, mode: mode) } catch {
      throw PaperError(
        "cannot create the \(role) \(path): \(error.reason); check that its parent exists and "
          + "is writable", kind: .invalidRequest)
    }
    try check(path, role: role)
  }

  /// A file of a checked folder, never through a link: a regular file of the user's that others
  /// cannot write (`private`: that only the user can read, as the artifacts are written). Nil
  /// when nothing is there; anything else refused is an error naming the file.
  package static func read(_ path: String, private: Bool = false) throws(PaperError) -> [UInt8]? {
    do {
      return try Files.readOwned(path, limit: fileLimit, othersMay: `private` ? 0 : 0o044)
    } catch {
      let why: String
      switch error {
      case .missing: return nil
      case .symlink: why = "is a symbolic link; snapshots never follow links"
      case .wrongKind(let kind): why = "is not a regular file (\(kind.rawValue))"
      case .foreignOwner(let owner, _): why = "belongs to user id \(owner), not to you"
      case .openToOthers(let mode):
        why = "is open to other users (mode 0\(String(mode, radix: 8)))"
      case .failed(let failure): why = "cannot be read: \(failure.reason)"
      }
      throw PaperError("\(path) \(why); it was not used", kind: .invalidRequest)
    }
  }

  /// The default artifacts folder outside a package checkout: the user's own cache,
  /// `$XDG_CACHE_HOME/rua-paper/snapshot-artifacts`, else `$HOME/.cache/…`; nil with neither.
  package static func defaultArtifacts(environment: [String: String]) -> String? {
    func set(_ name: String) -> String? {
      environment[name].flatMap { $0.hasPrefix("/") ? $0 : nil }
    }
    guard let cache = set("XDG_CACHE_HOME") ?? set("HOME").map({ $0 + "/.cache" }) else {
      return nil
    }
    return cache + "/rua-paper/snapshot-artifacts"
  }
}
