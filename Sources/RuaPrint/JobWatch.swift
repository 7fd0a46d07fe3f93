// SPDX-License-Identifier: Apache-2.0
import Glibc

/// Polls a submitted job until it ends or the timeout passes, then cancels it with purge.
enum JobWatch {
  /// Microseconds between two Get-Job-Attributes requests.
  static let pollMicroseconds: UInt32 = 200_000

  /// Seconds a scheduler may stay unreachable during a job before the outcome is `lost`.
  static let lostAfterSeconds = 3.0

  static func waitForEnd(
    jobID: Int32, printer: String, server: String?, timeoutSeconds: Int,
    cancellation: PrintCancellation?, waitWhileStopped: Bool = true,
    schedulerStart: Int64? = nil
  ) throws(PrintError) -> PrintOutcome {
    let seconds = max(1, timeoutSeconds)
    let deadline = MonotonicClock.seconds() + Double(seconds)
    var connection = try? CUPSConnection(server: server, timeout: Double(seconds))
    var lastReasons: [String] = []
    var unreachableSince: Double?
    func outcome(_ status: PrintOutcome.Status) -> PrintOutcome {
      PrintOutcome(jobID: jobID, destination: printer, status: status)
    }

    while true {
      if cancellation?.isCancelled == true {
        try cancelAndPurge(jobID, printer: printer, server: server, using: connection)
        return outcome(.cancelled(.requested))
      }
      // A restarted scheduler may give this job id to another job: stop trusting it.
      if let schedulerStart, let now = CUPSScheduler.startTime(server: server),
        now != schedulerStart
      {
        return outcome(.lost(reason: "the CUPS scheduler restarted"))
      }
      switch connection?.queryJob(jobID) {
      case .found(let job):
        unreachableSince = nil
        switch job.state {
        case .completed: return outcome(.completed)
        case .aborted:
          return outcome(.failed(reason: failureReason(job, printer: printer, on: connection)))
        case .cancelled: return outcome(.cancelled(.elsewhere))
        case .waiting: lastReasons = job.reasons
        }
        if !waitWhileStopped, job.reasons.contains("printer-stopped"),
          let state = connection?.printerState(printer), state.stopped
        {
          try cancelAndPurge(jobID, printer: printer, server: server, using: connection)
          return outcome(.cancelled(.queueStopped(message: state.message)))
        }
      case .gone:
        return outcome(.unknown)
      case .unreachable, nil:
        let now = MonotonicClock.seconds()
        if now - (unreachableSince ?? now) >= lostAfterSeconds {
          return outcome(.lost(reason: "the CUPS scheduler stopped answering"))
        }
        unreachableSince = unreachableSince ?? now
        // The scheduler may be restarting: reconnect and ask again, briefly.
        connection = try? CUPSConnection(server: server, timeout: Double(seconds))
      }
      if MonotonicClock.seconds() >= deadline { break }
      usleep(pollMicroseconds)
    }

    let stopped =
      lastReasons.contains("printer-stopped")
      || connection?.printerIsStopped(printer) == true
    try cancelAndPurge(jobID, printer: printer, server: server, using: connection)
    return outcome(
      .cancelled(
        stopped ? .printerStopped(afterSeconds: seconds) : .timedOut(afterSeconds: seconds))
    )
  }

  /// The job's own message or reasons, with the queue's message when it adds something (a
  /// failing backend's last `ERROR:` line ends up there).
  private static func failureReason(
    _ job: JobStatus, printer: String, on connection: CUPSConnection?
  ) -> String {
    let reason = job.failureReason
    guard let message = connection?.printerState(printer).message, !message.isEmpty,
      !reason.contains(message)
    else { return reason }
    return "\(reason): \(message)"
  }

  /// Cancels and purges the job, on `connection` or a new one; throws when neither works.
  static func cancelAndPurge(
    _ jobID: Int32, printer: String?, server: String?, using connection: CUPSConnection?
  ) throws(PrintError) {
    if connection?.cancelAndPurge(jobID: jobID) == true { return }
    let fresh: CUPSConnection
    do { fresh = try CUPSConnection(server: server) } catch {
      throw .io(
        printer: printer, jobID: nil,
        detail: "CUPS stopped answering; job \(jobID) could not be cancelled, "
          + "remove it with `cancel -x \(jobID)`")
    }
    guard fresh.cancelAndPurge(jobID: jobID) else {
      throw .io(
        printer: printer, jobID: nil,
        detail: "CUPS did not cancel job \(jobID) (\(CUPSConnection.lastErrorMessage())); "
          + "remove it with `cancel -x \(jobID)`")
    }
  }
}

/// Seconds from an arbitrary start that never jumps (CLOCK_MONOTONIC), for timeouts only.
enum MonotonicClock {
  static func seconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1_000_000_000
  }
}
