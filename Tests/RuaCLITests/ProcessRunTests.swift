// SPDX-License-Identifier: Apache-2.0
import Foundation
import RuaCLITestSupport
import RuaPaperKit
import Testing

@testable import RuaStore

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
    try Self.run(try #require(Self.executable), arguments)
  }

  /// Runs `executable` with `arguments` (and `environment`, when given) to its end: its exit
  /// status, standard output and standard error.
  static func run(
    _ executable: String, _ arguments: [String], environment: [String: String]? = nil
  ) throws -> (Int32, String, String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    if let environment { process.environment = environment }
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

  @Test(.enabled(if: executable != nil, "the rua-paper binary is not built beside the tests"))
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

  /// A care circle of 60 patients with 40 medications each, every strength set to `strength`.
  static func bigCircle(strength: String) -> String {
    let fills = "[{ \"fillDate\": \"2026-10-01\", \"daySupply\": 30 }]"
    let patients = (0..<60).map { p in
      let meds = (0..<40).map { m in
        "{ \"id\": \"m\(m)\", \"name\": \"med \(m)\", \"strength\": \"\(strength)\", \"fills\": \(fills) }"
      }
      return "{ \"id\": \"p\(p)\", \"fullName\": \"Person \(p)\", \"dateOfBirth\": \"1940-01-01\", "
        + "\"medications\": [\(meds.joined(separator: ", "))] }"
    }
    return "{ \"format\": \"rua-care-circle\", \"version\": 1, \"patients\": ["
      + patients.joined(separator: ",\n") + "] }"
  }

  @Test(.enabled(if: executable != nil, "the rua-paper binary is not built beside the tests"))
  func killedImportsLeaveTheStoreWholeAndUnmixed() throws {
    let box = CLISandbox()
    let (created, _, _) = try run(["init"] + box.storeFlags)
    #expect(created == 0)
    box.write("five.json", Self.bigCircle(strength: "5 mg"))
    box.write("six.json", Self.bigCircle(strength: "6 mg"))
    let location = StoreLocation(database: box.database, keyFile: box.keyFile)
    for round in 0..<5 {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: try #require(Self.executable))
      process.arguments =
        ["import", box.file(round % 2 == 0 ? "five.json" : "six.json")] + box.storeFlags
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      try process.run()
      usleep(UInt32.random(in: 150_000...900_000))
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
      let store = try Store.open(location, actor: .current())
      let strengths = Set(
        try store.connection.column("SELECT DISTINCT strength FROM medications"))
      let patients = try store.connection.scalarInt("SELECT count(*) FROM patients") ?? -1
      #expect(patients == 0 || patients == 60, "round \(round): \(patients) patients")
      #expect(strengths.count <= 1, "round \(round): a half-applied import \(strengths)")
      #expect(Store.inspect(location).isReady, "round \(round)")
    }
  }
}
