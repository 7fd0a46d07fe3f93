import RuaDocuments

extension DocumentKind {
  /// Parses a comma-separated `--docs` list (`er,meds,falls`), keeping order, refusing repeats.
  static func list(_ text: String, option: String) throws(CLIError) -> [DocumentKind] {
    var kinds: [DocumentKind] = []
    for part in text.split(separator: ",", omittingEmptySubsequences: false) {
      guard let kind = DocumentKind(rawValue: String(part)) else {
        throw .usage("\(option) takes er, meds and falls separated by commas, not '\(part)'")
      }
      guard !kinds.contains(kind) else { throw .usage("\(option) lists '\(part)' twice") }
      kinds.append(kind)
    }
    return kinds
  }
}
