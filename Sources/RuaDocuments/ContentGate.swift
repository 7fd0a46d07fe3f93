// SPDX-License-Identifier: Apache-2.0
/// The gate every content change passes (`rua-paper content check`): schema, sources, the same
/// blocks in every language, label parity, the lock, and for a release, no pending review.
public enum ContentGate {
  /// Every problem in `files`, in a stable order; empty means the content may ship (and, with
  /// `release`, that a clinician approved every block). `lock` is `content.lock.json`, or nil
  /// when it does not exist. `hasher` returns the SHA-256 of its bytes in lower-case hex.
  public static func check(
    files: [ContentInput], lock: ContentInput?, release: Bool, hasher: ([UInt8]) -> String
  ) -> [ContentProblem] {
    let loaded = ContentLoader.load(files)
    var problems = loaded.problems
    let languages = Set(loaded.locales.map { ContentLocales.language(of: $0.path) })
    problems += ContentParity.check(
      loaded.guides, unreadable: loaded.unreadable, localeLanguages: languages)
    problems += ContentLocales.check(loaded.locales)
    problems += lockProblems(loaded, lock: lock, hasher: hasher)
    if release {
      for unit in loaded.units {
        for item in unit.items where !item.review.isApproved {
          problems.append(
            ContentProblem(
              file: unit.path, block: item.id,
              reason: "pending clinician review; a release needs every block approved"))
        }
      }
    }
    return problems
  }

  static func lockProblems(
    _ loaded: ContentLoader, lock input: ContentInput?, hasher: ([UInt8]) -> String
  )
    -> [ContentProblem]
  {
    var lock = ContentLock(entries: [])
    if let input {
      do throws(ContentFileError) {
        lock = try ContentLock.parse(bytes: input.bytes)
      } catch {
        return error.problems
      }
    }
    var problems: [ContentProblem] = []
    let relock = "run rua-paper content lock"
    for unit in loaded.units {
      let entry = ContentLock.Entry(unit, hasher: hasher)
      guard let old = lock.entry(unit.path) else {
        problems.append(
          ContentProblem(file: unit.path, reason: "not recorded in \(ContentLock.path); \(relock)"))
        continue
      }
      if old.contentVersion != unit.version {
        problems.append(
          ContentProblem(
            file: unit.path,
            reason:
              "contentVersion \(unit.version) is not locked (\(ContentLock.path) records "
              + "\(old.contentVersion)); \(relock)"))
        continue
      }
      guard entry.sha256 != old.sha256 else { continue }
      let changed = ContentLock.changedItems(entry, since: old)
      let reason =
        "text changed but contentVersion is still \(unit.version); bump the version and \(relock)"
      problems += changed.map { ContentProblem(file: unit.path, block: $0, reason: reason) }
      if changed.isEmpty { problems.append(ContentProblem(file: unit.path, reason: reason)) }
    }
    let present = Set(loaded.units.map(\.path)).union(loaded.unreadable)
    for entry in lock.entries where !present.contains(entry.path) {
      problems.append(
        ContentProblem(
          file: entry.path,
          reason: "\(ContentLock.path) lists this file but it is missing; \(relock)"))
    }
    return problems
  }
}
