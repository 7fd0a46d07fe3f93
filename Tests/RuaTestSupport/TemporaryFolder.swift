// SPDX-License-Identifier: Apache-2.0
import Glibc

/// A private (0700) folder made with `mkdtemp` under `$TMPDIR` (else /tmp), removed with
/// everything in it when the value goes away or `remove()` is called. Removal never follows a
/// symbolic link out of the folder.
package final class TemporaryFolder: @unchecked Sendable {
  package let path: String

  /// - Parameter prefix: the start of the folder's name, so a leftover says which suite made it.
  package init(_ prefix: String = "rua-test") {
    let base = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 }
    var template = Array(((base ?? "/tmp") + "/" + prefix + "-XXXXXX").utf8CString)
    guard let made = mkdtemp(&template) else {
      preconditionFailure("mkdtemp failed for \(prefix): errno \(errno)")
    }
    path = String(cString: made)
  }

  deinit { remove() }

  /// The path of `name` inside the folder.
  package func file(_ name: String) -> String { path + "/" + name }

  /// Writes `bytes` to `name` (mode 0600, replacing a file there), making missing parent folders.
  package func write(_ name: String, _ bytes: [UInt8]) throws(TestSupportError) {
    let target = file(name)
    try TestFile.makeParents(of: target, below: path)
    try TestFile.write(bytes, to: target)
  }

  /// Writes `text` as UTF-8 to `name`.
  package func write(_ name: String, _ text: String) throws(TestSupportError) {
    try write(name, Array(text.utf8))
  }

  /// The bytes of `name` inside the folder.
  package func read(_ name: String) throws(TestSupportError) -> [UInt8] {
    try TestFile.read(file(name))
  }

  /// The bytes of the file at `path` (any path), or nil when it cannot be read.
  package func contents(_ path: String) -> [UInt8]? { try? TestFile.read(path) }

  /// The names in `folder` (relative to this one), sorted; empty when there is no such folder.
  package func list(_ folder: String = ".") -> [String] {
    TestFile.names(file(folder)).sorted()
  }

  /// The permission bits of `path` (not following a final symbolic link), or nil when absent.
  package func mode(_ path: String) -> Int? {
    var info = stat()
    guard lstat(path, &info) == 0 else { return nil }
    return Int(info.st_mode & 0o7777)
  }

  /// Removes the folder and everything in it now (also done when the value goes away).
  package func remove() { TestFile.removeTree(path) }
}

/// The few POSIX file steps the test support needs.
enum TestFile {
  static func read(_ path: String) throws(TestSupportError) -> [UInt8] {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { throw TestSupportError("cannot open \(path): errno \(errno)") }
    defer { close(fd) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      guard count >= 0 else { throw TestSupportError("cannot read \(path): errno \(errno)") }
      if count == 0 { return bytes }
      bytes += chunk[0..<count]
    }
  }

  static func write(_ bytes: [UInt8], to path: String) throws(TestSupportError) {
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0o600)
    guard fd >= 0 else { throw TestSupportError("cannot create \(path): errno \(errno)") }
    defer { close(fd) }
    var offset = 0
    while offset < bytes.count {
      let written = bytes[offset...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
      if written < 0, errno == EINTR { continue }
      guard written > 0 else { throw TestSupportError("cannot write \(path): errno \(errno)") }
      offset += written
    }
  }

  /// Makes the folders between `root` and `path`'s parent (0700).
  static func makeParents(of path: String, below root: String) throws(TestSupportError) {
    guard path.hasPrefix(root + "/") else { return }
    let relative = path.dropFirst(root.count + 1).split(separator: "/").dropLast()
    var folder = root
    for part in relative {
      folder += "/" + part
      if mkdir(folder, 0o700) != 0, errno != EEXIST {
        throw TestSupportError("cannot make \(folder): errno \(errno)")
      }
    }
  }

  /// The names in a folder, without `.` and `..`, in directory order.
  static func names(_ folder: String) -> [String] {
    guard let directory = opendir(folder) else { return [] }
    defer { closedir(directory) }
    var names: [String] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) {
        String(decoding: $0.prefix(while: { $0 != 0 }), as: UTF8.self)
      }
      if name != "." && name != ".." { names.append(name) }
    }
    return names
  }

  /// Removes `path` and, when it is a real folder (not a link to one), everything in it; a
  /// folder a test made read-only is opened up first.
  static func removeTree(_ path: String) {
    var info = stat()
    guard lstat(path, &info) == 0 else { return }
    if info.st_mode & S_IFMT == S_IFDIR {
      chmod(path, 0o700)
      for name in names(path) { removeTree(path + "/" + name) }
      rmdir(path)
    } else {
      unlink(path)
    }
  }
}
