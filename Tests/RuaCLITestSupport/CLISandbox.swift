// SPDX-License-Identifier: Apache-2.0
package import RuaCLI
package import RuaCore
import RuaStore
package import RuaTestSupport
import Synchronization

/// What one in-process run of `rua-paper` returned and wrote.
package struct CLIResult: Sendable {
  package var code: ExitCode
  package var stdout: String
  package var stderr: String
}

/// The time the sandbox's runs see unless a test chooses: 2026-11-18.
package let sandboxNow: Int64 = 1_795_000_000

/// Runs `rua-paper` in-process in `folder` with captured streams: the one place the tests build a
/// `Context`.
/// - Parameter today: the civil date the run sees; nil takes `now`'s UTC date.
/// - Parameter standardInput: what `import -` reads; nil leaves the real standard input.
/// - Parameter standardOutputFailure: why writes to stdout failed (as on /dev/full), if they did.
/// - Parameter typed: the line typed on a terminal standard input (an answer to a question);
///   nil is standard input that is not a terminal.
package func runInProcess(
  _ arguments: [String], in folder: String, environment: [String: String] = [:],
  now: Int64 = sandboxNow, today: CivilDate? = nil, standardErrorIsTerminal: Bool = false,
  standardInput: [UInt8]? = nil, standardOutputFailure: String? = nil, typed: String? = nil
) -> CLIResult {
  let out = Mutex<[UInt8]>([])
  let err = Mutex<[UInt8]>([])
  let instant = Instant(secondsSinceEpoch: now)
  var context = Context(
    environment: environment, now: instant, today: today ?? instant.utcDate,
    standardOutput: { bytes in out.withLock { $0 += bytes } },
    standardError: { bytes in err.withLock { $0 += bytes } },
    standardErrorIsTerminal: standardErrorIsTerminal, workingDirectory: folder)
  if let standardInput { context.readStandardInput = { standardInput } }
  if let standardOutputFailure { context.standardOutputFailure = { standardOutputFailure } }
  if let typed {
    context.standardInputIsTerminal = true
    context.readAnswer = { typed }
  }
  let code = RuaPaper.run(arguments, context)
  return CLIResult(
    code: code, stdout: out.withLock { String(decoding: $0, as: UTF8.self) },
    stderr: err.withLock { String(decoding: $0, as: UTF8.self) })
}

/// Runs `rua-paper` in-process in `folder` (kept until the run ends), with an empty environment.
package func runInProcess(_ arguments: [String], in folder: TemporaryFolder) -> CLIResult {
  withExtendedLifetime(folder) { runInProcess(arguments, in: folder.path) }
}

/// A temporary folder with a store location inside, removed afterwards: the in-process CLI
/// sandbox.
package final class CLISandbox {
  package let folder = TemporaryFolder("rua-cli-test")
  package let now = sandboxNow
  package let today = "2026-11-18"

  package init() {}

  package var path: String { folder.path }
  package var database: String { path + "/data/store.db" }
  package var keyFile: String { path + "/config/key" }
  package var storeFlags: [String] { ["--db", database, "--key-file", keyFile] }

  /// Runs `rua-paper` here; the environment is `HOME` inside the sandbox unless one is given,
  /// and `PAPERSIZE=letter` unless it chooses (documents follow the machine's /etc/papersize).
  package func run(
    _ arguments: [String], environment: [String: String] = [:], now: Int64? = nil,
    standardErrorIsTerminal: Bool = false, standardInput: [UInt8]? = nil,
    standardOutputFailure: String? = nil, typed: String? = nil
  ) -> CLIResult {
    var environment = environment.isEmpty ? ["HOME": path + "/home"] : environment
    if environment["PAPERSIZE"] == nil { environment["PAPERSIZE"] = "letter" }
    return runInProcess(
      arguments, in: path, environment: environment, now: now ?? self.now,
      today: CivilDate(iso: today), standardErrorIsTerminal: standardErrorIsTerminal,
      standardInput: standardInput, standardOutputFailure: standardOutputFailure, typed: typed)
  }

  package func file(_ name: String) -> String { folder.file(name) }

  /// Writes `text` to `name` inside the sandbox, making missing folders; a failure shows up in
  /// the test's own checks of what the command then finds.
  package func write(_ name: String, _ text: String) { try? folder.write(name, text) }

  /// SHA-256 of a file's bytes ("missing" when there is none).
  package func hash(_ path: String) -> String {
    folder.contents(path).map { SHA256.hex($0) } ?? "missing"
  }

  package func mode(_ path: String) -> Int? { folder.mode(path) }
}
