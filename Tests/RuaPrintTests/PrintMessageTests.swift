// SPDX-License-Identifier: Apache-2.0
import RuaPrint
import Testing

@Suite struct PrintMessageTests {
  static let errors: [PrintError] = [
    .noDaemon(server: "/run/cups/cups.sock"),
    .notAnswering(server: "/run/cups/cups.sock", seconds: 5),
    .unknownPrinter("office"),
    .noDefaultDestination,
    .notAcceptingJobs(printer: "office"),
    .refused(printer: "office", detail: "Forbidden"),
    .printerStopped(printer: "office", jobID: 7, seconds: 60),
    .timedOut(printer: "office", jobID: 7, seconds: 60),
    .jobFailed(printer: "office", jobID: 7, reason: "backend error"),
    .jobCancelled(printer: "office", jobID: 7, requested: true),
    .jobCancelled(printer: "office", jobID: 7, requested: false),
    .outcomeUnknown(printer: "office", jobID: 7),
    .io(printer: "office", jobID: 7, detail: "Broken pipe"),
    .io(printer: nil, jobID: nil, detail: "the document is empty"),
    .missingLibrary(file: "libcups.so.2", reason: "cannot open shared object file"),
  ]

  @Test(arguments: errors)
  func everyErrorSaysWhatToDo(error: PrintError) {
    let message = error.message
    #expect(message.count > 40)
    let advises = ["start", "name", "enable", "check", "print again", "cancelled", "set"]
    #expect(advises.contains { message.contains($0) }, "\(message)")
  }

  @Test func messagesNameThePrinterAndTheJob() {
    #expect(PrintError.unknownPrinter("office").message.contains("\"office\""))
    #expect(PrintError.notAcceptingJobs(printer: "office").message.contains("cupsaccept office"))
    let stopped = PrintError.printerStopped(printer: "office", jobID: 7, seconds: 60).message
    #expect(stopped.contains("cupsenable office"))
    #expect(stopped.contains("job 7"))
    #expect(PrintError.noDaemon(server: "/x.sock").message.contains("/x.sock"))
    #expect(PrintError.noDefaultDestination.message.contains("lpoptions -d"))
    let missing = PrintError.missingLibrary(file: "libcups.so.2", reason: "gone").message
    #expect(
      missing.hasPrefix("libcups.so.2 cannot be loaded (gone)") && missing.contains("libcups2"))
  }

  @Test func onlyGenericTitlesReachCUPS() {
    for title in JobTitle.allCases {
      #expect(JobTitle.generic(title.rawValue) == title)
      #expect(title.rawValue.hasPrefix("rua-paper "))
    }
    #expect(JobTitle.generic("Robert Example ER sheet") == .document)
    #expect(JobTitle.generic("") == .document)
    #expect(JobTitle.generic("RUA-PAPER ER SHEET") == .document)
  }

  @Test func anOutcomeOnlyHasAnErrorWhenTheJobDidNotComplete() {
    let completed = PrintOutcome(jobID: 3, destination: "office", status: .completed)
    #expect(completed.isCompleted)
    #expect(completed.error == nil)
    let failed = PrintOutcome(jobID: 3, destination: "office", status: .failed(reason: "jam"))
    #expect(failed.error == .jobFailed(printer: "office", jobID: 3, reason: "jam"))
    let timedOut = PrintOutcome(
      jobID: 3, destination: "office", status: .cancelled(.timedOut(afterSeconds: 9)))
    #expect(timedOut.error == .timedOut(printer: "office", jobID: 3, seconds: 9))
  }
}
