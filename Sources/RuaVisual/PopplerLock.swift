// SPDX-License-Identifier: Apache-2.0
import Synchronization

/// Serializes poppler's font work across threads. Every poppler cairo output device shares one
/// FreeType library (`CairoOutputDev::ft_lib`, one per process), and FreeType requires calls
/// that create or free faces on one library to be serialized: two documents rendered on two
/// threads at once (the test runner runs suites in parallel) could load or free fonts at the
/// same moment and corrupt each other's glyphs. Rendering a page and releasing a document (its
/// font engine frees its faces) hold this lock; the commands render one page at a time anyway.
enum PopplerLock {
  private static let mutex = Mutex(())

  static func run<T>(_ body: () -> T) -> T {
    mutex.withLock { _ in
      let result = body()
      return Box(result)
    }.value
  }

  /// Carries a result out of the lock (not `Sendable`: it stays on this thread).
  private final class Box<T>: @unchecked Sendable {
    let value: T
    init(_ value: T) { self.value = value }
  }
}
