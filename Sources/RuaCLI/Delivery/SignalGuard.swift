// SPDX-License-Identifier: Apache-2.0
import CLinux
import Glibc
public import RuaPaperKit
import Synchronization

/// Turns SIGINT, SIGTERM and SIGHUP into an orderly stop of the process's one `DeliveryLedger`:
/// no new delivery starts, the ledger's stop actions run (cancel a print job), every delivery
/// in flight gets exactly one outcome, then the process exits 128+signal.
///
/// The signals are blocked in every thread and received by one waiting thread with sigwait, so
/// clean-up runs as ordinary code, not inside an async-signal handler. Only the real process
/// installs the guard; in-process callers (tests) register actions that simply never fire.
public final class SignalGuard: Sendable {
  public static let shared = SignalGuard()

  /// The deliveries of this process: every `Session` the command line opens is handed it.
  public let ledger = DeliveryLedger()

  /// Blocks the signals and starts the waiting thread. Call first thing in `main`, before any
  /// other thread exists, so every later thread inherits the mask.
  public func install() {
    var set = SignalGuard.signalSet()
    pthread_sigmask(SIG_BLOCK, &set, nil)
    var thread = pthread_t()
    let started = pthread_create(
      &thread, nil,
      { _ in
        SignalGuard.shared.waitForSignal()
        return nil
      }, nil)
    if started == 0 { pthread_detach(thread) }
  }

  /// Called by `main` before it exits: when a signal is being handled, the signal thread ends
  /// the process (with 128+signal, after the outcomes are recorded), so this thread waits for
  /// it instead of racing it with another exit status.
  public func parkIfStopping() {
    guard ledger.isStopping else { return }
    while true { sleep(1) }
  }

  private func waitForSignal() {
    var set = SignalGuard.signalSet()
    var received: Int32 = 0
    while sigwait(&set, &received) != 0 {}
    // New deliveries stop now; waiting intents get `cancelled`, ones whose bytes are being
    // placed get their own outcome first.
    let cancelled = ledger.stop(signal: received)
    if !ledger.isHeld, !ledger.hasReported {
      // The command does not finish by itself: say what happened before ending it (unless
      // it already said how it ended: a batch's summary came first).
      let name = DeliveryLedger.signalName(received)
      let what =
        cancelled > 0
        ? "the delivery in progress was cancelled and logged" : "nothing more is delivered"
      let line = Array("rua-paper: stopped by \(name); \(what)\n".utf8)
      _ = line.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
    }
    let deadline = MonotonicClock.seconds() + 60
    while ledger.isHeld, MonotonicClock.seconds() < deadline {
      usleep(10_000)
    }
    _exit(128 + received)
  }

  private static func signalSet() -> sigset_t {
    var set = sigset_t()
    sigemptyset(&set)
    sigaddset(&set, SIGINT)
    sigaddset(&set, SIGTERM)
    sigaddset(&set, SIGHUP)
    return set
  }
}
