import Foundation
import Testing

@testable import RuaCLI

@Suite("Writing a file atomically")
struct AtomicFileTests {
  @Test func anExistingFileIsRefusedUnlessReplacing() throws {
    let box = CLISandbox()
    let target = box.file("out.json")
    try AtomicFile.write(Array("one".utf8), to: target, replace: false)
    #expect(FileManager.default.contents(atPath: target) == Data("one".utf8))
    var caught: AtomicFile.Failure?
    do { try AtomicFile.write(Array("two".utf8), to: target, replace: false) } catch {
      caught = error
    }
    #expect(caught?.code == .cannotCreate)
    #expect(caught?.message.contains("--force") == true)
    #expect(FileManager.default.contents(atPath: target) == Data("one".utf8))
    try AtomicFile.write(Array("three".utf8), to: target, replace: true)
    #expect(FileManager.default.contents(atPath: target) == Data("three".utf8))
    #expect(box.mode(target) == 0o600)
    #expect(try FileManager.default.contentsOfDirectory(atPath: box.path) == ["out.json"])
  }

  @Test func aMissingFolderIsNamed() {
    let box = CLISandbox()
    var caught: AtomicFile.Failure?
    do { try AtomicFile.write([1], to: box.file("nope/out.json"), replace: false) } catch {
      caught = error
    }
    #expect(caught?.message.contains("nope") == true)
    #expect(caught?.code == .cannotCreate)
  }
}
