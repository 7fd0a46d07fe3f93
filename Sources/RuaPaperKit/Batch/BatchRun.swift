// SPDX-License-Identifier: Apache-2.0
import Glibc
import RuaCore
import RuaDocuments
import RuaFiles
import RuaPrint
import RuaRender
import RuaStore

/// The batch coordinator: one read of the store, rendering on worker threads, and every
/// delivery (access_log rows, files, print jobs) on this thread through `Delivery`.
package struct BatchRun {
  let request: BatchRequest
  let session: Session
  let progress: (BatchProgress) -> Void

  private var options: BatchRequest { request }
  private var settings: DocumentSettings { request.settings }
  private var store: Store { session.store }
  private var ledger: DeliveryLedger { session.ledger }

  /// Makes and delivers every document; the store is used on this thread only.
  func run() throws(PaperError) -> BatchOutcome {
    let resources = try settings.resources(for: options.kinds)
    let patients = try loadPatients()
    var all: [BatchJob] = []
    var asOfs: [String: Instant] = [:]
    for patient in patients {
      let asOf = try session.informationAsOf(patient)
      asOfs[patient.id] = asOf
      try Session.checkPrintDate(patient, informationAsOf: asOf, settings)
      for kind in options.kinds {
        // The language the one-document command would choose: --lang, else the person's own
        // for the medication list and fall guide when it has a locale.
        let language = DocumentLanguage.choose(
          explicit: settings.explicitLanguage, kind: kind, personLanguage: patient.language)
        all.append(
          BatchJob(
            index: all.count, patient: patient, kind: kind, informationAsOf: asOf,
            language: language == resources.language ? nil : language))
      }
    }
    let summaries =
      options.summaries
      ? BatchSummaries(request: request, patients: patients, informationAsOf: asOfs) : nil
    var otherLanguages: [String: DocumentResources] = [:]
    for language in Set(all.compactMap(\.language)).sorted() {
      otherLanguages[language] = try resources.speaking(language)
    }
    // Everything that would fail every document is refused here, before rendering.
    try StoreAccess.perform { () throws(StoreError) in try store.requireAccessLogAppendable() }
    if let binder = options.binder { try Delivery.refuseStoreFile(binder, store) }
    // Held until the run returns: a second run into the folder (another shard) is refused.
    var folderLock: FolderLock?
    if let folder = options.folder {
      try Self.makeFolder(folder)
      folderLock = try Self.lock(folder)
      try summaries?.checkFolder(folder)
    }
    defer { withExtendedLifetime(folderLock) {} }
    let log = options.resume && options.folder != nil ? try Keeping.deliveries(store) : [:]
    let plan = try BatchPlan.make(all, options: options, language: resources.language, log: log)
    if !plan.remade.isEmpty {
      session.host.notice(
        "batch --resume: making again \(plan.remade.count) file(s) it cannot keep: "
          + NameList.joined(plan.remade))
    }
    if let printer = options.printer {
      try PrintCheck.ready(
        printer, session.host, allowStopped: options.printing.job.waitWhileStopped,
        timeoutSeconds: options.printing.timeout)
    }
    if let folder = options.folder { Leftovers.sweep(folder, store: store, host: session.host) }
    // One anchor for the whole run, files and binder alike: the log's head at its start.
    let footerAnchor = request.anchorsFooter ? try session.footerAnchor() : nil

    ledger.holdExit()
    defer { ledger.releaseExit() }
    let delivery = session.delivery(options.printing)
    var manifest = BatchManifest()
    // This run lists its summaries itself, so an earlier manifest's entries for them go.
    manifest.entries = plan.kept.filter { !(summaries?.names.contains($0.file) ?? false) }
    var failures: [BatchOutcome.Failure] = []
    var unrendered: Set<Int> = []
    var delivered = 0
    let started = MonotonicClock.seconds()
    var done = 0
    let pool = BatchPool(
      jobs: plan.jobs, resources: resources, today: settings.today, now: settings.now,
      workers: options.workers, footerAnchor: footerAnchor, otherLanguages: otherLanguages)
    pool.run { results in
      for result in results {
        if case .failure(let error) = result.outcome {
          unrendered.insert(result.job.index)
          failures.append(failure(result.job, error))
        }
      }
      let made = results.compactMap { result in
        (try? result.outcome.get()).map { (job: result.job, document: $0) }
      }
      if let folder = options.folder {
        let paths = made.map {
          folder + "/" + options.fileName(patientID: $0.job.patient.id, kind: $0.job.kind)
        }
        let outcomes = delivery.deliverFiles(
          zip(made, paths).map {
            (
              parcel: $0.document.parcel, path: $1,
              replace: options.force || plan.replacing.contains($0.job.index)
            )
          })
        for (item, outcome) in zip(made, outcomes) {
          switch outcome {
          case .success(let record):
            delivered += 1
            manifest.entries.append(
              .init(
                index: item.job.index,
                file: options.fileName(patientID: item.job.patient.id, kind: item.job.kind),
                patientID: item.job.patient.id, document: item.job.kind.documentName,
                pages: item.document.pdf.pageCount,
                sha256: record.entry.sha256 ?? SHA256.hex(item.document.pdf.bytes),
                language: item.job.language ?? resources.language,
                record: Keeping.recordHash(item.job)))
          case .failure(let error):
            if !ledger.isStopping {
              failures.append(failure(item.job, error))
            }
          }
        }
      }
      if let printer = options.printer {
        for item in made where !ledger.isStopping {
          do throws(PaperError) {
            try delivery.deliver(item.document, to: .printer(printer))
            if options.folder == nil { delivered += 1 }
          } catch {
            if !ledger.isStopping {
              failures.append(failure(item.job, error))
            }
          }
        }
      }
      for _ in results {
        done += 1
        progress(
          BatchProgress(
            done: done, total: plan.jobs.count, elapsed: MonotonicClock.seconds() - started))
      }
      return !ledger.isStopping
    }
    if let summaries, let folder = options.folder, !ledger.isStopping {
      delivered += summaries.deliver(
        delivery, folder: folder, firstIndex: all.count + 2, language: resources.language,
        manifest: &manifest, failures: &failures)
    }
    let elapsed = MonotonicClock.seconds() - started
    let signal = ledger.stopSignal

    var manifestPath: String?
    if let binder = options.binder, signal == 0 {
      // The manifest first (incomplete, without the binder): a run killed while the binder is
      // drawn keeps every finished document for --resume.
      if let folder = options.folder {
        manifest.complete = false
        manifestPath = writeManifest(
          manifest, folder: folder, failures: &failures, index: all.count + 1)
      }
      progress(
        BatchProgress(
          done: done, total: plan.jobs.count, elapsed: MonotonicClock.seconds() - started,
          binderPages: manifest.entries.reduce(0) { $0 + $1.pages }))
      do throws(PaperError) {
        let made = try makeBinder(
          all, failed: unrendered, resources: resources, otherLanguages: otherLanguages,
          footerAnchor: footerAnchor)
        try delivery.deliver(made, to: .file(path: binder, replace: options.force))
        manifest.binder = .init(
          index: all.count, file: binder, patientID: nil, document: "binder",
          pages: made.pdf.pageCount, sha256: made.parcel.digest)
      } catch {
        failures.append(
          BatchOutcome.Failure(index: all.count, what: "binder", document: "binder", error: error))
      }
    }
    if let folder = options.folder, !failures.contains(where: { $0.what == "manifest" }) {
      manifest.complete = signal == 0 && failures.isEmpty
      manifestPath = writeManifest(
        manifest, folder: folder, failures: &failures, index: all.count + 1)
    }
    return BatchOutcome(
      documents: all.count + (summaries?.patients.count ?? 0), patients: patients.count,
      delivered: delivered + plan.resumed,
      resumed: plan.resumed, failures: failures.sorted { $0.index < $1.index },
      seconds: elapsed, folder: options.folder, manifest: manifestPath,
      binder: failures.contains { $0.what == "binder" } ? nil : options.binder, signal: signal)
  }

  /// Writes manifest.json durably (replacing the last one); a failure is recorded, not thrown.
  private func writeManifest(
    _ manifest: BatchManifest, folder: String, failures: inout [BatchOutcome.Failure], index: Int
  ) -> String? {
    let path = folder + "/manifest.json"
    do throws(PaperError) {
      let text = manifest.json(now: settings.now, today: settings.today)
      try OutputFile.write(Array(text.utf8), to: path, replace: true)
      return path
    } catch {
      failures.append(
        BatchOutcome.Failure(index: index, what: "manifest", document: "manifest", error: error))
      return nil
    }
  }

  private func what(_ job: BatchJob) -> String { "\(job.patient.id) \(job.kind.documentName)" }

  private func failure(_ job: BatchJob, _ error: PaperError) -> BatchOutcome.Failure {
    BatchOutcome.Failure(
      index: job.index, what: what(job), patientID: job.patient.id,
      document: job.kind.documentName, error: error)
  }

  /// The chosen patients' records. Ids and names are chosen from the patient list first, so
  /// a shard reads and decodes only its own share of the store, never every record.
  private func loadPatients() throws(PaperError) -> [Patient] {
    let listing = try StoreAccess.perform { () throws(StoreError) in try store.listPatients() }
    let ids = try shardIDs(
      namedIDs(
        listing.map {
          PatientName(id: $0.id, fullName: $0.fullName, preferredName: $0.preferredName)
        }
      ))
    return try StoreAccess.perform { () throws(StoreError) in
      try store.loadPatients(externalIDs: ids)
    }
  }

  private func shardIDs(_ chosen: [String]) -> [String] {
    guard let shard = options.shard else { return chosen }
    // A stable order (ids) so N machines running K = 1…N cover everyone exactly once.
    let ordered = chosen.sorted()
    let mine = Set(
      ordered.enumerated().filter { $0.offset % shard.count == shard.index - 1 }.map(\.element))
    return chosen.filter { mine.contains($0) }
  }

  private func namedIDs(_ all: [PatientName]) throws(PaperError) -> [String] {
    if options.all { return all.map(\.id) }
    var chosen: [String] = []
    for query in options.queries {
      let name = try PatientPicker.choose(query, from: all)
      if !chosen.contains(name.id) { chosen.append(name.id) }
    }
    return chosen
  }

  /// The binder is drawn here, after the workers, from the same descriptions: one renderer.
  /// Documents that could not be rendered (`failed`) are left out.
  private func makeBinder(
    _ jobs: [BatchJob], failed: Set<Int>, resources: DocumentResources,
    otherLanguages: [String: DocumentResources], footerAnchor: String?
  ) throws(PaperError) -> MadeDocument {
    let maker = try DocumentMaker(resources)
    var describers: [String: DocumentMaker] = [:]
    var sections: [BinderSection] = []
    var versions: [String] = []
    var lastPatient: String?
    for job in jobs where !failed.contains(job.index) {
      // Each document is described in its own language; one renderer draws them all.
      var describer = maker
      if let language = job.language, let other = otherLanguages[language] {
        if describers[language] == nil { describers[language] = try maker.speaking(other) }
        describer = describers[language] ?? maker
      }
      let (document, template, version) = try describer.describe(
        job.kind, patient: job.patient, today: settings.today, now: settings.now,
        informationAsOf: job.informationAsOf)
      versions.append(version)
      let item = BinderDocument(
        title: job.kind.binderTitle, document: FooterAnchor.apply(footerAnchor, to: document),
        template: template)
      if lastPatient == job.patient.id {
        sections[sections.count - 1].documents.append(item)
      } else {
        sections.append(BinderSection(title: job.patient.fullName, documents: [item]))
        lastPatient = job.patient.id
      }
    }
    let binder = try maker.renderBinder(sections, now: settings.now)
    var made = MadeDocument(
      documentName: "binder", patientID: nil, pdf: binder.pdf,
      contentVersion: BinderRecipe.contentVersion(of: versions))
    var held: [String] = []
    for job in jobs where !failed.contains(job.index) && !held.contains(job.patient.id) {
      held.append(job.patient.id)
    }
    made.patients = held
    return made
  }

  /// The folder's lock, or a refusal when another run holds it.
  private static func lock(_ folder: String) throws(PaperError) -> FolderLock {
    let lock: FolderLock?
    do { lock = try FolderLock.tryAcquire(folder) } catch {
      throw PaperError("cannot lock --out \(folder): \(error.reason)", kind: .cannotCreate)
    }
    guard let lock else {
      throw PaperError(
        "another rua-paper batch is writing into \(folder); nothing was written. Wait for it "
          + "to end, or give this run its own folder (each shard its own --out)",
        kind: .cannotCreate)
    }
    return lock
  }

  /// Creates the output folder 0700 when missing (its parent must exist); an existing one
  /// must be a real folder of this user's, never a symlink or another user's folder.
  package static func makeFolder(_ path: String) throws(PaperError) {
    do { try Files.makeFolder(path, mode: 0o700) } catch {
      switch error.code {
      case ENOTDIR, ELOOP:
        throw PaperError("--out \(path) is not a folder; choose a folder", kind: .cannotCreate)
      case EPERM:
        throw PaperError(
          "--out \(path) is another user's folder; choose a folder of your own",
          kind: .cannotCreate)
      default:
        throw PaperError(
          "cannot create the folder \(path): \(error.reason); create its parent or choose another",
          kind: .cannotCreate)
      }
    }
    // Refused once, before anything is rendered, rather than once per document.
    if let problem = Files.writableFolderProblem(path) {
      throw PaperError(
        "--out \(path): cannot write files in it (\(problem.reason)); choose a folder you can"
          + " write to", kind: .cannotCreate)
    }
  }
}
