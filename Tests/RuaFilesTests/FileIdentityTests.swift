// SPDX-License-Identifier: Apache-2.0
import Foundation
import RuaFiles
import RuaTestSupport
import Testing

/// One file under several spellings: what lets a delivery refuse the store's own files.
@Suite struct FileIdentityTests {
  @Test func aFileIsTheSameUnderEverySpellingAndLink() throws {
    let box = TemporaryFolder("rua-file-identity")
    try box.write("sub/key", "secret")
    try FileManager.default.createSymbolicLink(
      atPath: box.file("folder-link"), withDestinationPath: box.file("sub"))
    try FileManager.default.linkItem(atPath: box.file("sub/key"), toPath: box.file("hard"))
    let key = box.file("sub/key")
    for spelling in [
      box.path + "/sub/./key", box.path + "/sub/../sub/key", box.file("folder-link/key"),
      box.file("hard"),
    ] {
      #expect(Files.sameFile(spelling, key), "\(spelling)")
    }
    #expect(!Files.sameFile(box.file("sub/key2"), key))
    // A name not yet made still has one spelling, its folder resolved.
    #expect(Files.sameFile(box.file("folder-link/new"), box.file("sub/new")))
    #expect(Files.canonical(box.file("sub/..")) == nil)
    #expect(Files.canonical(box.file("missing-folder/x")) == nil)
  }
}
