import Glibc
import Synchronization

/// Turns SIGINT, SIGTERM and SIGHUP into an orderly stop: no new delivery starts, the
/// registered clean-up actions run (cancel a print job), every delivery in flight gets exactly
/// one outcome (`DeliveryLedger`), then the process exits 128+signal.
///
/// The signals are blocked in every thread and received by one waiting thread with sigwait, so
/// clean-up runs as ordinary code, not inside an async-signal handler. Only the real process
/// installs the guard; in-process callers (tests) register actions that simply never fire.
public final class SignalGuard: Sendable {
  public static let shared = SignalGuard()

  private let actions = Mutex<[(id: Int, action: @Sendable () -> Void)]>([])
  private let nextID = Atomic<Int>(0)
  private let holds = Atomic<Int>(0)

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

  /// Registers an action to run if the process is interrupted; the token removes it.
  @discardableResult
  public func onInterrupt(_ action: @escaping @Sendable () -> Void) -> Int {
    let id = nextID.add(1, ordering: .relaxed).newValue
    actions.withLock { $0.append((id, action)) }
    return id
  }

  public func remove(_ token: Int) {
    actions.withLock { $0.removeAll { $0.id == token } }
  }

  /// A command that finishes by itself after a signal (batch: manifest and summary) holds the
  /// exit; the signal thread then waits for it (bounded) instead of ending the process.
  public func holdExit() { holds.add(1, ordering: .sequentiallyConsistent) }
  public func releaseExit() { holds.subtract(1, ordering: .sequentiallyConsistent) }

  /// Called by `main` before it exits: when a signal is being handled, the signal thread ends
  /// the process (with 128+signal, after the outcomes are recorded), so this thread waits for
  /// it instead of racing it with another exit status.
  public func parkIfStopping() {
    guard DeliveryLedger.shared.isStopping else { return }
    while true { sleep(1) }
  }

  private func waitForSignal() {
    var set = SignalGuard.signalSet()
    var received: Int32 = 0
    while sigwait(&set, &received) != 0 {}
    let pending = actions.withLock { list in
      defer { list.removeAll() }
      return list
    }
    // New deliveries stop now; waiting intents get `cancelled`, ones whose bytes are being
    // placed get their own outcome first.
    let cancelled = DeliveryLedger.shared.stop(signal: received) {
      for entry in pending.reversed() { entry.action() }
    }
    if holds.load(ordering: .sequentiallyConsistent) == 0 {
      // The command does not finish by itself: say what happened before ending it.
      let name = DeliveryLedger.signalName(received)
      let what =
        cancelled > 0
        ? "the delivery in progress was cancelled and logged" : "nothing more is delivered"
      let line = Array("rua-paper: stopped by \(name); \(what)\n".utf8)
      _ = line.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
    }
    let deadline = MonotonicClock.seconds() + 60
    while holds.load(ordering: .sequentiallyConsistent) > 0, MonotonicClock.seconds() < deadline {
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
