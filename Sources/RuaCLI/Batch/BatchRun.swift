import Glibc
import RuaCore
import RuaDocuments
import RuaPrint
import RuaRender
import RuaStore

/// The batch coordinator: one read of the store, rendering on worker threads, and every
/// delivery (access_log rows, files, print jobs) on this thread through `Delivery`.
struct BatchRun {
  let options: BatchOptions
  let settings: DocumentSettings
  let context: Context
  /// Whether pages carry the access log's head (`FooterAnchor`).
  var anchorsFooter = true

  /// One document that could not be made or delivered.
  struct Failure {
    let index: Int
    let what: String
    /// Nil for the binder and the manifest.
    var patientID: String? = nil
    /// The document name, "binder" or "manifest".
    var document: String = ""
    let error: CLIError
  }

  /// Makes and delivers every document; the store is used on this thread only.
  func run(store: Store) throws(CLIError) -> ExitCode {
    let resources = try settings.resources(for: options.kinds)
    let circle = try StoreAccess.perform { () throws(StoreError) in try store.loadCareCircle() }
    let patients = try choosePatients(circle.patients)
    var all: [BatchJob] = []
    for patient in patients {
      let asOf = try DocumentStore.informationAsOf(patient, in: store)
      try DocumentStore.checkPrintDate(patient, informationAsOf: asOf, settings)
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
    var otherLanguages: [String: DocumentResources] = [:]
    for language in Set(all.compactMap(\.language)).sorted() {
      otherLanguages[language] = try resources.speaking(language)
    }
    // Everything that would fail every document is refused here, before rendering.
    try StoreAccess.perform { () throws(StoreError) in try store.requireAccessLogAppendable() }
    if let folder = options.folder { try Self.makeFolder(folder) }
    let plan = try BatchPlan.make(all, options: options, language: resources.language)
    if let printer = options.printer {
      try PrintCheck.ready(printer, context, allowStopped: options.printing.job.waitWhileStopped)
    }
    if let folder = options.folder { Leftovers.sweep(folder, store: store, context: context) }

    SignalGuard.shared.holdExit()
    defer { SignalGuard.shared.releaseExit() }
    let delivery = Delivery(store: store, context: context, printing: options.printing)
    var manifest = BatchManifest()
    manifest.entries = plan.kept
    var failures: [Failure] = []
    var unrendered: Set<Int> = []
    var delivered = 0
    var progress = BatchProgress(total: plan.jobs.count, context: context)
    let pool = BatchPool(
      jobs: plan.jobs, resources: resources, today: settings.today, now: settings.now,
      workers: options.workers, footerAnchor: anchorsFooter ? try FooterAnchor.text(store) : nil,
      otherLanguages: otherLanguages)
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
          zip(made, paths).map { (parcel: $0.document.parcel, path: $1) }, replace: options.force)
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
                language: item.job.language ?? resources.language))
          case .failure(let error):
            if !DeliveryLedger.shared.isStopping {
              failures.append(failure(item.job, error))
            }
          }
        }
      }
      if let printer = options.printer {
        for item in made where !DeliveryLedger.shared.isStopping {
          do throws(CLIError) {
            try delivery.deliver(item.document, to: .printer(printer))
            if options.folder == nil { delivered += 1 }
          } catch {
            if !DeliveryLedger.shared.isStopping {
              failures.append(failure(item.job, error))
            }
          }
        }
      }
      for _ in results { progress.advance() }
      return !DeliveryLedger.shared.isStopping
    }
    progress.finish()
    let signal = DeliveryLedger.shared.stopSignal

    if let binder = options.binder, signal == 0 {
      do throws(CLIError) {
        let made = try makeBinder(
          all, failed: unrendered, resources: resources, otherLanguages: otherLanguages,
          footerAnchor: anchorsFooter ? try FooterAnchor.text(store) : nil)
        try delivery.deliver(made, to: .file(path: binder, replace: options.force))
        manifest.binder = .init(
          index: all.count, file: binder, patientID: nil, document: "binder",
          pages: made.pdf.pageCount, sha256: SHA256.hex(made.pdf.bytes))
      } catch {
        failures.append(Failure(index: all.count, what: "binder", document: "binder", error: error))
      }
    }
    var manifestPath: String?
    if let folder = options.folder {
      let path = folder + "/manifest.json"
      manifest.complete = signal == 0 && failures.isEmpty
      do throws(CLIError) {
        let text = manifest.json(now: settings.now, today: settings.today)
        try OutputFile.write(Array(text.utf8), to: path, replace: true)
        manifestPath = path
      } catch {
        failures.append(
          Failure(index: all.count + 1, what: "manifest", document: "manifest", error: error))
      }
    }
    let summary = BatchSummary(
      documents: all.count, patients: patients.count, delivered: delivered + plan.resumed,
      resumed: plan.resumed, failures: failures.sorted { $0.index < $1.index },
      seconds: progress.elapsed, folder: options.folder, manifest: manifestPath,
      binder: failures.contains { $0.what == "binder" } ? nil : options.binder, signal: signal)
    summary.report(context, json: options.json)
    if signal != 0 { return DeliveryLedger.exitCode(signal) }
    return summary.failures.first?.error.code ?? .success
  }

  private func what(_ job: BatchJob) -> String { "\(job.patient.id) \(job.kind.documentName)" }

  private func failure(_ job: BatchJob, _ error: CLIError) -> Failure {
    Failure(
      index: job.index, what: what(job), patientID: job.patient.id,
      document: job.kind.documentName, error: error)
  }

  private func choosePatients(_ all: [Patient]) throws(CLIError) -> [Patient] {
    let chosen = try namedPatients(all)
    guard let shard = options.shard else { return chosen }
    // A stable order (ids) so N machines running K = 1…N cover everyone exactly once.
    let ordered = chosen.map(\.id).sorted()
    let mine = Set(
      ordered.enumerated().filter { $0.offset % shard.count == shard.index - 1 }.map(\.element))
    return chosen.filter { mine.contains($0.id) }
  }

  private func namedPatients(_ all: [Patient]) throws(CLIError) -> [Patient] {
    if options.all { return all }
    var chosen: [Patient] = []
    for query in options.queries {
      let name = try PatientPicker.choose(query, from: all.map(PatientName.init))
      if !chosen.contains(where: { $0.id == name.id }),
        let patient = all.first(where: { $0.id == name.id })
      {
        chosen.append(patient)
      }
    }
    return chosen
  }

  /// The binder is drawn here, after the workers, from the same descriptions: one renderer.
  /// Documents that could not be rendered (`failed`) are left out.
  private func makeBinder(
    _ jobs: [BatchJob], failed: Set<Int>, resources: DocumentResources,
    otherLanguages: [String: DocumentResources], footerAnchor: String?
  ) throws(CLIError) -> MadeDocument {
    let maker = try DocumentMaker(resources)
    var describers: [String: DocumentMaker] = [:]
    var sections: [BinderSection] = []
    var lastPatient: String?
    for job in jobs where !failed.contains(job.index) {
      // Each document is described in its own language; one renderer draws them all.
      var describer = maker
      if let language = job.language, let other = otherLanguages[language] {
        if describers[language] == nil { describers[language] = try maker.speaking(other) }
        describer = describers[language] ?? maker
      }
      let (document, template, _) = try describer.describe(
        job.kind, patient: job.patient, today: settings.today, now: settings.now,
        informationAsOf: job.informationAsOf)
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
      contentVersion: "drug classes \(resources.drugClasses.contentVersion)")
    var held: [String] = []
    for job in jobs where !failed.contains(job.index) && !held.contains(job.patient.id) {
      held.append(job.patient.id)
    }
    made.patients = held
    return made
  }

  /// Creates the output folder 0700 when missing (its parent must exist).
  static func makeFolder(_ path: String) throws(CLIError) {
    var status = stat()
    if stat(path, &status) == 0 {
      guard status.st_mode & S_IFMT == S_IFDIR else {
        throw CLIError("--out \(path) is not a folder; choose a folder", code: .cannotCreate)
      }
      return
    }
    guard mkdir(path, 0o700) == 0 || errno == EEXIST else {
      let reason = String(cString: strerror(errno))
      throw CLIError(
        "cannot create the folder \(path): \(reason); create its parent or choose another",
        code: .cannotCreate)
    }
  }
}
