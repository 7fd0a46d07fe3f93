import Foundation
import RuaCLI
import RuaCore

@testable import RuaStore

/// Runs `rua-paper` in-process with captured streams.
final class Captured: @unchecked Sendable {
  private let lock = NSLock()
  private var out: [UInt8] = []
  private var err: [UInt8] = []

  var stdout: String { lock.withLock { String(decoding: out, as: UTF8.self) } }
  var stderr: String { lock.withLock { String(decoding: err, as: UTF8.self) } }

  func appendOut(_ bytes: [UInt8]) { lock.withLock { out += bytes } }
  func appendErr(_ bytes: [UInt8]) { lock.withLock { err += bytes } }
}

struct CLIResult {
  var code: ExitCode
  var stdout: String
  var stderr: String
}

/// A temporary folder with a store location inside, removed afterwards.
final class CLISandbox {
  let path: String
  let now: Int64 = 1_795_000_000
  let today = "2026-11-18"

  init() {
    path = NSTemporaryDirectory() + "rua-cli-test-" + UUID().uuidString
    try? FileManager.default.createDirectory(
      atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
  }

  deinit { try? FileManager.default.removeItem(atPath: path) }

  var database: String { path + "/data/store.db" }
  var keyFile: String { path + "/config/key" }
  var storeFlags: [String] { ["--db", database, "--key-file", keyFile] }

  /// - Parameter standardInput: what `import -` reads; nil leaves the real standard input.
  /// - Parameter standardOutputFailure: why writes to stdout failed (as on /dev/full), if they did.
  func run(
    _ arguments: [String], environment: [String: String] = [:], now: Int64? = nil,
    standardInput: [UInt8]? = nil, standardOutputFailure: String? = nil
  ) -> CLIResult {
    let captured = Captured()
    var environment = environment.isEmpty ? ["HOME": path + "/home"] : environment
    // Documents follow the machine's /etc/papersize; tests pin letter unless they choose.
    if environment["PAPERSIZE"] == nil { environment["PAPERSIZE"] = "letter" }
    var context = Context(
      environment: environment,
      now: Instant(secondsSinceEpoch: now ?? self.now),
      today: CivilDate(iso: today) ?? Instant(secondsSinceEpoch: self.now).utcDate,
      standardOutput: { captured.appendOut($0) }, standardError: { captured.appendErr($0) },
      workingDirectory: path)
    if let standardInput { context.readStandardInput = { standardInput } }
    if let standardOutputFailure { context.standardOutputFailure = { standardOutputFailure } }
    let code = RuaPaper.run(arguments, context)
    return CLIResult(code: code, stdout: captured.stdout, stderr: captured.stderr)
  }

  func file(_ name: String) -> String { path + "/" + name }

  func write(_ name: String, _ text: String) {
    let target = file(name)
    try? FileManager.default.createDirectory(
      atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    _ = FileManager.default.createFile(atPath: target, contents: Data(text.utf8))
  }

  func hash(_ path: String) -> String {
    guard let data = FileManager.default.contents(atPath: path) else { return "missing" }
    return SHA256.hex([UInt8](data))
  }

  func mode(_ path: String) -> Int? {
    (try? FileManager.default.attributesOfItem(atPath: path))?[.posixPermissions] as? Int
  }
}

enum SampleFile {
  /// A small, fictional care-circle file.
  static let text = """
    {
      "format": "rua-care-circle",
      "version": 1,
      "exportedAt": "2026-11-01T10:00:00Z",
      "patients": [
        {
          "id": "p-robert",
          "fullName": "Robert Alvarez",
          "dateOfBirth": "1941-03-09",
          "allergies": [{ "substance": "penicillin", "reaction": "hives", "severity": "severe" }],
          "medications": [
            {
              "id": "m-warfarin", "name": "warfarin", "strength": "5 mg", "times": ["evening"],
              "fills": [{ "fillDate": "2026-10-20", "daySupply": 30 }]
            }
          ],
          "contacts": [{ "name": "Ana Alvarez", "relation": "daughter", "roles": ["emergency"] }],
          "pharmacy": { "name": "Corner Pharmacy" },
          "notes": "MARKERCLINOTES"
        },
        { "id": "p-maria", "fullName": "María Núñez", "dateOfBirth": "1938-12-24",
          "noKnownAllergies": true }
      ]
    }
    """
}
