// SPDX-License-Identifier: Apache-2.0
import Glibc

/// A pause at a named step, for the signal and crash tests only: with
/// `RUA_TEST_PAUSE=render` or `RUA_TEST_PAUSE=send` in the environment the command sleeps there
/// (up to 30 s) so a test can deliver SIGINT, SIGTERM or SIGKILL at a known point. Unset, it does
/// nothing.
enum TestPause {
  static func at(_ step: String, _ host: HostEnvironment) {
    guard host.environment["RUA_TEST_PAUSE"] == step else { return }
    host.notice("paused at \(step) (RUA_TEST_PAUSE)")
    for _ in 0..<300 { usleep(100_000) }
  }
}
