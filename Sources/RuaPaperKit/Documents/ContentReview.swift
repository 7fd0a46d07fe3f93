// SPDX-License-Identifier: Apache-2.0
public import RuaDocuments
import RuaStore

/// `content check|lock` over a templates folder: the guides, clinical tables and locale files
/// read, passed through the gate (`ContentGate`), and the lock written only when it passes.
public enum ContentReview {
  /// SHA-256 in lower-case hex (libcrypto, through RuaStore), injected into the pure gate.
  public static let hasher: @Sendable ([UInt8]) -> String = { SHA256.hex($0) }

  public struct Check {
    public let problems: [ContentProblem]
    public let contentFiles: Int
    public let localeFiles: Int
    /// Blocks and table entries a release check would refuse as pending clinician review
    /// (counted only when the content passes and the check was not the release check).
    public let pending: Int
  }

  public static func check(_ templates: TemplatesLocation, release: Bool) throws(PaperError)
    -> Check
  {
    let inputs = try inputs(templates)
    let lock = try templates.read(ContentLock.path).map {
      ContentInput(path: ContentLock.path, role: .table, bytes: $0)
    }
    let problems = ContentGate.check(files: inputs, lock: lock, release: release, hasher: hasher)
    let content = inputs.filter { $0.role != .locale }.count
    // The content passed, so whatever a release check adds is a pending review.
    let pending =
      problems.isEmpty && !release
      ? ContentGate.check(files: inputs, lock: lock, release: true, hasher: hasher).count : 0
    return Check(
      problems: problems, contentFiles: content, localeFiles: inputs.count - content,
      pending: pending)
  }

  public enum Lock {
    /// The lock file in the folder cannot be read: nothing was written.
    case unreadable([ContentProblem])
    /// The gate refused the new lock: nothing was written.
    case refused([ContentProblem])
    /// Written: every entry, with whether it differs from the previous lock.
    case written([(entry: ContentLock.Entry, changed: Bool)])
  }

  /// Writes content.lock.json when every guide and table passes the lock's rules.
  public static func lock(_ templates: TemplatesLocation) throws(PaperError) -> Lock {
    let inputs = try inputs(templates).filter { $0.role != .locale }
    var previous: ContentLock?
    if let bytes = try templates.read(ContentLock.path) {
      do throws(ContentFileError) { previous = try ContentLock.parse(bytes: bytes) } catch {
        return .unreadable(error.problems)
      }
    }
    let result = ContentLock.update(files: inputs, previous: previous, hasher: hasher)
    guard let lock = result.lock else { return .refused(result.problems) }
    try OutputFile.write(
      Array(lock.text().utf8), to: templates.root + "/" + ContentLock.path, replace: true)
    return .written(lock.entries.map { ($0, previous?.entry($0.path) != $0) })
  }

  /// Guides, tables and locale files under the templates folder.
  private static func inputs(_ templates: TemplatesLocation) throws(PaperError) -> [ContentInput] {
    var inputs: [ContentInput] = []
    for name in templates.files(in: "content", suffix: ".json") {
      if let bytes = try templates.read("content/" + name) {
        inputs.append(ContentInput(path: "content/" + name, role: .guide, bytes: bytes))
      }
    }
    guard !inputs.isEmpty else {
      throw PaperError(
        "no content files in \(templates.shown)/content; the guides are content/*.json there",
        kind: .notFound)
    }
    for name in ContentTable.knownFiles {
      if let bytes = try templates.read(name) {
        inputs.append(ContentInput(path: name, role: .table, bytes: bytes))
      }
    }
    for name in templates.files(in: "locales", suffix: ".json") {
      if let bytes = try templates.read("locales/" + name) {
        inputs.append(ContentInput(path: "locales/" + name, role: .locale, bytes: bytes))
      }
    }
    return inputs
  }
}
