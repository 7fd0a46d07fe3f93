// SPDX-License-Identifier: Apache-2.0
import RuaDocuments
import RuaPaperKit

extension DocumentKind {
  /// Parses a comma-separated `--docs` list (`er,meds,falls`), keeping order, refusing repeats.
  static func list(_ text: String, option: String) throws(PaperError) -> [DocumentKind] {
    var kinds: [DocumentKind] = []
    for part in text.split(separator: ",", omittingEmptySubsequences: false) {
      guard let kind = DocumentKind(rawValue: String(part)) else {
        throw .invalidRequest(
          "\(option) takes er, meds, falls, card and mar separated by commas, not '\(part)'")
      }
      guard !kinds.contains(kind) else { throw .invalidRequest("\(option) lists '\(part)' twice") }
      kinds.append(kind)
    }
    return kinds
  }
}
