import Glibc
import RuaCore
import RuaDocuments
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
    let patientID: String?
    /// The document name, "binder" or "manifest".
    let document: String
    let error: CLIError
  }

  /// Makes and delivers every document; the store is used on this thread only.
  func run(store: Store) throws(CLIError) -> ExitCode {
    let resources = try settings.resources(for: options.kinds)
    let circle = try StoreAccess.perform { () throws(StoreError) in try store.loadCareCircle() }
    let patients = try choosePatients(circle.patients)
    var jobs: [BatchJob] = []
    for patient in patients {
      let asOf = try DocumentStore.informationAsOf(patient, in: store)
      try DocumentStore.checkPrintDate(patient, informationAsOf: asOf, settings)
      for kind in options.kinds {
        jobs.append(
          BatchJob(index: jobs.count, patient: patient, kind: kind, informationAsOf: asOf))
      }
    }
    if let folder = options.folder { try Self.makeFolder(folder) }

    let delivery = Delivery(store: store, context: context)
    var manifest = BatchManifest()
    var failures: [Failure] = []
    var unrendered: Set<Int> = []
    var progress = BatchProgress(total: jobs.count, context: context)
    let pool = BatchPool(
      jobs: jobs, resources: resources, today: settings.today, now: settings.now,
      workers: options.workers, footerAnchor: anchorsFooter ? try FooterAnchor.text(store) : nil)
    pool.run { result in
      let job = result.job
      let what = "\(job.patient.id) \(job.kind.documentName)"
      do throws(CLIError) {
        if case .failure = result.outcome { unrendered.insert(job.index) }
        let made = try result.outcome.get()
        if let folder = options.folder {
          let name = options.fileName(patientID: job.patient.id, kind: job.kind)
          let record = try delivery.deliver(
            made, to: .file(path: folder + "/" + name, replace: options.force))
          manifest.entries.append(
            .init(
              index: job.index, file: name, patientID: job.patient.id,
              document: job.kind.documentName, pages: made.pdf.pageCount,
              sha256: record.entry.sha256 ?? SHA256.hex(made.pdf.bytes)))
        }
        if let printer = options.printer { try delivery.deliver(made, to: .printer(printer)) }
      } catch {
        failures.append(
          Failure(
            index: job.index, what: what, patientID: job.patient.id,
            document: job.kind.documentName, error: error))
      }
      progress.advance()
    }
    progress.finish()

    if let binder = options.binder {
      do throws(CLIError) {
        let made = try makeBinder(
          jobs, failed: unrendered, resources: resources,
          footerAnchor: anchorsFooter ? try FooterAnchor.text(store) : nil
        )
        try delivery.deliver(made, to: .file(path: binder, replace: options.force))
        manifest.binder = .init(
          index: jobs.count, file: binder, patientID: nil, document: "binder",
          pages: made.pdf.pageCount, sha256: SHA256.hex(made.pdf.bytes))
      } catch {
        failures.append(
          Failure(
            index: jobs.count, what: "binder", patientID: nil, document: "binder", error: error))
      }
    }
    var manifestPath: String?
    if let folder = options.folder {
      let path = folder + "/manifest.json"
      do throws(CLIError) {
        let text = manifest.json(now: settings.now, today: settings.today)
        try OutputFile.write(Array(text.utf8), to: path, replace: true)
        manifestPath = path
      } catch {
        failures.append(
          Failure(
            index: jobs.count + 1, what: "manifest", patientID: nil, document: "manifest",
            error: error))
      }
    }
    failures.sort { $0.index < $1.index }
    let binderWritten = failures.contains { $0.document == "binder" } ? nil : options.binder
    report(
      BatchSummary(
        documents: jobs.count, patients: patients.count, failures: failures,
        seconds: progress.elapsed, manifest: manifestPath, binder: binderWritten))
    return failures.first?.error.code ?? .success
  }

  private func choosePatients(_ all: [Patient]) throws(CLIError) -> [Patient] {
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
    _ jobs: [BatchJob], failed: Set<Int>, resources: DocumentResources, footerAnchor: String?
  ) throws(CLIError) -> MadeDocument {
    let maker = try DocumentMaker(resources)
    var sections: [BinderSection] = []
    var lastPatient: String?
    for job in jobs where !failed.contains(job.index) {
      let (document, template, _) = try maker.describe(
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

  /// Failures always reach stderr (capped); the summary goes to stdout as JSON with
  /// `--format json`, else to stderr unless `--quiet` and nothing failed.
  private func report(_ summary: BatchSummary) {
    for line in summary.failureLines() { context.message(line) }
    if options.json {
      context.write(summary.json())
    } else if !context.quiet || !summary.failures.isEmpty {
      context.standardError(Array((summary.line() + "\n").utf8))
    }
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
