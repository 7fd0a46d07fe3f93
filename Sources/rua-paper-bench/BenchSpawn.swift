// SPDX-License-Identifier: Apache-2.0
import Glibc
import RuaCLI
import RuaFiles
import RuaPaperKit

/// Runs an executable as a child process and times it: `rua-paper` beside this benchmark (the
/// cold-start measurement), or the benchmark itself (one child per store size).
enum BenchSpawn {
  enum Program {
    /// The `rua-paper` executable in this executable's folder.
    case tool
    /// This benchmark again.
    case bench
  }

  /// Wall seconds from spawn to exit, or nil when the child could not run or failed.
  static func time(
    _ program: Program, _ arguments: [String], environment: [String: String], quiet: Bool = true
  ) -> Double? {
    guard let own = Files.executablePath() else { return nil }
    let executable = program == .bench ? own : Files.parent(own) + "/rua-paper"
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    if quiet {
      posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
      posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    }
    var pid = pid_t()
    var started = 0.0
    let spawned = SpawnStrings.with(arguments: [executable] + arguments, environment: environment) {
      argv, envp in
      started = MonotonicClock.seconds()
      return posix_spawn(&pid, executable, &actions, nil, argv, envp)
    }
    guard spawned == 0 else { return nil }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    let seconds = MonotonicClock.seconds() - started
    // WIFEXITED && WEXITSTATUS == 0
    return status & 0x7f == 0 && (status >> 8) & 0xff == 0 ? seconds : nil
  }
}
