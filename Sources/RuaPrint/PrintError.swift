// SPDX-License-Identifier: Apache-2.0
/// Why a document did not print. Every case has a message that says what to do; the command line
/// maps all of them to exit 69 (service unavailable).
///
/// No case carries document content: only printer names (which the user typed or CUPS reported),
/// job ids, the server address and messages from the CUPS scheduler.
public enum PrintError: Error, Equatable, Sendable {
  /// No CUPS scheduler answered at `server` (a socket path or `host:port`).
  case noDaemon(server: String)
  /// A scheduler took the connection at `server` but did not answer a request within
  /// `seconds` (`--print-timeout`); nothing was sent.
  case notAnswering(server: String, seconds: Int)
  /// The scheduler has no printer or class with the name the user gave.
  case unknownPrinter(String)
  /// No printer was named and no default destination is set.
  case noDefaultDestination
  /// The queue exists but rejects new jobs (`cupsreject`).
  case notAcceptingJobs(printer: String)
  /// The scheduler refused the job for another reason; `detail` is its message.
  case refused(printer: String, detail: String)
  /// The queue is stopped (`cupsdisable`) before anything was sent; `reason` is its
  /// `printer-state-message`, when it has one.
  /// `jobID` is the job then cancelled and purged, nil when none was made.
  case queueStopped(printer: String, reason: String?, jobID: Int32? = nil)
  /// The scheduler stopped answering, or restarted, after the job was sent: it may have
  /// printed.
  case schedulerLost(printer: String, jobID: Int32, reason: String)
  /// The printer stayed stopped until the timeout; the job was cancelled and purged.
  case printerStopped(printer: String, jobID: Int32, seconds: Int)
  /// The job did not finish before the timeout; it was cancelled and purged.
  case timedOut(printer: String, jobID: Int32, seconds: Int)
  /// The scheduler or the printer aborted the job.
  case jobFailed(printer: String, jobID: Int32, reason: String)
  /// The job was cancelled: on request (`requested`), or by someone else.
  case jobCancelled(printer: String, jobID: Int32, requested: Bool)
  /// The scheduler stopped listing the job before it was seen to end.
  case outcomeUnknown(printer: String, jobID: Int32)
  /// Sending the document to the scheduler failed. `jobID` is the job that was then cancelled
  /// and purged; nil when there was none, or when it could not be purged (`detail` says so).
  case io(printer: String?, jobID: Int32?, detail: String)
  /// libcups, loaded on first use, cannot be loaded (`file`; `reason` is the loader's).
  case missingLibrary(file: String, reason: String)

  /// One or two sentences for the terminal: what happened and what to do.
  public var message: String {
    switch self {
    case .noDaemon(let server):
      return "no CUPS scheduler is reachable at \(server); start CUPS (as root: "
        + "systemctl start cups) or set CUPS_SERVER to the scheduler's socket or host:port, "
        + "then print again"
    case .notAnswering(let server, let seconds):
      return "the scheduler is not answering at \(server): nothing came back within \(seconds) s "
        + "(--print-timeout); nothing was printed. Check CUPS (`systemctl status cups`, as root: "
        + "systemctl restart cups) or CUPS_SERVER, then print again"
    case .unknownPrinter(let name):
      return "CUPS has no printer named \"\(name)\"; list the printers with `lpstat -p` "
        + "and name one of them"
    case .noDefaultDestination:
      return "no printer was named and CUPS has no default printer; name one (see `lpstat -p`) "
        + "or set a default with `lpoptions -d PRINTER`"
    case .notAcceptingJobs(let printer):
      return "the printer \"\(printer)\" is not accepting jobs; enable its queue with "
        + "`cupsaccept \(printer)` (as an administrator) or choose another printer"
    case .refused(let printer, let detail):
      return "CUPS refused the job for printer \"\(printer)\" (\(detail)); check the queue "
        + "with `lpstat -p \(printer) -l` and print again"
    case .queueStopped(let printer, let reason, let jobID):
      return "the printer \"\(printer)\" is stopped"
        + (reason.map { " (\($0))" } ?? "")
        + (jobID.map { "; job \($0) was cancelled and removed from the queue" } ?? "")
        + "; start it with `cupsenable \(printer)` (as an administrator) and print again, or "
        + "pass --print-timeout SECONDS to wait for it"
    case .printerStopped(let printer, let jobID, let seconds):
      return "the printer \"\(printer)\" is stopped: job \(jobID) did not print within "
        + "\(seconds) s and was cancelled and removed from the queue; start the printer with "
        + "`cupsenable \(printer)` and print again"
    case .timedOut(let printer, let jobID, let seconds):
      return "job \(jobID) on printer \"\(printer)\" did not finish within \(seconds) s and was "
        + "cancelled and removed from the queue; check the printer (`lpstat -p \(printer) -l`) "
        + "and print again"
    case .jobFailed(let printer, let jobID, let reason):
      return "job \(jobID) on printer \"\(printer)\" failed (\(reason)); check the printer "
        + "(`lpstat -p \(printer) -l`) and print again"
    case .jobCancelled(let printer, let jobID, let requested):
      return requested
        ? "printing was interrupted: job \(jobID) on printer \"\(printer)\" was cancelled and "
          + "removed from the queue"
        : "job \(jobID) on printer \"\(printer)\" was cancelled outside rua-paper; "
          + "print again if the page is still needed"
    case .outcomeUnknown(let printer, let jobID):
      return "CUPS no longer lists job \(jobID) on printer \"\(printer)\", so whether it printed "
        + "is unknown (it was purged, or it finished and PreserveJobHistory No dropped it); "
        + "check the printer's output and print again if the page is missing"
    case .schedulerLost(let printer, let jobID, let reason):
      return "\(reason) after job \(jobID) was sent to printer \"\(printer)\", so whether it "
        + "printed is unknown: check the printer's output before printing again"
    case .io(let printer, let jobID, let detail):
      let target = printer.map { " to printer \"\($0)\"" } ?? ""
      let job = jobID.map { "; job \($0) was cancelled and removed from the queue" } ?? ""
      return "sending the document\(target) failed (\(detail))\(job); check that CUPS is "
        + "running and print again"
    case .missingLibrary(let file, let reason):
      return "\(file) cannot be loaded (\(reason)); printing needs it: install libcups2 "
        + "(scripts/setup), or write the document to a file with -o"
    }
  }
}
