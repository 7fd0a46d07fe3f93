import Foundation
import Testing

@testable import RuaStore

@Suite("Publishing a file atomically")
struct PublishTests {
  @Test func publishRefusesAnExistingFileUnlessOverwriting() throws {
    let folder = TemporaryFolder()
    let target = folder.file("out.json")
    try Files.publish(target, Array("one".utf8), overwrite: false)
    #expect(FileManager.default.contents(atPath: target) == Data("one".utf8))
    var caught: StoreError?
    do { try Files.publish(target, Array("two".utf8), overwrite: false) } catch { caught = error }
    #expect(caught?.kind == .alreadyExists)
    #expect(FileManager.default.contents(atPath: target) == Data("one".utf8))
    try Files.publish(target, Array("three".utf8), overwrite: true)
    #expect(FileManager.default.contents(atPath: target) == Data("three".utf8))
    let mode = try FileManager.default.attributesOfItem(atPath: target)[.posixPermissions] as? Int
    #expect(mode == 0o600)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["out.json"])
  }

  @Test func publishIntoAMissingFolderNamesIt() {
    let folder = TemporaryFolder()
    var caught: StoreError?
    do { try Files.publish(folder.file("nope/out.json"), [1], overwrite: false) } catch {
      caught = error
    }
    #expect(caught?.description.contains("nope") == true)
  }
}
