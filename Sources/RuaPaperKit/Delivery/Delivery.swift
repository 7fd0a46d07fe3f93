// SPDX-License-Identifier: Apache-2.0
import Glibc
import RuaCore
import RuaDocuments
import RuaFiles
import RuaPrint
import RuaRender
public import RuaStore
import Synchronization

/// Where a rendered PDF goes.
public enum Destination: Sendable {
  case file(path: String, replace: Bool)
  case standardOutput
  /// A share folder: a new file named by `ShareName`, never overwriting.
  case share(folder: String, name: String)
  /// A CUPS queue, or the default destination when nil.
  case printer(String?)

  public var action: AccessAction {
    switch self {
    case .file, .standardOutput: return "export"
    case .share: return "share"
    case .printer: return "print"
    }
  }
}

extension Destination {
  /// `-o FILE|-` of a document: standard output, refused when it is a terminal (a PDF is
  /// bytes, not text), or the file (`replace`: `--force`), read from `host`'s working
  /// directory.
  public static func document(
    _ output: String, replace: Bool, terminal: Bool, host: HostEnvironment
  ) throws(PaperError) -> Destination {
    if output == "-" {
      guard !terminal else {
        throw .invalidRequest(
          "refusing to write a PDF to the terminal; redirect it (-o - > file.pdf, | lp) or "
            + "use -o FILE")
      }
      return .standardOutput
    }
    guard !output.isEmpty, !output.hasSuffix("/") else {
      throw .invalidRequest("-o needs a file name, such as -o er-sheet.pdf")
    }
    return .file(path: host.absolute(output), replace: replace)
  }
}

/// What leaves the store, and what its access-log rows say about it: a PDF, a binder or a
/// whole care-circle export.
public struct Parcel: Sendable {
  public let bytes: [UInt8]
  /// The patient's care-circle id; nil for a binder or a whole-circle export.
  public let patientID: String?
  /// "er-sheet", "medication-list", "fall-guide", "binder", "care-circle".
  public let document: String
  /// Nil when the bytes are not pages (an export).
  public let pages: Int?
  public let contentVersion: String?
  /// For a binder: the care-circle ids of the patients it holds, recorded in the access log.
  public var patients: [String]? = nil
  /// The SHA-256 of `bytes` (lower-case hex) when whoever made them hashed them already; nil
  /// and delivery hashes them.
  let sha256: String?

  public init(
    bytes: [UInt8], patientID: String?, document: String, pages: Int?, contentVersion: String?,
    patients: [String]? = nil
  ) {
    self.init(
      bytes: bytes, sha256: nil, patientID: patientID, document: document, pages: pages,
      contentVersion: contentVersion, patients: patients)
  }

  init(
    bytes: [UInt8], sha256: String?, patientID: String?, document: String, pages: Int?,
    contentVersion: String?, patients: [String]?
  ) {
    self.bytes = bytes
    self.sha256 = sha256
    self.patientID = patientID
    self.document = document
    self.pages = pages
    self.contentVersion = contentVersion
    self.patients = patients
  }
}

extension Parcel {
  /// The SHA-256 the access log and the manifest record: the maker's, or hashed here.
  var digest: String { sha256 ?? SHA256.hex(bytes) }
}

extension MadeDocument {
  public var parcel: Parcel {
    Parcel(
      bytes: pdf.bytes, sha256: pdf.sha256, patientID: patientID, document: documentName,
      pages: pdf.pageCount, contentVersion: contentVersion, patients: patients)
  }
}

/// The one delivery path all patient data leaves the store by.
///
/// Order: the bytes are rendered in memory; an intent row (what, for whom, where, SHA-256,
/// pages, versions) is committed; then the side effect (an atomic file, stdout or a CUPS job);
/// then an outcome row. If the intent cannot be committed nothing is delivered; if the side
/// effect fails no file is left and the outcome row says `failed`. Every intent is held in
/// `DeliveryLedger` until its outcome is committed, so SIGINT/SIGTERM either cancel it before
/// a byte is placed (`cancelled`, a print job purged) or wait until its thread has recorded
/// what happened (`completed` once the file is in place).
public struct Delivery {
  let store: Store
  let host: HostEnvironment
  let ledger: DeliveryLedger
  /// Copies, CUPS options and how long to wait for a job (`PrintSettings`).
  var printing = PrintSettings()

