import RuaCore
import RuaFiles
import RuaStore

/// What a batch will make, decided before anything is rendered: a folder that already holds
/// this run's files is refused at once (nothing touched), unless `--force` replaces them or
/// `--resume` keeps the ones whose bytes still match the earlier manifest.
struct BatchPlan {
  /// The documents to render and deliver.
  var jobs: [BatchJob]
  /// Documents of an earlier run that stay listed in the manifest: skipped by `--resume`, or
  /// other files it listed that are still in the folder.
  var kept: [BatchManifest.Entry]
  /// How many of this run's documents `--resume` found already delivered.
  var resumed: Int

  /// At most this many names in one message; the rest are counted ("and 12 more").
  static let namesShown = NameList.shown

  /// `language`: the run's language, for the jobs that name none (`BatchJob.language`).
  static func make(_ all: [BatchJob], options: BatchRequest, language: String) throws(PaperError)
    -> BatchPlan
  {
    if let binder = options.binder, !options.force, Files.exists(binder) {
      throw PaperError(
        "\(binder) already exists; nothing was written: pass --force to replace it or choose "
          + "another name", kind: .cannotCreate)
    }
    guard let folder = options.folder else { return BatchPlan(jobs: all, kept: [], resumed: 0) }
    let manifestPath = folder + "/manifest.json"
    // With --force an unreadable manifest is replaced; without, it stops the run untouched.
    let earlier =
      options.force
      ? ((try? BatchManifest.read(manifestPath)) ?? nil)
      : try BatchManifest.read(manifestPath)
    let listed = Dictionary(
      (earlier ?? []).map { ($0.file, $0) }, uniquingKeysWith: { first, _ in first })
    var jobs: [BatchJob] = []
    var kept: [BatchManifest.Entry] = []
    var collisions: [String] = []
    var otherLanguage: [String] = []
    var names = Set<String>()
    for job in all {
      let name = options.fileName(patientID: job.patient.id, kind: job.kind)
      names.insert(name)
      let path = folder + "/" + name
      guard Files.exists(path), !options.force else {
        jobs.append(job)
        continue
      }
      // Kept only when it is the same document: its bytes as listed, in this run's language
      // for it (a person's language may have changed since).
      if options.resume, let entry = listed[name], Self.sha256(of: path) == entry.sha256 {
        if entry.language == (job.language ?? language) {
          kept.append(entry.renumbered(job.index))
        } else {
          otherLanguage.append(name)
        }
      } else {
        collisions.append(name)
      }
    }
    if !otherLanguage.isEmpty {
      throw PaperError(
        "\(folder) holds \(otherLanguage.count) of this run's files in another language than "
          + "this run makes them (" + Self.list(otherLanguage) + "; a person's language or "
          + "--lang changed, or \(manifestPath) is older than per-person languages); nothing was "
          + "written. Pass --force to make them again, or choose another folder",
        kind: .cannotCreate)
    }
    if !collisions.isEmpty {
      throw PaperError(
        "\(folder) already holds \(collisions.count) of this run's files ("
          + Self.list(collisions) + "); nothing was written. Pass --resume to keep those that "
          + "match \(manifestPath) and make the rest, --force to replace them, or choose "
          + "another folder", kind: .cannotCreate)
    }
    // Files the earlier manifest lists that this run does not make stay listed while present.
    let resumed = kept.count
    for entry in earlier ?? [] where !names.contains(entry.file) {
      if Files.isRegularFile(folder + "/" + entry.file) {
        kept.append(entry.renumbered(all.count + entry.index))
      }
    }
    return BatchPlan(jobs: jobs, kept: kept, resumed: resumed)
  }

  /// "a, b, c, d, e and 12 more".
  static func list(_ names: [String]) -> String { NameList.joined(names) }

  private static func sha256(of path: String) -> String? {
    (try? Files.read(path)).map { SHA256.hex($0) }
  }
}

extension BatchManifest.Entry {
  func renumbered(_ index: Int) -> BatchManifest.Entry {
    BatchManifest.Entry(
      index: index, file: file, patientID: patientID, document: document, pages: pages,
      sha256: sha256, language: language)
  }
}
