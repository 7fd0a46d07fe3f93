// SPDX-License-Identifier: Apache-2.0
import CLinux
import Glibc
import RuaCore
import RuaFiles
import RuaPaperKit
import Synchronization

/// The real process: its clock, environment, streams and hardening. Only `main` calls this.
public enum Process {
  /// umask 077, no core dumps, not ptrace-able by the same user, SIGPIPE ignored, and crashes
  /// reported by one fixed line (exit 70) instead of a register and memory dump.
  public static func harden() {
    _ = rua_install_crash_handlers()
    umask(0o077)
    var limit = rlimit(rlim_cur: 0, rlim_max: 0)
    _ = setrlimit(Int32(RLIMIT_CORE.rawValue), &limit)
    _ = rua_set_not_dumpable()
    signal(SIGPIPE, SIG_IGN)
  }

  public static func context() -> Context {
    var environment: [String: String] = [:]
    var pointer = Glibc.environ
    while let entry = pointer.pointee {
      let text = String(validatingCString: entry) ?? ""
      if let equals = text.firstIndex(of: "=") {
        environment[String(text[..<equals])] = String(text[text.index(after: equals)...])
      }
      pointer += 1
    }
    var seconds = time(nil)
    var local = tm()
    localtime_r(&seconds, &local)
    let today = CivilDate(
      year: Int(local.tm_year) + 1900, month: Int(local.tm_mon) + 1, day: Int(local.tm_mday))
    let cwd = Files.workingDirectory()
    var context = Context(
      environment: environment, now: Instant(secondsSinceEpoch: Int64(seconds)),
      today: today ?? Instant(secondsSinceEpoch: Int64(seconds)).utcDate,
      standardOutput: { writeAll(STDOUT_FILENO, $0) },
      standardError: { writeAll(STDERR_FILENO, $0) },
      standardErrorIsTerminal: isatty(STDERR_FILENO) == 1,
      standardOutputIsTerminal: isatty(STDOUT_FILENO) == 1,
      standardOutputFailure: { outputFailure.withLock { $0?.reason } }, workingDirectory: cwd)
    context.watchesPages = true
    context.standardInputIsTerminal = isatty(STDIN_FILENO) == 1
    context.readAnswer = StandardInput.readLine
    return context
  }

  public static func exit(_ code: ExitCode) -> Never { Glibc.exit(code.rawValue) }

  /// The first failed write to standard output; later writes are skipped.
  private static let outputFailure = Mutex<FileError?>(nil)

  /// Writes to a standard stream. A failure on stdout is remembered so the command ends with
  /// exit 74 and a delivery to stdout is logged as failed; stderr failures have nowhere to go.
  static func writeAll(_ fd: Int32, _ bytes: [UInt8]) {
    if fd == STDOUT_FILENO, outputFailure.withLock({ $0 != nil }) { return }
    do { try FileDescriptor.writeAll(fd, bytes, path: "stdout") } catch {
      if fd == STDOUT_FILENO { outputFailure.withLock { $0 = $0 ?? error } }
    }
  }

}
