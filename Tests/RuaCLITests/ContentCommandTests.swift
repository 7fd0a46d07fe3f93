import Glibc
import RuaCore
import Synchronization
import Testing

@testable import RuaCLI
@testable import RuaPaperKit

@Suite struct ContentCommandTests {
  @Test func shippedTemplatesPassCheckButNotRelease() {
    let templates = contentPackageRoot + "/templates"
    let check = runContent(["content", "check", "--templates", templates])
    #expect(check.code == .success, "\(check.out)")
    #expect(check.out.contains("pass; "))
    #expect(check.out.contains("pending clinician review"))
    let release = runContent(["content", "check", "--release", "--templates", templates])
    #expect(release.code == .failure)
    #expect(
      release.out.contains(
        templates + "/content/falls.en.json: falls.blood-thinner: pending clinician review"))
    #expect(
      release.out.contains(
        templates + "/drug-classes.json: anticoagulants: pending clinician review"))
    #expect(release.err.contains("problems (release check)"))
  }

  @Test func lockThenReleaseCheckPassesAndAnEditWithoutBumpFails() throws {
    let folder = try ContentTestFolder()
    defer { folder.remove() }
    folder.write("content/falls.en.json", contentGuide("en", "Stay calm and stay with {name}."))
    folder.write(
      "content/falls.es.json", contentGuide("es", "Mantenga la calma y quédese con {name}."))
    let lock = runContent(["content", "lock", "--templates", folder.path])
    #expect(lock.code == .success, "\(lock.out)\(lock.err)")
    #expect(lock.out.contains("locked \(folder.path)/content/falls.en.json 1.0.0"))
    #expect(
      runContent(["content", "check", "--release", "--templates", folder.path]).code == .success)
    let locked = folder.read("content.lock.json")

    folder.write("content/falls.en.json", contentGuide("en", "Keep calm and stay with {name}."))
    let check = runContent(["content", "check", "--templates", folder.path])
    #expect(check.code == .failure)
    #expect(
      check.out == folder.path + "/content/falls.en.json: falls.calm: text changed but "
        + "contentVersion is still 1.0.0; bump the version and run rua-paper content lock\n")
    let refused = runContent(["content", "lock", "--templates", folder.path])
    #expect(refused.code == .failure)
    #expect(refused.err.contains("nothing was written"))
    #expect(folder.read("content.lock.json") == locked)
  }

  @Test func templatesComeFromTheEnvironment() throws {
    let folder = try ContentTestFolder()
    defer { folder.remove() }
    folder.write("content/falls.en.json", contentGuide("en", "Stay calm and stay with {name}."))
    let result = runContent(["content", "check"], environment: ["RUA_TEMPLATES": folder.path])
    #expect(result.code == .failure)
    #expect(
      result.out == folder.path
        + "/content/falls.en.json: not recorded in content.lock.json; run rua-paper content lock\n")
  }

  @Test func missingTemplatesFolderExits66() {
    let result = runContent(["content", "check", "--templates", "/nonexistent/rua-templates"])
    #expect(result.code == .noInput)
    #expect(result.err.contains("the templates folder /nonexistent/rua-templates does not exist"))
  }

  @Test func usageErrorsExit64() {
    #expect(runContent(["content"]).code == .usage)
    #expect(runContent(["content", "publish"]).code == .usage)
    #expect(runContent(["content", "lock", "--release"]).code == .usage)
    #expect(runContent(["content", "check", "--frobnicate"]).code == .usage)
    #expect(
      runContent(["content", "--help"]).out.contains("content check [--release] [--templates DIR]"))
  }

  @Test func templatesFolderLookupOrder() {
    let exe = contentPackageRoot + "/.build/debug/rua-paper"
    #expect(
      TemplatesLocation.find(explicit: "/x", environment: ["RUA_TEMPLATES": "/y"], executable: exe)
        == "/x")
    #expect(
      TemplatesLocation.find(explicit: nil, environment: ["RUA_TEMPLATES": "/y"], executable: exe)
        == "/y")
    #expect(
      TemplatesLocation.find(explicit: nil, environment: [:], executable: exe) == contentPackageRoot
        + "/templates")
    #expect(
      TemplatesLocation.find(explicit: nil, environment: [:], executable: "/nonexistent/bin/rua")
        == "templates")
  }

  @Test func sha256MatchesTheStandardVectors() {
    #expect(
      ContentCommand.hasher(Array("abc".utf8))
        == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    #expect(
      ContentCommand.hasher([])
        == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
  }
}

/// The package root, from this file's path (Tests/RuaCLITests/ContentCommandTests.swift).
private let contentPackageRoot: String = {
  var path = #filePath
  for _ in 0..<3 { path = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)]) }
  return path
}()

private func contentGuide(_ language: String, _ calm: String) -> String {
  let review = #"{"status": "approved", "reviewer": "Dr Ana Ruiz", "date": "2026-11-02"}"#
  return """
    {"document": "falls", "language": "\(language)", "contentVersion": "1.0.0", "blocks": [
      {"id": "falls.calm", "kind": "step", "text": "\(calm)", "sources": ["UK-FALL"], "review": \(review)}
    ]}
    """
}

private struct ContentRun {
  let code: ExitCode
  let out: String
  let err: String
}

private func runContent(_ arguments: [String], environment: [String: String] = [:]) -> ContentRun {
  let out = Mutex<[UInt8]>([])
  let err = Mutex<[UInt8]>([])
  let context = Context(
    environment: environment, now: Instant(secondsSinceEpoch: 1_795_000_000),
    today: CivilDate(daysSinceEpoch: 20_786),  // 2026-11-29
    standardOutput: { bytes in out.withLock { $0 += bytes } },
    standardError: { bytes in err.withLock { $0 += bytes } }, workingDirectory: "/")
  let code = RuaPaper.run(arguments, context)
  return ContentRun(
    code: code, out: String(decoding: out.withLock { $0 }, as: UTF8.self),
    err: String(decoding: err.withLock { $0 }, as: UTF8.self))
}

/// A private folder under /tmp, removed by `remove()`.
private struct ContentTestFolder {
  struct Failure: Error {}
  let path: String

  init() throws {
    var template = Array("/tmp/rua-content-test-XXXXXX".utf8CString)
    let made = template.withUnsafeMutableBufferPointer { $0.baseAddress.map { mkdtemp($0) } }
    guard made != nil else { throw Failure() }
    path = String(
      decoding: template.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  func write(_ relative: String, _ text: String) {
    if let slash = relative.lastIndex(of: "/") { mkdir(path + "/" + relative[..<slash], 0o700) }
    let fd = open(path + "/" + relative, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    let bytes = Array(text.utf8)
    _ = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
    close(fd)
  }

  func read(_ relative: String) -> [UInt8] {
    let fd = open(path + "/" + relative, O_RDONLY)
    defer { close(fd) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
      if count <= 0 { return bytes }
      bytes += buffer[0..<count]
    }
  }

  func remove() { removeTree(path) }

  private func removeTree(_ folder: String) {
    if let directory = opendir(folder) {
      while let entry = readdir(directory) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) {
          String(decoding: $0.prefix(while: { $0 != 0 }), as: UTF8.self)
        }
        if name == "." || name == ".." { continue }
        let child = folder + "/" + name
        if entry.pointee.d_type == UInt8(DT_DIR) { removeTree(child) } else { unlink(child) }
      }
      closedir(directory)
    }
    rmdir(folder)
  }
}
