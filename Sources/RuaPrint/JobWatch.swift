import Glibc

/// Polls a submitted job until it ends or the timeout passes, then cancels it with purge.
enum JobWatch {
  /// Microseconds between two Get-Job-Attributes requests.
  static let pollMicroseconds: UInt32 = 200_000

  static func waitForEnd(
    jobID: Int32, printer: String, server: String?, timeoutSeconds: Int,
    cancellation: PrintCancellation?
  ) throws(PrintError) -> PrintOutcome {
    let seconds = max(1, timeoutSeconds)
    let deadline = MonotonicClock.seconds() + Double(seconds)
    var connection = try? CUPSConnection(server: server)
    var lastReasons: [String] = []
    func outcome(_ status: PrintOutcome.Status) -> PrintOutcome {
      PrintOutcome(jobID: jobID, destination: printer, status: status)
    }

    while true {
      if cancellation?.isCancelled == true {
        try cancelAndPurge(jobID, printer: printer, server: server, using: connection)
        return outcome(.cancelled(.requested))
      }
      switch connection?.queryJob(jobID) {
      case .found(let job):
        switch job.state {
        case .completed: return outcome(.completed)
        case .aborted: return outcome(.failed(reason: job.failureReason))
        case .cancelled: return outcome(.cancelled(.elsewhere))
        case .waiting: lastReasons = job.reasons
        }
      case .gone:
        return outcome(.unknown)
      case .unreachable, nil:
        // The scheduler may be restarting: reconnect and keep asking until the deadline.
        connection = try? CUPSConnection(server: server)
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
