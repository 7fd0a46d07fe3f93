// SPDX-License-Identifier: Apache-2.0
import Synchronization

/// A test seam on the durability steps: each fsync of a file, link or rename into place, and
/// fsync of a folder is recorded, in order, for the task that installed a probe, and a chosen
/// step can be made to fail with an errno, as a full or failing disk would.
///
/// Why: a skipped fsync or an ignored folder-sync error changes no byte a test can read back,
/// so without a record of the steps only `strace` in `scripts/integration-test` would see it.
/// The probe is task-local: tests running in parallel never see each other's, and a run
/// without one (every real run) records nothing and fails nothing.
public final class FileProbe: Sendable {
  public enum Step: String, Sendable, Hashable {
    /// fsync of the file's own bytes (the path it is being written to).
    case syncFile
    /// A name given to the staged bytes (the destination, or a `.rua-paper-` temporary).
    case link
    /// A temporary renamed over the destination (the destination's path).
    case rename
    /// fsync of a folder (the folder's path).
    case syncFolder
  }

  public struct Event: Sendable, Hashable, CustomStringConvertible {
    public let step: Step
    public let path: String

    public init(_ step: Step, _ path: String) {
      self.step = step
      self.path = path
    }

    public var description: String { "\(step.rawValue) \(path)" }
  }

  /// The probe of the current task, if a test installed one (`FileProbe.$current.withValue`).
  @TaskLocal public static var current: FileProbe?

  private let failures: [Event: Int32]
  private let recorded = Mutex<[Event]>([])

  /// `failing`: the steps that fail, and the errno each fails with; every other step runs.
  public init(failing failures: [Event: Int32] = [:]) {
    self.failures = failures
  }

  /// The steps taken so far, in order (a failed step included).
  public var events: [Event] { recorded.withLock { $0 } }

  /// Records `step` on `path` for the current task's probe; the errno to fail it with, or nil
  /// to go on with the real system call.
  static func observe(_ step: Step, _ path: String) -> Int32? {
    guard let probe = current else { return nil }
    let event = Event(step, path)
    probe.recorded.withLock { $0.append(event) }
    return probe.failures[event]
  }
}
