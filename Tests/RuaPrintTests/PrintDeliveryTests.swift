// SPDX-License-Identifier: Apache-2.0
import Foundation
import RuaPrint
import RuaTestSupport
import Testing

/// Prints for real through a private cupsd whose `capture` queue keeps the bytes it received.
@Suite(
  "Printing through a private cupsd", .serialized,
  .enabled(if: PrivateCUPS.isInstalled, "cupsd is not installed; run scripts/setup"))
final class PrintDeliveryTests {
  let cups: PrivateCUPS

  init() throws {
    cups = try PrivateCUPS()
  }

  @Test func theCapturedBytesAreExactlyTheBytesSentAndTheTitleIsGeneric() throws {
    let document = MinimalPDF.make(paddingLines: 4_000)
    #expect(document.count > 3 * 64 * 1024, "the document should span several chunks")
    var submitted: [Int32] = []
    let outcome = try CUPSPrinting.print(
      document, to: "capture", title: "Robert Example ER sheet", timeoutSeconds: 120,
      server: cups.socket
    ) { submitted.append($0) }

    #expect(outcome.status == .completed)
    #expect(outcome.error == nil)
    #expect(outcome.destination == "capture")
    #expect(submitted == [outcome.jobID])
    #expect(cups.captured(jobID: outcome.jobID) == document)

    let jobLine = " \(outcome.jobID) ["
    #expect(eventually { self.cups.log("page_log").contains(jobLine) })
    let pageLog = cups.log("page_log")
    #expect(pageLog.contains("rua-paper document"))
    #expect(!pageLog.contains("Robert"))
    #expect(!cups.log("access_log").contains("Robert"))
    #expect(!cups.log("error_log").contains("Robert"))
    for name in cups.spoolFiles() {
      #expect(!contains(cups.spoolFile(name), "Robert"), "spool file \(name) holds the name")
    }
  }

  /// Debian's cupsd 2.4.2-3+deb12u10 copies `document-name-supplied` into the filter options
  /// with a loop that never ends on a space and crashes; rua-paper sends no document name.
  @Test func theJobCarriesNoDocumentNameAndTheSchedulerSurvivesIt() throws {
    let outcome = try CUPSPrinting.print(
      MinimalPDF.make(), to: "capture", title: JobTitle.erSheet.rawValue, timeoutSeconds: 120,
      server: cups.socket, options: PrintJobOptions(options: [(key: "media", value: "A4")])
    ) { _ in }
    #expect(outcome.isCompleted)
    #expect(eventually { !self.cups.backendArguments(jobID: outcome.jobID).isEmpty })
    let arguments = cups.backendArguments(jobID: outcome.jobID)
    #expect(arguments.contains("media=A4"))
    #expect(!arguments.contains("document-name"), "\(arguments)")
    #expect(cups.schedulerIsRunning)
  }

  /// The wallet card is printed at its actual size: the scaling options reach the filter, and
  /// one the user set is kept as set.
  @Test func aCardJobAsksForTheActualSizeAndKeepsTheUsersOwnSetting() throws {
    let options = PrintJobOptions(options: [(key: "fit-to-page", value: "true")]).atActualSize()
    #expect(options.options.map(\.key) == ["fit-to-page", "print-scaling"])
    let outcome = try CUPSPrinting.print(
      MinimalPDF.make(), to: "capture", title: JobTitle.document.rawValue, timeoutSeconds: 120,
      server: cups.socket, options: PrintJobOptions().atActualSize()
    ) { _ in }
    #expect(outcome.isCompleted)
    #expect(eventually { !self.cups.backendArguments(jobID: outcome.jobID).isEmpty })
    let arguments = cups.backendArguments(jobID: outcome.jobID)
    #expect(arguments.contains("print-scaling=none"), "\(arguments)")
    // CUPS writes a false boolean option as its name with "no" before it.
    #expect(arguments.contains("nofit-to-page"), "\(arguments)")
  }

  @Test func noDocumentFileStaysInTheSpoolAfterCompletion() throws {
    let outcome = try CUPSPrinting.print(
      MinimalPDF.make(), to: "capture", timeoutSeconds: 120, server: cups.socket
    ) { _ in }
    #expect(outcome.isCompleted)
    #expect(eventually { !self.cups.spoolFiles().contains { $0.hasPrefix("d") } })
    #expect(cups.spoolFiles().allSatisfy { !$0.hasPrefix("d") }, "\(cups.spoolFiles())")
  }

  @Test(arguments: JobTitle.allCases)
  func aGenericTitleReachesThePageLog(title: JobTitle) throws {
    let outcome = try CUPSPrinting.print(
      MinimalPDF.make(), to: "capture", title: title.rawValue, timeoutSeconds: 120,
      server: cups.socket
    ) { _ in }
    #expect(outcome.isCompleted)
    #expect(eventually { self.cups.log("page_log").contains(" \(outcome.jobID) [") })
    let line = cups.log("page_log").split(separator: "\n").first {
      $0.contains(" \(outcome.jobID) [")
    }
    #expect(line?.contains(title.rawValue) == true)
  }

  @Test func theDefaultDestinationIsUsedWhenNoPrinterIsNamed() throws {
    #expect(CUPSPrinting.destinations(server: cups.socket) == ["capture", "failing"])
    #expect(CUPSPrinting.defaultDestination(server: cups.socket) == nil)
    #expect(throws: PrintError.noDefaultDestination) {
      try CUPSPrinting.print(MinimalPDF.make(), to: nil, timeoutSeconds: 60, server: cups.socket) {
        _ in
      }
    }

    #expect(cups.tool("lpadmin", ["-d", "capture"]).status == 0)
    #expect(CUPSPrinting.defaultDestination(server: cups.socket) == "capture")
    let document = MinimalPDF.make()
    let outcome = try CUPSPrinting.print(
      document, to: nil, timeoutSeconds: 120, server: cups.socket
    ) { _ in }
    #expect(outcome.isCompleted)
    #expect(outcome.destination == "capture")
    #expect(cups.captured(jobID: outcome.jobID) == document)
  }

  @Test func libcupsFindsTheDaemonThroughCUPSServer() throws {
    setenv("CUPS_SERVER", cups.socket, 1)
    defer { unsetenv("CUPS_SERVER") }
    #expect(CUPSPrinting.destinations() == ["capture", "failing"])
    let document = MinimalPDF.make()
    let outcome = try CUPSPrinting.print(document, to: "capture", timeoutSeconds: 120) { _ in }
    #expect(outcome.isCompleted)
    #expect(cups.captured(jobID: outcome.jobID) == document)
  }

  @Test func theSchedulerReportsTheConfigurationTheHarnessWrote() {
    let report = CUPSConfigCheck.check(serverRoot: cups.directory + "/etc", server: cups.socket)
    #expect(report.jobFiles == .removed)
    #expect(report.defaultDestination == nil)
    #expect(report.isHealthy)
    #expect(cups.tool("lpadmin", ["-d", "failing"]).status == 0)
    let after = CUPSConfigCheck.check(serverRoot: cups.directory + "/etc", server: cups.socket)
    #expect(after.defaultDestination == "failing")
    #expect(after.lines.contains { $0.contains("\"failing\"") })
  }
}
