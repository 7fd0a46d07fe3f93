// SPDX-License-Identifier: Apache-2.0
/// Printing through the CUPS scheduler libcups is configured with (`CUPS_SERVER`,
/// `client.conf`, else the local socket), or through the `server` given.
///
/// Every call opens its own connection, so `cancel(jobID:)` may run on another thread while
/// `print` waits for the job.
public enum CUPSPrinting {
  /// The default destination's name, or nil when none is set or no scheduler answers.
  public static func defaultDestination(server: String? = nil) -> String? {
    guard let connection = try? CUPSConnection(server: server),
      let destination = try? connection.destination(named: nil)
    else { return nil }
    return destination.name
  }

  /// The names of the printers and classes the scheduler offers (empty when none answers).
  public static func destinations(server: String? = nil) -> [String] {
    guard let connection = try? CUPSConnection(server: server) else { return [] }
    return connection.destinationNames()
  }

  /// Prints a PDF: streams `bytes` to a new CUPS job (no client-side file), then waits until
  /// the job completes, is aborted or cancelled, or `timeoutSeconds` pass, in which case the job
  /// is cancelled and purged from the spool.
  ///
  /// - Parameters:
  ///   - destination: a printer or class name; nil for the default destination.
  ///   - title: one of `JobTitle`'s generic titles; anything else is sent as
  ///     `JobTitle.document`, so no name ever reaches CUPS logs.
  ///   - timeoutSeconds: how long to wait for the job after sending it (at least 1).
  ///   - server: a socket path or `host:port`; nil for libcups' configuration.
  ///   - cancellation: when set from another thread, the job is cancelled with purge and the
  ///     outcome is `.cancelled(.requested)`.
  ///   - onSubmitted: called once with the job id, after the job exists and before any byte is
  ///     sent (log the intent there).
  /// - Returns: how the job ended; `outcome.error` is the error to report when it did not
  ///   complete.
  /// - Throws: `PrintError` when no job could be made or the bytes could not be sent (a job
  ///   that exists is then cancelled and purged).
  public static func print(
    _ bytes: [UInt8], to destination: String?, title: String = JobTitle.document.rawValue,
    timeoutSeconds: Int, server: String? = nil, cancellation: PrintCancellation? = nil,
    options: PrintJobOptions = PrintJobOptions(), onSubmitted: (Int32) -> Void
  ) throws(PrintError) -> PrintOutcome {
    let jobTitle = JobTitle.generic(title)
    let schedulerStart = CUPSScheduler.startTime(server: server)
    let (jobID, printer, transfer) = try submit(
      bytes, to: destination, title: jobTitle, server: server, timeout: Double(timeoutSeconds),
      cancellation: cancellation, options: options, onSubmitted: onSubmitted)
    switch transfer {
    case .sent:
      return try JobWatch.waitForEnd(
        jobID: jobID, printer: printer, server: server, timeoutSeconds: timeoutSeconds,
        cancellation: cancellation, waitWhileStopped: options.waitWhileStopped,
        schedulerStart: schedulerStart)
    case .interrupted:
      try JobWatch.cancelAndPurge(jobID, printer: printer, server: server, using: nil)
      return PrintOutcome(jobID: jobID, destination: printer, status: .cancelled(.requested))
    case .failed(let detail):
      do {
        try JobWatch.cancelAndPurge(jobID, printer: printer, server: server, using: nil)
      } catch {
        // The job could not be purged: say so, and how to remove it by hand.
        if case .io(_, _, let cancelDetail) = error {
          throw .io(printer: printer, jobID: nil, detail: "\(detail); \(cancelDetail)")
        }
        throw error
      }
      throw .io(printer: printer, jobID: jobID, detail: detail)
    }
  }

  /// Cancels a job and purges it (document and history) from the spool. Returns false when
  /// no scheduler answers or it refuses; true also when the job is already gone.
  @discardableResult
  public static func cancel(jobID: Int32, server: String? = nil) -> Bool {
    guard let connection = try? CUPSConnection(server: server) else { return false }
    return connection.cancelAndPurge(jobID: jobID)
  }

  /// Connects, resolves the destination, creates the job and streams the bytes. The
  /// connection closes when this returns, before the job is watched or cancelled.
  private static func submit(
    _ bytes: [UInt8], to name: String?, title: JobTitle, server: String?, timeout: Double,
    cancellation: PrintCancellation?, options: PrintJobOptions, onSubmitted: (Int32) -> Void
  ) throws(PrintError) -> (Int32, String, DocumentSubmission.Transfer) {
    let connection = try CUPSConnection(server: server, timeout: timeout)
    let destination = try connection.destination(named: name)
    let printer = destination.name
    guard destination.isAcceptingJobs else { throw .notAcceptingJobs(printer: printer) }
    if !options.waitWhileStopped {
      let state = connection.printerState(printer)
      if state.stopped { throw .queueStopped(printer: printer, reason: state.message) }
    }
    guard !bytes.isEmpty else {
      throw .io(printer: printer, jobID: nil, detail: "the document is empty")
    }
    let jobID = try DocumentSubmission.createJob(
      on: connection, destination: destination, title: title, options: options)
    onSubmitted(jobID)
    let transfer = DocumentSubmission.send(
      bytes, jobID: jobID, on: connection, destination: destination,
      cancellation: cancellation)
    return (jobID, printer, transfer)
  }
}
