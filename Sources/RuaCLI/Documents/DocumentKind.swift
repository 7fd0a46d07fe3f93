/// The three documents, by the names the command line uses.
enum DocumentKind: String, CaseIterable, Sendable {
  case er, meds, falls

  /// The name stored in access_log rows and used in file names.
  var documentName: String {
    switch self {
    case .er: return "er-sheet"
    case .meds: return "medication-list"
    case .falls: return "fall-guide"
    }
  }

  var templateFile: String {
    switch self {
    case .er: return "er-sheet.json"
    case .meds: return "medication-list.json"
    case .falls: return "fall-guide.json"
    }
  }

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
