// SPDX-License-Identifier: Apache-2.0
public import RuaDocuments

extension DocumentKind {
  /// The documents `--docs` names, in the order help lists them.
  public static let listNames = ["er", "meds", "falls", "card", "mar"]
  /// What `batch --docs` takes: every document and the International Patient Summary.
  public static let batchListNames = listNames + [ExportFormat.fhirIPS.rawValue]

  /// Parses a comma-separated `--docs` list (`er,meds,falls`), keeping order, refusing repeats.
  /// `also`: what else the caller takes there, for the refusal ("fhir-ips" for batch).
  public static func list(_ text: String, option: String, also: String? = nil) throws(PaperError)
    -> [DocumentKind]
  {
    let names = listNames + (also.map { [$0] } ?? [])
    var kinds: [DocumentKind] = []
    for part in text.split(separator: ",", omittingEmptySubsequences: false) {
      guard let kind = DocumentKind(rawValue: String(part)) else {
        throw .invalidRequest(
          "\(option) takes \(names.dropLast().joined(separator: ", ")) and \(names.last ?? "")"
            + " separated by commas, not '\(part)'")
      }
      guard !kinds.contains(kind) else { throw .invalidRequest("\(option) lists '\(part)' twice") }
      kinds.append(kind)
    }
    return kinds
  }
}