  @discardableResult
  func deliver(_ made: MadeDocument, to destination: Destination) throws(PaperError) -> AccessRecord
  {
    try deliver(made.parcel, to: destination)
  }

  @discardableResult
  func deliver(_ parcel: Parcel, to destination: Destination) throws(PaperError) -> AccessRecord {
    if case .printer(let name) = destination {
      return try print(parcel.bytes, to: name, entry: intentEntry(parcel, destination))
    }
    switch destination {
    case .file, .share: try Self.refuseStoreFile(describe(destination), store)
    case .standardOutput, .printer: break
    }
    let intent = try openIntents([intentEntry(parcel, destination)])[0]
    defer { ledger.close([intent.id]) }
    TestPause.at("send", host)
    guard ledger.take(intent.id) else { throw DeliveryLedger.stopped(ledger.stopSignal) }
    var entry = Self.closing(intent)
    do throws(PaperError) {
      switch destination {
      case .file(let path, let replace):
        try OutputFile.write(parcel.bytes, to: path, replace: replace)
      case .share(let folder, let name):
        try OutputFile.write(parcel.bytes, to: folder + "/" + name, replace: false)
      case .standardOutput:
        host.standardOutput(parcel.bytes)
        if let failure = host.standardOutputFailure() {
          throw PaperError(
            "cannot write to standard output: \(failure); nothing complete was delivered",
            kind: .io)
        }
      case .printer:
        break
      }
    } catch {
      entry.outcome = AccessOutcome.failed(error.message)
      _ = try? store.appendAccess(entry)
      throw error
    }
    entry.outcome = AccessOutcome.completed
    return try recordOutcomes([entry], placed: [placedWords(destination)])[0]
  }

  /// Several files into one folder, as a batch delivers them: their intents in one
  /// transaction, then each file written and synced, the folder synced once, then their
  /// outcomes in one transaction. The same rules as `deliver` hold for each file.
  func deliverFiles(_ items: [(parcel: Parcel, path: String, replace: Bool)])
    -> [Result<AccessRecord, PaperError>]
  {
    guard let first = items.first else { return [] }
    do throws(PaperError) {
      for item in items { try Self.refuseStoreFile(item.path, store) }
    } catch {
      return items.map { _ in .failure(error) }
    }
    let intents: [AccessRecord]
    do throws(PaperError) {
      intents = try openIntents(
        items.map { intentEntry($0.parcel, .file(path: $0.path, replace: $0.replace)) })
    } catch {
      return items.map { _ in .failure(error) }
    }
    defer { ledger.close(intents.map(\.id)) }
    TestPause.at("send", host)
    var results = [Result<AccessRecord, PaperError>](
      repeating: .failure(DeliveryLedger.stopped(SIGINT)), count: items.count)
    var placed: [(index: Int, entry: AccessEntry)] = []
    var failedRows: [AccessEntry] = []
    for (index, item) in items.enumerated() {
      guard ledger.take(intents[index].id) else {
        results[index] = .failure(DeliveryLedger.stopped(ledger.stopSignal))
        continue
      }
      var entry = Self.closing(intents[index])
      do throws(FileError) {
        try AtomicFile.write(
          item.parcel.bytes, to: item.path, replacing: item.replace, syncingFolder: false)
        placed.append((index, entry))
      } catch {
        let failure = PaperError(writing: error)
        entry.outcome = AccessOutcome.failed(failure.message)
        failedRows.append(entry)
        results[index] = .failure(failure)
      }
    }
    do throws(FileError) {
      if !placed.isEmpty { try Files.syncFolder(of: first.path) }
    } catch {
      // The files are there but their names may not survive a crash: a failed delivery.
      for (index, var entry) in placed {
        let failure = PaperError(
          writing: FileError(
            .syncFolder, items[index].path, code: error.code, fileIsInPlace: true))
        entry.outcome = AccessOutcome.failed(failure.message)
        failedRows.append(entry)
        results[index] = .failure(failure)
      }
      placed = []
    }
    if !failedRows.isEmpty { _ = try? store.appendAccess(failedRows) }
    let completed = placed.map { item in
      var entry = item.entry
      entry.outcome = AccessOutcome.completed
      return entry
    }
    do throws(PaperError) {
      let rows = try recordOutcomes(
        completed, placed: placed.map { "\(items[$0.index].path) was written" })
      for (offset, item) in placed.enumerated() { results[item.index] = .success(rows[offset]) }
    } catch {
      for item in placed { results[item.index] = .failure(error) }
    }
    return results
  }

