// SPDX-License-Identifier: Apache-2.0
import RuaCore
import RuaFiles
import RuaStore

/// What a batch will make, decided before anything is rendered: a folder that already holds
/// this run's files is refused at once (nothing touched), unless `--force` replaces them or
/// `--resume` keeps the ones that are still the documents this run would make (`Keeping`): the
/// bytes the earlier manifest and the access log list for that file and patient, made from
/// the record as it is now. A file of this tool's that fails those is made again in place; a
/// link, a non-regular file or another user's file stops the run untouched.
struct BatchPlan {
  /// The documents to render and deliver.
  var jobs: [BatchJob]
  /// Documents of an earlier run that stay listed in the manifest: skipped by `--resume`, or
  /// other files it listed that are still in the folder.
  var kept: [BatchManifest.Entry]
  /// How many of this run's documents `--resume` found already delivered.
  var resumed: Int
  /// The jobs whose file `--resume` found but could not keep: made again, replacing it.
  var replacing: Set<Int> = []
  /// Those files' names, each with why ("… (made from an earlier version of the record)").
  var remade: [String] = []

  /// At most this many names in one message; the rest are counted ("and 12 more").
  static let namesShown = NameList.shown

  /// `language`: the run's language, for the jobs that name none (`BatchJob.language`).
  /// `log`: the last completed file delivery of each destination (`Keeping.deliveries`).
  static func make(
    _ all: [BatchJob], options: BatchRequest, language: String,
    log: [String: AccessEntry] = [:]
  ) throws(PaperError) -> BatchPlan {
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
    var unsafe: [String] = []
    var replacing: Set<Int> = []
    var remade: [String] = []
    var names = Set<String>()
    for job in all {
      let name = options.fileName(patientID: job.patient.id, kind: job.kind)
      names.insert(name)
      let path = folder + "/" + name
      guard Files.exists(path), !options.force else {
        jobs.append(job)
        continue
      }
      // Kept only when it is the same document: its bytes as listed and logged, made from the
      // record as it is, in this run's language for it (a person's language may have changed).
      guard options.resume, let entry = listed[name] else {
        collisions.append(name)
        continue
      }
      switch Keeping.verdict(
        path, entry, patientID: job.patient.id, record: Keeping.recordHash(job), log: log)
      {
      case .keep where entry.language == (job.language ?? language):
        kept.append(entry.renumbered(job.index))
      case .keep: otherLanguage.append(name)
      case .differs: collisions.append(name)
      case .unsafe(let why): unsafe.append("\(name) \(why)")
      case .remake(let why):
        jobs.append(job)
        replacing.insert(job.index)
        remade.append("\(name) (\(why))")
      }
    }
    if !unsafe.isEmpty {
      throw PaperError(
        "\(folder) holds \(unsafe.count) of this run's files that --resume neither keeps nor "
          + "replaces (" + Self.list(unsafe) + "); nothing was written. Move them away, or "
          + "choose another folder", kind: .cannotCreate)
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
    // With --resume, only while they still are what the log says was delivered there; a file
    // of the list this store's log never delivered (another copy of the store made it: a
    // shard run elsewhere) stops the run rather than leave the manifest listing half.
    var unvouched: [String] = []
    for entry in earlier ?? [] where !names.contains(entry.file) {
      let path = folder + "/" + entry.file
      guard options.resume else {
        if Files.isRegularFile(path) { kept.append(entry.renumbered(all.count + entry.index)) }
        continue
      }
      if Keeping.verdict(path, entry, patientID: entry.patientID, record: nil, log: log) == .keep {
        kept.append(entry.renumbered(all.count + entry.index))
      } else if log[path] == nil, Files.isRegularFile(path) {
        unvouched.append(entry.file)
      }
    }
    if !unvouched.isEmpty {
      throw PaperError(
        "\(manifestPath) lists \(unvouched.count) file(s) this run does not make that this "
          + "store's access log never delivered (" + Self.list(unvouched) + "): another copy "
          + "of the store made them, such as another --shard run elsewhere, and --resume "
          + "cannot vouch for them; nothing was written. Give each shard its own folder, or "
          + "leave out --resume to keep them listed as they are", kind: .cannotCreate)
    }
    return BatchPlan(
      jobs: jobs, kept: kept, resumed: resumed, replacing: replacing, remade: remade)
  }

  /// "a, b, c, d, e and 12 more".
  static func list(_ names: [String]) -> String { NameList.joined(names) }
}

extension BatchManifest.Entry {
  func renumbered(_ index: Int) -> BatchManifest.Entry {
    BatchManifest.Entry(
      index: index, file: file, patientID: patientID, document: document, pages: pages,
      sha256: sha256, language: language, record: record)
  }
}
