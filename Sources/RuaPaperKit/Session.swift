// SPDX-License-Identifier: Apache-2.0
import Glibc
public import RuaCore
public import RuaDocuments
public import RuaStore

/// The application over one open store: find a patient, make a document, deliver it, export
/// the circle, edit a record, run a batch. Every command of the command line is one or two
/// calls here; a test, a GUI or a print service calls the same and gets typed results.
///
/// One session per thread: the store connection is not shared. Deliveries go through the
/// `ledger` handed in (the process's own in the command line), so a signal finds them.
public final class Session {
  public let store: Store
  public let host: HostEnvironment
  public let ledger: DeliveryLedger

  /// A session over a store already open (`Store.create`, a test's store).
  public init(store: Store, host: HostEnvironment, ledger: DeliveryLedger) {
    self.store = store
    self.host = host
    self.ledger = ledger
  }

  /// Opens the store at `location`; its notices (a repaired stamp, a migration) go to
  /// `host.notice`. With `closingAbandoned`, intents left open by a process that died are
  /// closed (`outcome-unknown`) and the temporaries it left are swept, as every command that
  /// delivers does first.
  public static func open(
    _ location: StoreLocation, host: HostEnvironment, ledger: DeliveryLedger,
    closingAbandoned: Bool = false
  ) throws(PaperError) -> Session {
    let store: Store
    do { store = try Store.open(location, actor: .current()) } catch {
      throw StoreAccess.paperError(error)
    }
    for notice in store.notices { host.notice(notice) }
    if host.environment["RUA_TEST_PAUSE"] == "write" {
      store.pauseInWrite = { TestPause.at("write", host) }
    }
    let session = Session(store: store, host: host, ledger: ledger)
    if closingAbandoned { try session.closeAbandonedIntents() }
    return session
  }

  private func closeAbandonedIntents() throws(PaperError) {
    _ = try StoreAccess.perform { () throws(StoreError) in
      guard try store.hasOpenIntents() else { return 0 }
      Leftovers.sweepAbandoned(try store.openIntents(), store: store, host: host)
      return try store.closeAbandonedIntents(
        toolVersion: ToolVersion.full,
        isRunning: { pid in kill(pid, 0) == 0 || errno == EPERM })
    }
  }

  // MARK: Patients

  /// The patient an id or an unambiguous start of a name picks, with all their records.
  public func patient(_ query: String) throws(PaperError) -> Patient {
    try PatientPicker.patient(query, in: store)
  }

  /// The patient's id and names only (for the access log, which needs no records).
  public func patientName(_ query: String) throws(PaperError) -> PatientName {
    try PatientPicker.name(query, in: store)
  }

  /// "Information as of": the last change to the patient's record, or the source's date when
  /// that is older and no local edit came after the import (`Patient.informationAsOf`).
  public func informationAsOf(_ patient: Patient) throws(PaperError) -> Instant? {
    let lastChange = try StoreAccess.perform { () throws(StoreError) in
      try store.latestChange(forPatient: patient.id)
    }
    return patient.informationAsOf(lastChange: lastChange)
  }

  /// The access log's head for page footers, or nil while the log is empty.
  public func footerAnchor() throws(PaperError) -> String? { try FooterAnchor.text(store) }

  // MARK: Documents

  /// Describes, lays out and draws one document in memory; nothing is delivered or logged.
  public func make(_ request: DocumentRequest) throws(PaperError) -> MadeDocument {
    let settings = request.settings
    var resources: DocumentResources
    if let loaded = request.resources {
      resources = loaded
    } else {
      resources = try settings.resources(for: [request.kind])
    }
    let patient = try patient(request.patient)
    let language = DocumentLanguage.choose(
      explicit: settings.explicitLanguage, kind: request.kind, personLanguage: patient.language)
    resources = try resources.speaking(language)
    let asOf = try informationAsOf(patient)
    try Self.checkPrintDate(patient, informationAsOf: asOf, settings)
    var period = settings.period
    if request.kind == .mar {
      period.changes = try StoreAccess.perform { () throws(StoreError) in
        try MARChangeReading.changes(store, patient: patient, zone: .local)
      }
    }
    TestPause.at("render", host)
    return try DocumentMaker(resources).make(
      request.kind, patient: patient, today: settings.today, now: settings.now,
      informationAsOf: asOf, footerAnchor: request.anchorsFooter ? try footerAnchor() : nil,
      period: period)
  }

