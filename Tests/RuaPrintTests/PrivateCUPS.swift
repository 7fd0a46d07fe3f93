// SPDX-License-Identifier: Apache-2.0
import Foundation
import RuaTestSupport

/// A private cupsd on a UNIX socket in a temporary folder, started through
/// `scripts/cups-test-daemon` and stopped when this object goes away, whatever the test did.
final class PrivateCUPS {
  /// True when the machine has cupsd; the live suites are skipped otherwise.
  static let isInstalled = FileManager.default.isExecutableFile(atPath: "/usr/sbin/cupsd")

  static let script = PackageRoot.file("scripts/cups-test-daemon")

  private let folder = TemporaryFolder("rua-cups")
  var directory: String { folder.path }
  var socket: String { directory + "/cups.sock" }
  var spool: String { directory + "/spool" }
  private var running = false

  init() throws {
    // Printing tests must not follow a default printer from the test runner's environment.
    unsetenv("LPDEST")
    unsetenv("PRINTER")
    let start = Self.run(
      Self.script, ["start", directory], extra: ["CUPS_TEST_DAEMON_OWNER": String(getpid())])
    guard start.status == 0 else {
      _ = Self.run(Self.script, ["stop", directory])
      throw HarnessError("cups-test-daemon start failed: \(start.output)")
    }
    running = true
  }

  /// The daemon stops first; the folder goes with the object.
  deinit { stop() }

  /// Stops the daemon (the tests of a dead daemon call this early).
  func stop() {
    guard running else { return }
    _ = Self.run(Self.script, ["stop", directory])
    running = false
  }

  /// Runs a CUPS command-line tool (`lpadmin`, `cupsreject`, …) against this daemon.
  @discardableResult
  func tool(_ name: String, _ arguments: [String]) -> (status: Int32, output: String) {
    Self.run("/usr/bin/env", [name] + arguments, server: socket)
  }

  /// The bytes the capture backend wrote for a job, or nil when it wrote none.
  func captured(jobID: Int32) -> [UInt8]? {
    FileManager.default.contents(atPath: "\(directory)/capture/job-\(jobID).pdf").map(Array.init)
  }

  /// What the capture backend was started with for a job (`copies=N` and `options=…` lines).
  func backendArguments(jobID: Int32) -> String {
    (try? String(contentsOfFile: "\(directory)/capture-args/job-\(jobID).txt", encoding: .utf8))
      ?? ""
  }

  /// True while the daemon started for this object still runs.
  var schedulerIsRunning: Bool {
    guard let text = try? String(contentsOfFile: directory + "/cupsd.pid", encoding: .utf8),
      let pid = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines))
    else { return false }
    return kill(pid, 0) == 0
  }

  /// The text of one of the daemon's logs (`page_log`, `access_log`, `error_log`).
  func log(_ name: String) -> String {
    (try? String(contentsOfFile: "\(directory)/log/\(name)", encoding: .utf8)) ?? ""
  }

  /// The names of the files in the spool (document files start with `d`, control files `c`).
  func spoolFiles() -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: spool)) ?? []).sorted()
  }

  /// The bytes of a spool file.
  func spoolFile(_ name: String) -> [UInt8] {
    FileManager.default.contents(atPath: "\(spool)/\(name)").map(Array.init) ?? []
  }

  /// Runs a program and waits for it (posix_spawn and waitpid: the daemon the script leaves
  /// running must not keep a pipe open, and nothing else may reap the child).
  static func run(
    _ executable: String, _ arguments: [String], server: String? = nil,
    extra: [String: String] = [:]
  ) -> (status: Int32, output: String) {
    var environment = ProcessInfo.processInfo.environment.merging(extra) { $1 }
    environment["PATH"] = (environment["PATH"] ?? "/usr/bin:/bin") + ":/usr/sbin:/sbin"
    if let server { environment["CUPS_SERVER"] = server }
    var outputTemplate = Array("/tmp/rua-cups-output-XXXXXX".utf8CString)
    let outputDescriptor = mkstemp(&outputTemplate)
    guard outputDescriptor >= 0 else { return (-1, "mkstemp failed") }
    let outputPath = String(
      decoding: outputTemplate.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    close(outputDescriptor)
    defer { unlink(outputPath) }

    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { (argv + envp).forEach { free($0) } }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_TRUNC, 0)
    posix_spawn_file_actions_adddup2(&actions, 1, 2)
    // Test threads block most signals, and a spawned child inherits the mask: without this
    // the daemon would ignore the SIGTERM that stops it.
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var noSignals = sigset_t()
    sigemptyset(&noSignals)
    var allSignals = sigset_t()
    sigfillset(&allSignals)
    posix_spawnattr_setsigmask(&attributes, &noSignals)
    posix_spawnattr_setsigdefault(&attributes, &allSignals)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
    guard spawned == 0 else { return (-1, "posix_spawn \(executable) failed: \(spawned)") }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    let output = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
    let exited = (status & 0x7f) == 0
    return (exited ? (status >> 8) & 0xff : 128 + (status & 0x7f), output)
  }
}

struct HarnessError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}

/// Polls `condition` every 100 ms for up to `seconds` (generous: the test machines are slow).
func eventually(seconds: Double = 30, _ condition: () -> Bool) -> Bool {
  let deadline = Date().addingTimeInterval(seconds)
  while Date() < deadline {
    if condition() { return true }
    usleep(100_000)
  }
  return condition()
}

/// The bytes of `text` as an array.
func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

/// True when `haystack` contains `needle` as a byte sequence.
func contains(_ haystack: [UInt8], _ needle: String) -> Bool {
  let pattern = Array(needle.utf8)
  guard !pattern.isEmpty, haystack.count >= pattern.count else { return false }
  for start in 0...(haystack.count - pattern.count)
  where haystack[start..<(start + pattern.count)].elementsEqual(pattern) {
    return true
  }
  return false
}
