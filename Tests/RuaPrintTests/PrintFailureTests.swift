// SPDX-License-Identifier: Apache-2.0
import Foundation
import RuaPrint
import RuaTestSupport
import Testing

/// Every way printing can fail, each against its own private cupsd.
@Suite(
  "Printing failures", .serialized,
  .enabled(if: PrivateCUPS.isInstalled, "cupsd is not installed; run scripts/setup"))
final class PrintFailureTests {
  let cups: PrivateCUPS

  init() throws {
    cups = try PrivateCUPS()
  }

  @Test func aStoppedDaemonIsReportedAsNoDaemon() {
    cups.stop()
    var submitted = false
    #expect(throws: PrintError.noDaemon(server: cups.socket)) {
      try CUPSPrinting.print(
        MinimalPDF.make(), to: "capture", timeoutSeconds: 30, server: self.cups.socket
      ) { _ in submitted = true }
    }
    #expect(!submitted)
    #expect(CUPSPrinting.defaultDestination(server: cups.socket) == nil)
    #expect(CUPSPrinting.destinations(server: cups.socket).isEmpty)
    #expect(!CUPSPrinting.cancel(jobID: 1, server: cups.socket))
  }

  @Test func aSocketWithNoDaemonIsReportedAsNoDaemon() {
    let bogus = cups.directory + "/nobody-listens.sock"
    #expect(throws: PrintError.noDaemon(server: bogus)) {
      try CUPSPrinting.print(MinimalPDF.make(), to: "capture", timeoutSeconds: 30, server: bogus) {
        _ in
      }
    }
  }

  @Test func aDaemonThatDiesBeforeTheBytesAreSentIsAnIOError() {
    var submitted: Int32 = 0
    do {
      let outcome = try CUPSPrinting.print(
        MinimalPDF.make(paddingLines: 4_000), to: "capture", timeoutSeconds: 30,
        server: cups.socket
      ) { jobID in
        submitted = jobID
        self.cups.stop()
      }
      Issue.record("expected an error, got \(outcome)")
    } catch {
      guard case .io(let printer, let jobID, let detail) = error else {
        Issue.record("expected an I/O error, got \(error)")
        return
      }
      #expect(printer == "capture")
      #expect(jobID == nil, "a dead daemon cannot have purged the job")
      #expect(detail.contains("cancel -x \(submitted)"))
      #expect(error.message.contains("print again"))
    }
    #expect(submitted > 0)
  }

  @Test func anUnknownPrinterIsNamedInTheError() {
    var submitted = false
    #expect(throws: PrintError.unknownPrinter("no-such-printer")) {
      try CUPSPrinting.print(
        MinimalPDF.make(), to: "no-such-printer", timeoutSeconds: 30, server: self.cups.socket
      ) { _ in submitted = true }
    }
    #expect(!submitted)
    #expect(PrintError.unknownPrinter("no-such-printer").message.contains("no-such-printer"))
  }

  @Test func aRejectingQueueIsReportedAsNotAcceptingJobs() {
    #expect(cups.tool("cupsreject", ["capture"]).status == 0)
    var submitted = false
    #expect(throws: PrintError.notAcceptingJobs(printer: "capture")) {
      try CUPSPrinting.print(
        MinimalPDF.make(), to: "capture", timeoutSeconds: 30, server: self.cups.socket
      ) { _ in submitted = true }
    }
    #expect(!submitted)
    #expect(cups.spoolFiles().isEmpty)
  }

  @Test func aStoppedPrinterTimesOutAndTheJobIsCancelledAndPurged() throws {
    #expect(cups.tool("cupsdisable", ["capture"]).status == 0)
    var submitted: Int32 = 0
    let outcome = try CUPSPrinting.print(
      MinimalPDF.make(), to: "capture", timeoutSeconds: 2, server: cups.socket
    ) { submitted = $0 }

    #expect(outcome.jobID == submitted)
    #expect(outcome.status == .cancelled(.printerStopped(afterSeconds: 2)))
    #expect(
      outcome.error == .printerStopped(printer: "capture", jobID: outcome.jobID, seconds: 2))
    expectJobGone(outcome.jobID)
  }

  @Test func anAbortedJobIsAFailedOutcome() throws {
    let outcome = try CUPSPrinting.print(
      MinimalPDF.make(), to: "failing", timeoutSeconds: 120, server: cups.socket
    ) { _ in }
    guard case .failed(let reason) = outcome.status else {
      Issue.record("expected a failed outcome, got \(outcome.status)")
      return
    }
    #expect(!reason.isEmpty)
    #expect(outcome.error == .jobFailed(printer: "failing", jobID: outcome.jobID, reason: reason))
  }

  @Test func aRequestedCancellationPurgesTheJobBeforeAnyByteIsSent() throws {
    #expect(cups.tool("cupsdisable", ["capture"]).status == 0)
    let cancellation = PrintCancellation()
    let outcome = try CUPSPrinting.print(
      MinimalPDF.make(), to: "capture", timeoutSeconds: 120, server: cups.socket,
      cancellation: cancellation
    ) { _ in cancellation.cancel() }
    #expect(outcome.status == .cancelled(.requested))
    #expect(
      outcome.error == .jobCancelled(printer: "capture", jobID: outcome.jobID, requested: true))
    expectJobGone(outcome.jobID)
  }

  @Test func aJobCancelledByAnAdministratorIsACancelledOutcome() throws {
    #expect(cups.tool("cupsdisable", ["capture"]).status == 0)
    let socket = cups.socket
    let outcome = try CUPSPrinting.print(
      MinimalPDF.make(), to: "capture", timeoutSeconds: 120, server: socket
    ) { jobID in
      DispatchQueue.global().asyncAfter(deadline: .now() + 0.5) {
        _ = PrivateCUPS.run("/usr/bin/env", ["cancel", String(jobID)], server: socket)
      }
    }
    #expect(outcome.status == .cancelled(.elsewhere))
    #expect(
      outcome.error == .jobCancelled(printer: "capture", jobID: outcome.jobID, requested: false))
  }

  @Test func purgingFromAnotherThreadEndsTheWaitWithAnUnknownOutcome() throws {
    #expect(cups.tool("cupsdisable", ["capture"]).status == 0)
    let socket = cups.socket
    let outcome = try CUPSPrinting.print(
      MinimalPDF.make(), to: "capture", timeoutSeconds: 120, server: socket
    ) { jobID in
      DispatchQueue.global().asyncAfter(deadline: .now() + 0.5) {
        _ = CUPSPrinting.cancel(jobID: jobID, server: socket)
      }
    }
    #expect(outcome.status == .unknown)
    #expect(outcome.error == .outcomeUnknown(printer: "capture", jobID: outcome.jobID))
    expectJobGone(outcome.jobID)
  }

  @Test func anEmptyDocumentMakesNoJob() {
    var submitted = false
    #expect(throws: PrintError.self) {
      try CUPSPrinting.print([], to: "capture", timeoutSeconds: 30, server: self.cups.socket) {
        _ in submitted = true
      }
    }
    #expect(!submitted)
    #expect(cups.spoolFiles().isEmpty)
  }

  /// The scheduler no longer lists the job, and nothing of it is left in the spool.
  private func expectJobGone(_ jobID: Int32) {
    let listing = cups.tool("lpstat", ["-W", "all", "-o"])
    #expect(listing.status == 0)
    #expect(!listing.output.contains("capture-\(jobID) "), "\(listing.output)")
    let number = String(jobID)
    let padded = String(repeating: "0", count: max(0, 5 - number.count)) + number
    #expect(
      eventually { !self.cups.spoolFiles().contains { $0.contains(padded) } },
      "spool still holds \(cups.spoolFiles())")
    #expect(cups.captured(jobID: jobID) == nil)
  }
}
