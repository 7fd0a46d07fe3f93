// SPDX-License-Identifier: Apache-2.0
/// The package checkout the tests run from, found from this file's path
/// (`Tests/RuaTestSupport/PackageRoot.swift`), and the shipped files in it.
package enum PackageRoot {
  /// The package root, without a trailing slash.
  package static let path: String = {
    var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(3)
    return parts.joined(separator: "/")
  }()

  /// The shipped templates folder.
  package static var templates: String { path + "/templates" }

  /// The golden snapshots (Tests/Golden).
  package static var golden: String { path + "/Tests/Golden" }

  /// A path inside the package, from one relative to its root.
  package static func file(_ relative: String) -> String { path + "/" + relative }

  /// The bytes of a file inside the package.
  package static func bytes(_ relative: String) throws(TestSupportError) -> [UInt8] {
    try TestFile.read(file(relative))
  }

  /// The UTF-8 text of a file inside the package.
  package static func text(_ relative: String) throws(TestSupportError) -> String {
    String(decoding: try bytes(relative), as: UTF8.self)
  }
}

/// A test-support step that could not be done, naming the file.
package struct TestSupportError: Error, CustomStringConvertible {
  package let description: String
  package init(_ description: String) { self.description = description }
}
