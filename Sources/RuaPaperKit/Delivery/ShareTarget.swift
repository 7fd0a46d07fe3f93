// SPDX-License-Identifier: Apache-2.0
public import RuaCore
public import RuaDocuments
import RuaFiles

/// Where `share` puts one file: a real folder of the user's (never through a link), and a
/// name the user chose or one that carries no health data, the document and the date
/// (`er-sheet-2026-11-29.pdf`, then `-2`, `-3`, … when taken).
public struct ShareTarget: Sendable {
  public let folder: String
  let chosen: String?

  /// `folder` (`--to DIR`) and `name` (`--name FILE`) as given; relative paths are read from
  /// `host`'s working directory. Refused naming the option before anything is made.
  public init(folder text: String?, name: String?, host: HostEnvironment) throws(PaperError) {
    guard let text, !text.isEmpty else {
      throw .invalidRequest("share needs --to DIR, the folder to put the document in")
    }
    folder = host.absolute(text)
    try OutputFile.checkShareFolder(folder, shown: text)
    if let name { try OutputFile.checkName(name, option: "--name") }
    chosen = name
  }

  /// The file's name: the one chosen, else `base-DATE` and `suffix` (".pdf"), the first free.
  public func name(base: String, today: CivilDate, suffix: String) -> String {
    chosen ?? Files.freeName(in: folder, base: "\(base)-\(today.iso)", suffix: suffix)
  }
}

/// What `share PATIENT WHAT` puts into the folder: one printed document, or the person's FHIR
/// International Patient Summary (the JSON `export --format fhir-ips` writes).
public enum ShareDocument: Equatable, Sendable {
  case page(DocumentKind)
  case patientSummary

  /// Every word `share` takes for WHAT (er, meds, falls, card, mar, fhir-ips): from the kinds
  /// themselves, so a new document is offered wherever share names its choices.
  public static var words: [String] {
    DocumentKind.allCases.map(\.rawValue) + [ExportFormat.fhirIPS.rawValue]
  }

  /// "er, meds, falls, card, mar or fhir-ips", as the refusals name them.
  public static var choices: String {
    words.dropLast().joined(separator: ", ") + " or " + (words.last ?? "")
  }

  /// The second word of `share`; refused naming every choice.
  public init(checking word: String) throws(PaperError) {
    if word == ExportFormat.fhirIPS.rawValue {
      self = .patientSummary
    } else if let kind = DocumentKind(rawValue: word) {
      self = .page(kind)
    } else {
      throw .invalidRequest("the document is \(Self.choices), not '\(word)'")
    }
  }
}

extension Session {
  /// The IPS Bundle of the patient `query` names into `target`'s folder, named by `today`
  /// unless a name was chosen, delivered and logged as an export is, with the share action;
  /// the path written.
  public func shareSummary(_ query: String, to target: ShareTarget, today: CivilDate)
    throws(PaperError) -> String
  {
    let name = target.name(base: ExportFormat.summaryFileName, today: today, suffix: ".json")
    try export(.patientSummary(query), to: .share(folder: target.folder, name: name))
    return target.folder + "/" + name
  }
}
