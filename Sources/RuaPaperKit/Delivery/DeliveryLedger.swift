// SPDX-License-Identifier: Apache-2.0
import Glibc
import RuaStore
import Synchronization

/// The deliveries in flight in this process, shared under one lock by the threads that deliver
/// and the thread that handles SIGINT/SIGTERM/SIGHUP, so that every intent gets exactly one
/// outcome and nothing new starts once a signal arrived.
///
/// Each open intent is in one of three states:
/// - `waiting`: committed, no byte placed yet (or, for a print, a job CUPS may still cancel).
///   A signal claims it, and the signal thread records `cancelled`.
/// - `owned`: the delivering thread is placing the bytes and will record the outcome itself
///   (`completed` once the file is in place); the signal thread waits for it.
/// - `claimed`: the signal thread took it; the delivering thread must not touch it again.
///
/// The process owns one ledger (the command line's `SignalGuard` stops it) and hands it to
/// every `Session`; a test makes its own and stops it by hand.
public final class DeliveryLedger: Sendable {
  public init() {}

  enum State: Sendable { case waiting, owned, claimed }

  private struct Books {
    var signal: Int32 = 0
    var open: [Int64: (record: AccessRecord, state: State)] = [:]
    var location: StoreLocation?
  }

  private let books = Mutex(Books())
  private let actions = Mutex<[(id: Int, action: @Sendable () -> Void)]>([])
  private let nextID = Atomic<Int>(0)
  private let holds = Atomic<Int>(0)
  private let reported = Atomic<Bool>(false)

  /// Registers an action to run when the ledger is stopped (cancel a print job); the token
  /// removes it.
  @discardableResult
  public func onStop(_ action: @escaping @Sendable () -> Void) -> Int {
    let id = nextID.add(1, ordering: .relaxed).newValue
    actions.withLock { $0.append((id, action)) }
    return id
  }

  public func remove(_ token: Int) {
    actions.withLock { $0.removeAll { $0.id == token } }
  }

  /// Work that finishes by itself after a stop (a batch writes its manifest and summary)
  /// holds the exit while it runs; whoever stops the ledger waits for `isHeld` to end.
  public func holdExit() { holds.add(1, ordering: .sequentiallyConsistent) }
  public func releaseExit() { holds.subtract(1, ordering: .sequentiallyConsistent) }
  public var isHeld: Bool { holds.load(ordering: .sequentiallyConsistent) > 0 }

  /// Set once the command has told the user how it ended (a batch's summary): a signal that
  /// comes later ends the process without a second, contradicting account.
  public func markReported() { reported.store(true, ordering: .sequentiallyConsistent) }
  public var hasReported: Bool { reported.load(ordering: .sequentiallyConsistent) }

  /// The signal number once the process is stopping, else 0.
  public var stopSignal: Int32 { books.withLock { $0.signal } }
  public var isStopping: Bool { stopSignal != 0 }

  /// Commits intents (through `commit`) and registers them as `waiting`, under the lock, so a
  /// signal either comes first (nothing is committed, the error says so) or sees every one.
  func open(
    at location: StoreLocation, _ commit: () throws(PaperError) -> [AccessRecord]
  ) throws(PaperError) -> [AccessRecord] {
    try books.withLock { books throws(PaperError) -> [AccessRecord] in
      guard books.signal == 0 else { throw Self.stopped(books.signal) }
      let records = try commit()
      books.location = location
      for record in records { books.open[record.id] = (record, .waiting) }
      return records
    }
  }

  /// The delivering thread takes an intent before placing its bytes or recording its outcome.
  /// False when the signal thread claimed it (it records `cancelled`; do nothing more).
  func take(_ id: Int64) -> Bool {
    books.withLock { books in
      guard let entry = books.open[id], entry.state != .claimed else { return false }
      books.open[id]?.state = .owned
      return true
    }
  }

  /// The outcome of an owned intent is committed (or could not be): forget it.
  func close(_ ids: [Int64]) {
    books.withLock { books in
      for id in ids where books.open[id]?.state == .owned { books.open[id] = nil }
    }
  }

  /// Called by the signal thread: stops new deliveries, claims every waiting intent, runs the
  /// registered stop actions (cancel print jobs), last registered first, waits (bounded) for owned intents to be recorded by their
  /// threads, then records `cancelled` for the claimed ones on its own connection. Returns how
  /// many it cancelled.
  public func stop(signal: Int32, wait seconds: Double = 30) -> Int {
    let (claimed, location) = books.withLock { books in
      books.signal = signal
      var claimed: [AccessRecord] = []
      for (id, entry) in books.open where entry.state == .waiting {
        books.open[id]?.state = .claimed
        claimed.append(entry.record)
      }
      return (claimed.sorted { $0.id < $1.id }, books.location)
    }
    let pending = actions.withLock { list in
      defer { list.removeAll() }
      return list
    }
    for entry in pending.reversed() { entry.action() }
    let deadline = MonotonicClock.seconds() + seconds
    while books.withLock({ $0.open.values.contains { $0.state == .owned } }),
      MonotonicClock.seconds() < deadline
    {
      usleep(5_000)
    }
    guard !claimed.isEmpty, let location, let store = try? Store.open(location, actor: .current())
    else { return 0 }
    // The cancelled rows belong to the same run, user and host as their intents.
    if let actor = claimed.first?.actor { store.actor = actor }
    let rows = claimed.map { intent in
      var entry = intent.entry
      entry.outcome = AccessOutcome.cancelled
      entry.intentID = intent.id
      entry.processID = nil
      return entry
    }
    // If even this fails, the intents stay open and the next start records outcome-unknown.
    guard (try? store.appendAccess(rows)) != nil else { return 0 }
    books.withLock { books in for intent in claimed { books.open[intent.id] = nil } }
    return rows.count
  }

  static func stopped(_ signal: Int32) -> PaperError {
    PaperError(
      "interrupted (\(signalName(signal))) before delivery; nothing was delivered",
      kind: .interrupted(signal: signal))
  }

  public static func signalName(_ signal: Int32) -> String {
    switch signal {
    case SIGINT: return "SIGINT"
    case SIGTERM: return "SIGTERM"
    case SIGHUP: return "SIGHUP"
    case SIGKILL: return "SIGKILL"
    default: return "signal \(signal)"
    }
  }
}