  private func intentEntry(_ parcel: Parcel, _ destination: Destination) -> AccessEntry {
    AccessEntry(
      patientID: parcel.patientID, document: parcel.document, action: destination.action,
      destination: describe(destination), sha256: parcel.digest, pages: parcel.pages,
      toolVersion: ToolVersion.full, contentVersion: parcel.contentVersion,
      outcome: AccessOutcome.intent, processID: getpid(), patients: parcel.patients)
  }

  /// The outcome row that closes `intent` (its outcome still to be set).
  private static func closing(_ intent: AccessRecord) -> AccessEntry {
    var entry = intent.entry
    entry.intentID = intent.id
    entry.processID = nil
    return entry
  }

  /// Commits intent rows through the ledger; nothing is delivered when this throws.
  private func openIntents(_ entries: [AccessEntry]) throws(PaperError) -> [AccessRecord] {
    try ledger.open(at: store.location) { () throws(PaperError) -> [AccessRecord] in
      do throws(StoreError) { return try store.appendAccess(entries) } catch {
        throw PaperError(
          "cannot record the delivery in the access log, so nothing was delivered: "
            + error.description, kind: StoreAccess.kind(error.kind))
      }
    }
  }

  /// Commits outcome rows for bytes already delivered. When that fails the message says what
  /// is true: the bytes are there (`placed`, e.g. "out.pdf was written") but the log row is not.
  private func recordOutcomes(_ entries: [AccessEntry], placed: [String]) throws(PaperError)
    -> [AccessRecord]
  {
    do { return try store.appendAccess(entries) } catch {
      let what = placed.count == 1 ? placed[0] : "\(placed.count) files were written"
      throw PaperError(
        "\(what), but \(placed.count == 1 ? "its" : "their") access-log row could not be "
          + "completed (\(error.description)); the next start records outcome-unknown for "
          + "\(placed.count == 1 ? "it" : "them")", kind: StoreAccess.kind(error.kind))
    }
  }

  private func placedWords(_ destination: Destination) -> String {
    switch destination {
    case .file(let path, _): return "\(path) was written"
    case .share(let folder, let name): return "\(folder)/\(name) was written"
    case .standardOutput: return "the document was written to standard output"
    case .printer(let name): return "the document was sent to \(name ?? "the default printer")"
    }
  }

