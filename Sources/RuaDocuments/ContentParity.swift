// SPDX-License-Identifier: Apache-2.0
/// The languages of one document agree: the same block ids, kinds, conditions and
/// placeholders, and a file for every language the locales have.
enum ContentParity {
  /// `unreadable` holds guide paths that exist but failed to parse: they are not "missing".
  static func check(_ guides: [ContentFile], unreadable: Set<String>, localeLanguages: Set<String>)
    -> [ContentProblem]
  {
    var problems: [ContentProblem] = []
    var documents: [String] = []
    for guide in guides where !documents.contains(guide.document) {
      documents.append(guide.document)
    }
    for document in documents {
      let files = guides.filter { $0.document == document }
      for language in localeLanguages.sorted()
      where !files.contains(where: { $0.language == language }) {
        let path = "content/\(document).\(language).json"
        if unreadable.contains(path) { continue }
        problems.append(
          ContentProblem(
            file: path,
            reason:
              "is missing: locales/\(language).json exists, so the \(document) guide needs this "
              + "language too"))
      }
      for file in files {
        for other in files where other.path != file.path {
          problems += compare(file, with: other)
        }
      }
    }
    return problems
  }

  /// What `file` lacks or contradicts compared with `other` (reported on `file`).
  private static func compare(_ file: ContentFile, with other: ContentFile) -> [ContentProblem] {
    var problems: [ContentProblem] = []
    for block in other.blocks {
      guard let own = file.block(block.id) else {
        problems.append(
          ContentProblem(
            file: file.path, block: block.id,
            reason: "block missing in this language; \(other.path) has it"))
        continue
      }
      // Each difference is reported once, on the file that sorts later.
      guard file.path > other.path else { continue }
      if own.kind != block.kind {
        problems.append(
          ContentProblem(
            file: file.path, block: block.id,
            reason: "kind is \(own.kind.rawValue) here but \(block.kind.rawValue) in \(other.path)")
        )
      }
      if own.showWhen != block.showWhen {
        problems.append(
          ContentProblem(
            file: file.path, block: block.id,
            reason: "showWhen differs from \(other.path); the languages must show the same blocks"))
      }
      if Set(own.sources) != Set(block.sources) {
        problems.append(
          ContentProblem(
            file: file.path, block: block.id,
            reason:
              "cites different sources from \(other.path); a translation cites what the original cites"
          ))
      }
      if Set(ContentPlaceholders.names(in: own.text))
        != Set(ContentPlaceholders.names(in: block.text))
      {
        problems.append(
          ContentProblem(
            file: file.path, block: block.id,
            reason:
              "uses different placeholders from \(other.path); translate the text, keep the placeholders"
          ))
      }
    }
    return problems
  }
}
