import Glibc
import RuaCore
import RuaPrint
import RuaRender
import RuaStore
import Synchronization

/// Where a rendered PDF goes.
enum Destination: Sendable {
  case file(path: String, replace: Bool)
  case standardOutput
  /// A share folder: a new file named by `ShareName`, never overwriting.
  case share(folder: String, name: String)
  /// A CUPS queue, or the default destination when nil.
  case printer(String?)

  var action: String {
    switch self {
    case .file, .standardOutput: return "export"
    case .share: return "share"
    case .printer: return "print"
    }
  }
}

/// What leaves the store, and what its access-log rows say about it: a PDF, a binder or a
/// whole care-circle export.
struct Parcel: Sendable {
  let bytes: [UInt8]
  /// The patient's care-circle id; nil for a binder or a whole-circle export.
  let patientID: String?
  /// "er-sheet", "medication-list", "fall-guide", "binder", "care-circle".
  let document: String
  /// Nil when the bytes are not pages (an export).
  let pages: Int?
  let contentVersion: String?
  /// For a binder: the care-circle ids of the patients it holds, recorded in the access log.
  var patients: [String]? = nil
}

extension MadeDocument {
  var parcel: Parcel {
    Parcel(
      bytes: pdf.bytes, patientID: patientID, document: documentName, pages: pdf.pageCount,
      contentVersion: contentVersion, patients: patients)
  }
}

/// The one delivery path all patient data leaves the store by.
///
/// Order: the bytes are rendered in memory; an intent row (what, for whom, where, SHA-256,
/// pages, versions) is committed; then the side effect (an atomic file, stdout or a CUPS job);
/// then an outcome row. If the intent cannot be committed nothing is delivered; if the side
/// effect fails no file is left and the outcome row says `failed`. SIGINT/SIGTERM append a
/// `cancelled` outcome and purge a print job before the process exits.
struct Delivery {
  let store: Store
  let context: Context
  /// Seconds for a print job to complete before it is cancelled with purge.
  var printTimeout = 120

  @discardableResult
  func deliver(_ made: MadeDocument, to destination: Destination) throws(CLIError) -> AccessRecord {
    try deliver(made.parcel, to: destination)
  }

  @discardableResult
  func deliver(_ parcel: Parcel, to destination: Destination) throws(CLIError) -> AccessRecord {
    var entry = AccessEntry(
      patientID: parcel.patientID, document: parcel.document, action: destination.action,
      destination: describe(destination), sha256: SHA256.hex(parcel.bytes), pages: parcel.pages,
      toolVersion: ToolVersion.full, contentVersion: parcel.contentVersion,
      outcome: AccessOutcome.intent, processID: getpid(), patients: parcel.patients)
    if case .printer(let name) = destination {
      return try print(parcel.bytes, to: name, entry: entry)
    }
    let intent = try record(entry)
    let location = store.location
    let actor = store.actor
    let token = SignalGuard.shared.onInterrupt {
      Delivery.appendOutcome(AccessOutcome.cancelled, for: intent, at: location, by: actor)
    }
    defer { SignalGuard.shared.remove(token) }
    entry.intentID = intent.id
    entry.processID = nil
    TestPause.at("send", context)
    do throws(CLIError) {
      switch destination {
      case .file(let path, let replace):
        try OutputFile.write(parcel.bytes, to: path, replace: replace)
      case .share(let folder, let name):
        try OutputFile.write(parcel.bytes, to: folder + "/" + name, replace: false)
      case .standardOutput:
        context.standardOutput(parcel.bytes)
        if let failure = context.standardOutputFailure() {
          throw CLIError(
            "cannot write to standard output: \(failure); nothing complete was delivered",
            code: .ioError)
        }
      case .printer:
        break
      }
    } catch {
      entry.outcome = AccessOutcome.failed(error.message)
      _ = try? record(entry)
      throw CLIError(error.message, code: error.code)
    }
    entry.outcome = AccessOutcome.completed
    return try record(entry)
  }

  private func print(_ bytes: [UInt8], to printer: String?, entry: AccessEntry)
    throws(CLIError) -> AccessRecord
  {
    var entry = entry
    let cancellation = PrintCancellation()
    let submitted = Mutex<AccessRecord?>(nil)
    var intentFailure: CLIError?
    let location = store.location
    let actor = store.actor
    let token = SignalGuard.shared.onInterrupt {
      // The main thread may be blocked in CUPS: purge the job here and record the outcome.
      cancellation.cancel()
      if let intent = submitted.withLock({ $0 }) {
        if let job = intent.entry.jobID.flatMap({ Int32($0) }) {
          CUPSPrinting.cancel(jobID: job, server: nil)
        }
        Delivery.appendOutcome(AccessOutcome.cancelled, for: intent, at: location, by: actor)
      }
    }
    defer { SignalGuard.shared.remove(token) }
    let server = context.environment["CUPS_SERVER"]
    let outcome: PrintOutcome
    do throws(PrintError) {
      outcome = try CUPSPrinting.print(
        bytes, to: printer, title: JobTitle.document.rawValue,
        timeoutSeconds: printTimeout, server: server, cancellation: cancellation
      ) { jobID in
        // Committed before a byte is sent; if it cannot be, the job is purged unsent.
        var intent = entry
        intent.jobID = String(jobID)
        do throws(CLIError) {
          let row = try record(intent)
          submitted.withLock { $0 = row }
          TestPause.at("send", context)
        } catch {
          intentFailure = error
          cancellation.cancel()
        }
      }
    } catch {
      entry.outcome = AccessOutcome.failed(error.message)
      entry.processID = nil
      entry.intentID = submitted.withLock { $0?.id }
      _ = try? record(entry)
      throw CLIError(error.message, code: .unavailable)
    }
    if let intentFailure { throw intentFailure }
    entry.intentID = submitted.withLock { $0?.id }
    entry.processID = nil
    entry.jobID = String(outcome.jobID)
    entry.destination = outcome.destination
    switch outcome.status {
    case .completed: entry.outcome = AccessOutcome.completed
    case .cancelled: entry.outcome = AccessOutcome.cancelled
    case .unknown: entry.outcome = AccessOutcome.unknown
    case .failed(let reason): entry.outcome = AccessOutcome.failed(reason)
    }
    let row = try record(entry)
    if let error = outcome.error { throw CLIError(error.message, code: .unavailable) }
    return row
  }

  private func record(_ entry: AccessEntry) throws(CLIError) -> AccessRecord {
    do { return try store.appendAccess(entry) } catch {
      throw CLIError(
        "cannot record the delivery in the access log, so nothing was delivered: "
          + error.description, code: StoreAccess.exitCode(error.kind))
    }
  }

  private func describe(_ destination: Destination) -> String {
    switch destination {
    case .file(let path, _): return path
    case .standardOutput: return "stdout"
    case .share(let folder, let name): return folder + "/" + name
    case .printer(let name): return name ?? "(default printer)"
    }
  }

  /// Appends an outcome row from the signal thread on its own connection, as the same run.
  static func appendOutcome(
    _ outcome: String, for intent: AccessRecord, at location: StoreLocation, by actor: AccessActor
  ) {
    guard let store = try? Store.open(location) else { return }
    store.actor = actor
    var entry = intent.entry
    entry.outcome = outcome
    entry.intentID = intent.id
    entry.processID = nil
    _ = try? store.appendAccess(entry)
  }
}
