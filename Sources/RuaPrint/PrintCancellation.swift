// SPDX-License-Identifier: Apache-2.0
import Synchronization

/// A flag another thread (for example the one handling SIGINT/SIGTERM) sets to stop a print in
/// progress. `CUPSPrinting.print` checks it between chunks and while it waits for the job, then
/// cancels the job with purge and returns `.cancelled(.requested)`.
public final class PrintCancellation: Sendable {
  private let flag = Atomic<Bool>(false)

  /// Creates a flag that is not set.
  public init() {}

  /// Asks the print in progress to stop. Safe from any thread; not async-signal-safe.
  public func cancel() {
    flag.store(true, ordering: .sequentiallyConsistent)
  }

  /// True once `cancel()` was called.
  public var isCancelled: Bool {
    flag.load(ordering: .sequentiallyConsistent)
  }
}