  /// Refuses a print date that would make the document say something impossible.
  static func checkPrintDate(
    _ patient: Patient, informationAsOf: Instant?, _ settings: DocumentSettings
  ) throws(PaperError) {
    if let problem = PrintDate.problem(
      today: settings.today, now: settings.now, dateOfBirth: patient.dateOfBirth,
      informationAsOf: informationAsOf)
    {
      throw .invalidRequest(
        "cannot print for patient \(patient.id): \(problem); check --now, --today, "
          + "SOURCE_DATE_EPOCH and the system clock")
    }
  }

  // MARK: Delivery

  /// The one way bytes leave the store: an intent row, the file, stdout or print job, then
  /// its outcome row (`Delivery`).
  @discardableResult
  public func deliver(
    _ made: MadeDocument, to destination: Destination, printing: PrintSettings = PrintSettings()
  ) throws(PaperError) -> AccessRecord {
    try delivery(printing).deliver(made, to: destination)
  }

  /// The whole care circle as care-circle JSON (dated `host.now`), delivered and logged like
  /// a PDF: intent, bytes, outcome. Returns how many patients it holds.
  @discardableResult
  public func export(to destination: Destination) throws(PaperError) -> Int {
    var circle = try StoreAccess.perform { () throws(StoreError) in try store.loadCareCircle() }
    circle.exportedAt = host.now.rfc3339
    let bytes = Array(JSONWriter.write(CareCircleEncoder.encode(circle), pretty: true).utf8)
    let parcel = Parcel(
      bytes: bytes, patientID: nil, document: "care-circle", pages: nil, contentVersion: nil)
    try delivery(PrintSettings()).deliver(parcel, to: destination)
    return circle.patients.count
  }

  func delivery(_ printing: PrintSettings) -> Delivery {
    Delivery(store: store, host: host, ledger: ledger, printing: printing)
  }

  // MARK: Editing

  /// An edit of one patient's record, checked by import's rules when committed.
  public func edit(_ query: String) throws(PaperError) -> EditSession {
    let patient = try patient(query)
    let listing = try StoreAccess.perform { () throws(StoreError) in try store.listPatients() }
    let index = listing.firstIndex { $0.id == patient.id } ?? 0
    return EditSession(store: store, patient: patient, index: index, host: host)
  }

  // MARK: Batch

  /// Every chosen document for every chosen patient, rendered in parallel and delivered here.
  public func batch(
    _ request: BatchRequest, progress: @escaping (BatchProgress) -> Void = { _ in }
  ) throws(PaperError) -> BatchOutcome {
    try BatchRun(request: request, session: self, progress: progress).run()
  }
}

/// One document for one patient, as `Session.make` makes it.
public struct DocumentRequest: Sendable {
  public var kind: DocumentKind
  /// An id or an unambiguous start of a name.
  public var patient: String
  public var settings: DocumentSettings
  /// Whether the footer carries the access log's head (`FooterAnchor`); false when the time
  /// is fixed, so the same request gives the same bytes.
  public var anchorsFooter: Bool
  /// The resources already loaded for `settings` (the command line checks the templates
  /// before it opens the store); loaded by `make` when nil.
  public var resources: DocumentResources?

  public init(
    kind: DocumentKind, patient: String, settings: DocumentSettings, anchorsFooter: Bool,
    resources: DocumentResources? = nil
  ) {
    self.kind = kind
    self.patient = patient
    self.settings = settings
    self.anchorsFooter = anchorsFooter
    self.resources = resources
  }
}
