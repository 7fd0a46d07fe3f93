// SPDX-License-Identifier: Apache-2.0
import Glibc
import Synchronization

/// The editor as a child process on the same terminal, waited for.
public enum EditorProcess {
  /// Spawns `editor` on `path` with `environment` and the default signal mask and actions
  /// (the parent blocks SIGINT/SIGTERM/SIGHUP for `SignalGuard` and ignores SIGPIPE; the
  /// editor must not inherit that), and waits for it. A stop of `ledger` (a signal to
  /// rua-paper) sends the editor SIGTERM (its whole group with `ownGroup`), so it does not
  /// outlive the file. The shell reports an editor killed by signal N as status 128+N; that
  /// is read back as the signal.
  public static func run(
    _ editor: EditorCommand, path: String, environment: [String: String], ownGroup: Bool,
    ledger: DeliveryLedger
  ) throws(PaperError) -> EditorExit {
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var empty = sigset_t()
    sigemptyset(&empty)
    posix_spawnattr_setsigmask(&attributes, &empty)
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in [SIGINT, SIGTERM, SIGHUP, SIGPIPE, SIGQUIT] { sigaddset(&defaults, signal) }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    var flags = POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF
    if ownGroup {
      flags |= POSIX_SPAWN_SETPGROUP
      posix_spawnattr_setpgroup(&attributes, 0)
    }
    posix_spawnattr_setflags(&attributes, Int16(flags))
    let child = ChildProcess(group: ownGroup)
    let token = ledger.onStop { child.terminate() }
    defer { ledger.remove(token) }
    let (started, pid) = SpawnStrings.with(
      arguments: editor.arguments(path), environment: environment
    ) { argv, envp in
      child.start { () -> (Int32, pid_t) in
        var pid = pid_t()
        let started = posix_spawn(&pid, "/bin/sh", nil, &attributes, argv, envp)
        return (started, pid)
      }
    }
    guard started == 0 else {
      throw PaperError(
        "cannot start the editor \(editor.shown) (\(String(cString: strerror(started))));"
          + " nothing was changed", kind: .unavailable)
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 {
      guard errno == EINTR else {
        throw PaperError(
          "lost the editor \(editor.shown) (\(String(cString: strerror(errno))));"
            + " nothing was changed", kind: .internalFailure)
      }
    }
    child.finished()
    var signal = status & 0x7f
    let code = (status >> 8) & 0xff
    if signal == 0, code > 128, code <= 128 + 64 { signal = code - 128 }
    if signal == 0 { return .exited(code) }
    if signal == 0x7f { return .exited(status) }  // stopped: not waited for without WUNTRACED
    if ledger.isStopping {
      // rua-paper itself is stopping and ended the editor: the signal thread reports that.
      while true { sleep(1) }
    }
    return .signalled(signal)
  }
}

/// The editor's process id, so the signal thread can end it; starting and ending happen under
/// one lock, so a stop never misses a child being started.
private final class ChildProcess: Sendable {
  private let pid = Mutex<pid_t>(0)
  /// The child leads its own process group: a stop signals all of it.
  private let group: Bool

  init(group: Bool) { self.group = group }

  /// Runs `spawn` (posix_spawn's result and the child's id) under the lock.
  func start(_ spawn: () -> (Int32, pid_t)) -> (Int32, pid_t) {
    pid.withLock { pid in
      let result = spawn()
      if result.0 == 0 { pid = result.1 }
      return result
    }
  }

  func finished() { pid.withLock { $0 = 0 } }

  func terminate() {
    pid.withLock { pid in if pid > 0 { kill(group ? -pid : pid, SIGTERM) } }
  }
}
