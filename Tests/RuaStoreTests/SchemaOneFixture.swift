// SPDX-License-Identifier: Apache-2.0
import Foundation
import RuaFiles
import RuaTestSupport

@testable import RuaStore

/// Tests/Fixtures/store-schema-1: a store written by rua-paper at schema 1, with 24 access-log
/// rows (see its README), copied into a temporary folder so the original is never touched.
enum SchemaOneFixture {
  static let rows = 24
  /// The last row's hash, read from the fixture with the sqlcipher shell before any migration.
  static let lastRowHash = "459f10bfdd426c8e5a969d6b3943ad033c4c05159d78f6fdee8f94073f79bcb6"

  static func copy() throws -> TemporaryFolder {
    let source = PackageRoot.file("Tests/Fixtures/store-schema-1")
    let folder = TemporaryFolder()
    let location = folder.location
    for (name, target) in [("store.db", location.database), ("key", location.keyFile)] {
      try FileManager.default.createDirectory(
        atPath: Files.parent(target), withIntermediateDirectories: true,
        attributes: [.posixPermissions: 0o700])
      try FileManager.default.copyItem(atPath: source + "/" + name, toPath: target)
      chmod(target, 0o600)
    }
    return folder
  }
}
