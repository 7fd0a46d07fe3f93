// SPDX-License-Identifier: Apache-2.0
/// How a submitted job ended: it completed, the scheduler aborted it, or it was cancelled (and
/// purged from the queue).
public struct PrintOutcome: Equatable, Sendable {
  /// The end state of the job.
  public enum Status: Equatable, Sendable {
    /// CUPS reports the job completed: the printer's backend took every byte.
    case completed
    /// CUPS aborted the job; `reason` is the scheduler's job-state message or reasons.
    case failed(reason: String)
    /// The job was cancelled (and purged from the spool when rua-paper cancelled it).
    case cancelled(CancellationReason)
    /// The scheduler stopped listing the job before rua-paper saw it end: someone purged it
    /// (`cancel -x`), or it finished and `PreserveJobHistory No` dropped it at once. Log the
    /// outcome as unknown.
    case unknown
    /// The scheduler stopped answering, or restarted, while the job was waiting: the document
    /// may have printed. `reason` says which.
    case lost(reason: String)
  }

  /// Why a job was cancelled.
  public enum CancellationReason: Equatable, Sendable {
    /// The printer was stopped until the timeout; rua-paper cancelled the job with purge.
    case printerStopped(afterSeconds: Int)
    /// The queue stopped while the job waited and the caller does not wait for it
    /// (`waitWhileStopped` false); `message` is the queue's `printer-state-message`.
    case queueStopped(message: String?)
    /// The job was not finished at the timeout; rua-paper cancelled it with purge.
    case timedOut(afterSeconds: Int)
    /// The caller asked for it through `PrintCancellation`; rua-paper cancelled it with purge.
    case requested
    /// Someone else (an administrator, `cancel`, the scheduler) cancelled the job.
    case elsewhere
  }

  /// The CUPS job id.
  public let jobID: Int32
  /// The printer or class the job went to (the resolved default when none was named).
  public let destination: String
  /// How the job ended.
  public let status: Status

  /// Creates an outcome.
  public init(jobID: Int32, destination: String, status: Status) {
    self.jobID = jobID
    self.destination = destination
    self.status = status
  }

  /// True when the job completed.
  public var isCompleted: Bool { status == .completed }

  /// The error to report when the job did not complete, or nil when it did.
  public var error: PrintError? {
    switch status {
    case .completed:
      return nil
    case .failed(let reason):
      return .jobFailed(printer: destination, jobID: jobID, reason: reason)
    case .cancelled(.printerStopped(let seconds)):
      return .printerStopped(printer: destination, jobID: jobID, seconds: seconds)
    case .cancelled(.timedOut(let seconds)):
      return .timedOut(printer: destination, jobID: jobID, seconds: seconds)
    case .cancelled(.requested):
      return .jobCancelled(printer: destination, jobID: jobID, requested: true)
    case .cancelled(.elsewhere):
      return .jobCancelled(printer: destination, jobID: jobID, requested: false)
    case .unknown:
      return .outcomeUnknown(printer: destination, jobID: jobID)
    case .lost(let reason):
      return .schedulerLost(printer: destination, jobID: jobID, reason: reason)
    case .cancelled(.queueStopped(let message)):
      return .queueStopped(printer: destination, reason: message, jobID: jobID)
    }
  }
}
