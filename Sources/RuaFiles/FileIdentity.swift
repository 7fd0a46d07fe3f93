// SPDX-License-Identifier: Apache-2.0
internal import Glibc

extension Files {
  /// `path` with its folder resolved (links, `.` and `..` followed by `realpath`) and its own
  /// name kept as written, so a file that does not exist yet still has one spelling; nil when
  /// the folder cannot be resolved.
  public static func canonical(_ path: String) -> String? {
    let name = path.split(separator: "/", omittingEmptySubsequences: true).last.map(String.init)
    guard let name, name != ".", name != ".." else { return nil }
    guard let resolved = realpath(parent(path), nil) else { return nil }
    defer { free(resolved) }
    let folder = String(cString: resolved)
    return (folder == "/" ? "" : folder) + "/" + name
  }

  /// Whether `a` and `b` name one file: the same canonical spelling, or (both existing) the
  /// same device and inode, as a hard link or a link to it is.
  public static func sameFile(_ a: String, _ b: String) -> Bool {
    if let first = canonical(a), first == canonical(b) { return true }
    var statusA = stat()
    var statusB = stat()
    guard stat(a, &statusA) == 0, stat(b, &statusB) == 0 else { return false }
    return statusA.st_dev == statusB.st_dev && statusA.st_ino == statusB.st_ino
  }
}
