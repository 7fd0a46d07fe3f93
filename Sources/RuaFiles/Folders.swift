// SPDX-License-Identifier: Apache-2.0
internal import CLinux
internal import Glibc

extension Files {
  /// One name in a folder and what is there (from lstat: a symlink is `.symlink`).
  public struct Item: Sendable, Equatable {
    public let name: String
    public let kind: FileStatus.Kind
  }

  /// Creates the folder `path` (one level: its parent must exist) with `mode`, or accepts the
  /// folder already there when it is a real folder (not a symlink to one) owned by the user
  /// running. Returns true when it created it. Refusals, each a `FileError(.makeFolder, path)`:
  /// a symlink (`ELOOP`), anything else that is not a folder (`ENOTDIR`), a folder owned by
  /// another user (`EPERM`), and mkdir's own failures (a missing parent is `ENOENT`).
  @discardableResult
  public static func makeFolder(_ path: String, mode: UInt32 = 0o700) throws(FileError) -> Bool {
    if mkdir(path, mode) == 0 { return true }
    guard errno == EEXIST else { throw FileError.current(.makeFolder, path) }
    let status: FileStatus?
    do { status = try Files.status(path) } catch {
      throw FileError(.makeFolder, path, code: error.code)
    }
    switch status?.kind {
    case .directory?: break
    case .symlink?: throw FileError(.makeFolder, path, code: ELOOP)
    case nil: throw FileError(.makeFolder, path, code: ENOENT)  // removed in between
    default: throw FileError(.makeFolder, path, code: ENOTDIR)
    }
    guard status?.isOwnedByCurrentUser == true else {
      throw FileError(.makeFolder, path, code: EPERM)
    }
    return false
  }

  /// Whether this process may make files in `folder` (write and search permission for the
  /// effective user, a file system mounted read-write); nil when it may, else why not
  /// (`FileError(.create, folder)`: `EACCES`, `EROFS`, …). Checked once before a batch renders.
  public static func writableFolderProblem(_ folder: String) -> FileError? {
    faccessat(AT_FDCWD, folder, W_OK | X_OK, AT_EACCESS) == 0
      ? nil : FileError.current(.create, folder)
  }

  /// Every name in `folder` (hidden ones included, `.` and `..` not) with its kind, sorted by
  /// name. Throws when the folder cannot be opened (`FileError(.open, folder)`).
  public static func listFolder(_ folder: String) throws(FileError) -> [Item] {
    guard let directory = opendir(folder) else { throw FileError.current(.open, folder) }
    closedir(directory)
    var items: [Item] = []
    for name in entries(folder) {
      // A name removed since the listing is left out; one that cannot be inspected is `.other`.
      let status: FileStatus?
      do { status = try Files.status(folder + "/" + name) } catch { status = nil }
      guard let status else { continue }
      items.append(Item(name: name, kind: status.kind))
    }
    return items.sorted { $0.name < $1.name }
  }

  /// Removes the name `path` (a file, symlink, socket or FIFO; a symlink's target is left
  /// alone). A folder is refused (`EISDIR`); nothing there is `ENOENT` (`isMissing`).
  public static func removeFile(_ path: String) throws(FileError) {
    guard unlink(path) == 0 else { throw FileError.current(.remove, path) }
  }

  /// `base + suffix`, else `base-2 + suffix`, `base-3 + suffix`, … : the first name nothing in
  /// `folder` has (a dangling symlink counts as taken). Only a hint: the caller's exclusive
  /// create still decides.
  public static func freeName(in folder: String, base: String, suffix: String) -> String {
    var candidate = base + suffix
    var number = 2
    var info = stat()
    while lstat(folder + "/" + candidate, &info) == 0 {
      candidate = "\(base)-\(number)\(suffix)"
      number += 1
    }
    return candidate
  }

  /// A new private folder (0700, mkdtemp) in `parent`, named `prefix` + six random characters.
  public static func makeTemporaryFolder(in parent: String, prefix: String) throws(FileError)
    -> String
  {
    var template = Array((parent + "/" + prefix + "XXXXXX").utf8CString)
    let made = template.withUnsafeMutableBufferPointer { $0.baseAddress.flatMap { mkdtemp($0) } }
    guard made != nil else { throw FileError.current(.makeFolder, parent + "/" + prefix) }
    return String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// Removes `folder` and everything in it, never following a symlink (a link inside is
  /// removed, not what it points to). `folder` itself must be a real folder, not a symlink.
  /// Best effort: what cannot be removed stays, and the first failure is thrown at the end.
  public static func removeTree(_ folder: String) throws(FileError) {
    guard let status = try Files.status(folder) else { return }
    guard status.kind == .directory else { throw FileError(.remove, folder, code: ENOTDIR) }
    var first: FileError?
    for item in try listFolder(folder) {
      let path = folder + "/" + item.name
      do throws(FileError) {
        if item.kind == .directory { try removeTree(path) } else { try removeFile(path) }
      } catch {
        first = first ?? error
      }
    }
    if rmdir(folder) != 0 { first = first ?? FileError.current(.remove, folder) }
    if let first { throw first }
  }
}
