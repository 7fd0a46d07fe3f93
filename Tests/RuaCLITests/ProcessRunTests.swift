import Foundation
import Testing

@Suite("The real executable")
struct ProcessRunTests {
  /// The `rua-paper` binary built beside the test bundle, when it is there.
  static var executable: String? {
    guard let exe = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
    else { return nil }
    var folder = (exe as NSString).deletingLastPathComponent
    if folder.hasSuffix(".xctest") { folder = (folder as NSString).deletingLastPathComponent }
    let candidate = folder + "/rua-paper"
    return FileManager.default.isExecutableFile(atPath: candidate) ? candidate : nil
  }

  func run(_ arguments: [String]) throws -> (Int32, String, String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: try #require(Self.executable))
    process.arguments = arguments
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    let errData = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (
      process.terminationStatus, String(decoding: outData, as: UTF8.self),
      String(decoding: errData, as: UTF8.self)
    )
  }

  @Test(.enabled(if: executable != nil))
  func wrongKeyGivesOneCleanMessageAndNoLibraryNoise() throws {
    let box = CLISandbox()
    let (created, _, _) = try run(["init"] + box.storeFlags)
    #expect(created == 0)
    box.write("wrong-key", String(repeating: "5a", count: 32))
    chmod(box.file("wrong-key"), 0o600)
    let before = box.hash(box.database)
    let (status, stdout, stderr) = try run([
      "patients", "--db", box.database, "--key-file", box.file("wrong-key"),
    ])
    #expect(status == 65)
    #expect(stdout.isEmpty)
    let lines = stderr.split(separator: "\n")
    #expect(lines.count == 1, "\(stderr)")
    #expect(lines.allSatisfy { $0.hasPrefix("rua-paper: ") })
    #expect(!stderr.contains("hmac") && !stderr.contains("ERROR CORE"))
    #expect(box.hash(box.database) == before)
  }
}