  private func print(_ bytes: [UInt8], to printer: String?, entry: AccessEntry)
    throws(PaperError) -> AccessRecord
  {
    var entry = entry
    let cancellation = PrintCancellation()
    let submitted = Mutex<AccessRecord?>(nil)
    var intentFailure: PaperError?
    let token = ledger.onStop {
      // The main thread may be blocked in CUPS: purge the job here; the ledger records the
      // `cancelled` outcome unless the main thread already took the intent.
      cancellation.cancel()
      if let job = submitted.withLock({ $0?.entry.jobID }).flatMap({ Int32($0) }) {
        CUPSPrinting.cancel(jobID: job, server: nil)
      }
    }
    defer { ledger.remove(token) }
    defer { if let id = submitted.withLock({ $0?.id }) { ledger.close([id]) } }
    let server = host.environment["CUPS_SERVER"]
    let outcome: PrintOutcome
    do throws(PrintError) {
      outcome = try CUPSPrinting.print(
        bytes, to: printer, title: JobTitle.document.rawValue,
        timeoutSeconds: printing.timeout, server: server, cancellation: cancellation,
        options: entry.document == WalletCard.kind ? printing.job.atActualSize() : printing.job
      ) { jobID in
        // Committed before a byte is sent; if it cannot be, the job is purged unsent.
        var intent = entry
        intent.jobID = Self.jobReference(jobID, server: server)
        do throws(PaperError) {
          let row = try openIntents([intent])[0]
          submitted.withLock { $0 = row }
          TestPause.at("send", host)
        } catch {
          intentFailure = error
          cancellation.cancel()
        }
      }
    } catch {
      if let intentFailure { throw intentFailure }
      let intent = submitted.withLock { $0 }
      if let intent {
        guard ledger.take(intent.id) else { throw DeliveryLedger.stopped(ledger.stopSignal) }
        entry = Self.closing(intent)
        entry.outcome = AccessOutcome.failed(error.message)
        _ = try? store.appendAccess(entry)
      } else {
        // No job was made, so no intent was committed: one row says why nothing printed.
        entry.outcome = AccessOutcome.failed(error.message)
        entry.processID = nil
        _ = try? store.appendAccess(entry)
      }
      throw PaperError(error.message, kind: .unavailable)
    }
    if let intentFailure { throw intentFailure }
    guard let intent = submitted.withLock({ $0 }) else {
      throw PaperError("the print job was made but not logged", kind: .internalFailure)
    }
    guard ledger.take(intent.id) else { throw DeliveryLedger.stopped(ledger.stopSignal) }
    entry = Self.closing(intent)
    entry.destination = outcome.destination
    switch outcome.status {
    case .completed: entry.outcome = AccessOutcome.completed
    case .cancelled: entry.outcome = AccessOutcome.cancelled
    case .unknown: entry.outcome = AccessOutcome.unknown
    case .lost(let reason):
      entry.outcome = .unknownBecause(reason + "; the document may have printed")
    case .failed(let reason): entry.outcome = AccessOutcome.failed(reason)
    }
    let row = try recordOutcomes(
      [entry], placed: ["the document was sent to \(outcome.destination) as job \(outcome.jobID)"]
    )[0]
    if let error = outcome.error { throw PaperError(error.message, kind: .unavailable) }
    return row
  }

  /// "ipp://localhost/jobs/12 (scheduler started 2026-12-01T08:40:00Z)": job ids restart
  /// with the scheduler, so the number alone may later name another job.
  public static func jobReference(_ jobID: Int32, server: String?) -> String {
    let uri = CUPSScheduler.jobURI(jobID, server: server)
    guard let started = CUPSScheduler.startTime(server: server) else { return uri }
    return uri + " (scheduler started \(Instant(secondsSinceEpoch: started).rfc3339))"
  }

  /// The job number in a `jobReference` ("12"), or the reference itself.
  public static func jobNumber(_ reference: String?) -> String {
    guard let reference else { return "?" }
    let parts = reference.split(separator: "/")
    guard let index = parts.firstIndex(of: "jobs"), index + 1 < parts.count else {
      return reference
    }
    return String(parts[index + 1].prefix(while: \.isNumber))
  }

  /// No delivery writes over the store's own files (`StoreLocation.holds`): `-o` naming the
  /// key file with `--force` would otherwise replace the only key to every record.
  static func refuseStoreFile(_ path: String, _ store: Store) throws(PaperError) {
    guard store.location.holds(path) else { return }
    throw PaperError(
      "refusing to write \(VisibleText.escaped(path)): it is one of the store's own files "
        + "(\(store.location.database), \(store.location.keyFile) and the files beside them "
        + "named after them); choose another name; nothing was written", kind: .cannotCreate)
  }

  private func describe(_ destination: Destination) -> String {
    switch destination {
    case .file(let path, _): return path
    case .standardOutput: return "stdout"
    case .share(let folder, let name): return folder + "/" + name
    case .printer(let name): return name ?? "(default printer)"
    }
  }
}
