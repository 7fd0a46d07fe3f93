// SPDX-License-Identifier: Apache-2.0
import Glibc
import RuaFiles

/// A pause at a named step, for the signal and crash tests only: with
/// `RUA_TEST_PAUSE=render`, `send`, `commit` (a record command, after it read the patient and
/// before its write transaction) or `write` (inside a change write, after its first row) in the
/// environment the command sleeps there (up to 30 s, or until the file `RUA_TEST_RESUME` names
/// exists) so a test can deliver SIGINT, SIGTERM or SIGKILL, or run another command, at a
/// known point. Unset, it does nothing.
enum TestPause {
  static func at(_ step: String, _ host: HostEnvironment) {
    guard host.environment["RUA_TEST_PAUSE"] == step else { return }
    host.notice("paused at \(step) (RUA_TEST_PAUSE)")
    let resume = host.environment["RUA_TEST_RESUME"]
    for _ in 0..<300 {
      if let resume, Files.exists(resume) { return }
      usleep(100_000)
    }
  }
}
