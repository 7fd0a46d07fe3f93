// SPDX-License-Identifier: Apache-2.0
public import RuaCore
import RuaDocuments
import RuaFiles
public import RuaStore

/// `demo`: the bundled fictional sample circle in a store of its own, dated as on the day the
/// sample was written, so its refill runway looks as it did then.
public enum DemoSetup {
  /// The sample's path inside the package and the installed share folder.
  public static let sample = "samples/care-circle.json"

  /// The sample in `workingDirectory`, else in the installed share folder, else beside the
  /// executable or up to five folders up (a build folder inside the package).
  public static func findSample(workingDirectory: String) -> String? {
    var candidates = [workingDirectory + "/" + sample]
    let executable = Files.executablePath()
    if let share = TemplatesLocation.installedShare(executable: executable) {
      candidates.append(share + "/" + sample)
    }
    if var folder = executable {
      for _ in 0..<5 {
        folder = Files.parent(folder)
        candidates.append(folder + "/" + sample)
        if folder == "/" { break }
      }
    }
    return candidates.first {
      if case .regular = Files.entry($0, followingLinks: true) { true } else { false }
    }
  }

  /// The sample at `path`, decoded and checked as import checks a file, with its medication
  /// dates moved forward by the days from its `exportedAt` to `today`, and no source date
  /// (the demo's record is brought up to date today, not dated by the sample's file).
  public static func circle(
    from path: String, templates: TemplatesLocation, today: CivilDate
  ) throws(PaperError) -> CareCircle {
    var circle = try CareCircleInput.decode(
      try CareCircleInput.read(path: path, shown: path), shown: path, templates: templates,
      today: today)
    if let exported = circle.exportedAt.flatMap({ CivilDate(iso: String($0.prefix(10))) }) {
      circle = circle.shiftingMedicationDates(by: exported.days(until: today))
    }
    for index in circle.patients.indices { circle.patients[index].sourceDate = nil }
    return circle
  }

  /// A new store at `location` when neither its database nor its key exists, else the one
  /// there (with the usual boot-state refusals), holding `circle` saved at `now`.
  public static func store(
    _ circle: CareCircle, at location: StoreLocation, now: Instant
  ) throws(PaperError) -> (store: Store, summary: ImportSummary) {
    let fresh = !Files.exists(location.database) && !Files.exists(location.keyFile)
    return try StoreAccess.perform { () throws(StoreError) in
      let store =
        fresh
        ? try Store.create(location, actor: .current())
        : try Store.open(location, actor: .current())
      return (store, try store.save(circle, now: now))
    }
  }

  /// The demo's store in `folder` (`store.db` and `key`, made when neither exists) holding the
  /// sample `findSample` finds from `host`'s working directory, dated to `host`'s today.
  public static func store(in folder: String, host: HostEnvironment) throws(PaperError)
    -> (location: StoreLocation, store: Store, summary: ImportSummary)
  {
    let location = StoreLocation(database: folder + "/store.db", keyFile: folder + "/key")
    guard let path = findSample(workingDirectory: host.workingDirectory) else {
      throw PaperError(
        "cannot find \(sample) in \(host.workingDirectory) or beside the rua-paper "
          + "executable; run demo from the rua-paper source folder", kind: .notFound)
    }
    let circle = try circle(
      from: path, templates: try TemplatesLocation.resolve(nil, host), today: host.today)
    let (store, summary) = try store(circle, at: location, now: host.now)
    return (location, store, summary)
  }

  /// The demo's documents: every patient's three, on Letter, as files in `folder/documents`
  /// (replacing an earlier demo's) and one binder, `folder/care-circle-binder.pdf`.
  public static func documents(in folder: String, workers: Int, host: HostEnvironment)
    throws(PaperError) -> BatchRequest
  {
    let settings = DocumentSettings(
      paper: .letter, explicitLanguage: nil, now: host.now, today: host.today,
      templates: try TemplatesLocation.resolve(nil, host))
    return BatchRequest(
      all: true, kinds: DocumentKind.standard, folder: folder + "/documents",
      binder: folder + "/care-circle-binder.pdf", workers: workers, force: true,
      settings: settings, anchorsFooter: true)
  }
}
