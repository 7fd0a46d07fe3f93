// SPDX-License-Identifier: Apache-2.0
import RuaCore
import RuaDocuments
import RuaPaperKit

/// `rua-paper share PATIENT er|meds|falls|card|mar|fhir-ips --to DIR`: a logged export to a
/// share folder.
struct ShareCommand: Command {
  let name = "share"
  let summary = "put one document into a share folder (USB stick, synced folder), logged as a share"
  let usage =
    "share PATIENT \(ShareDocument.words.joined(separator: "|")) --to DIR [--name FILE] "
    + "[--paper letter|a4] [--lang LANG] [--now TIME]"
  let details = """
    The file appears whole or not at all, mode 0600, and never replaces a file already in the
    folder. Its default name carries no health data: the document and the date, such as
    er-sheet-2026-11-29.pdf (then -2, -3, … if taken). --name sets another; a name is yours to
    choose, so keep health details out of it if the folder is shared. Every share is recorded
    in the access log as action 'share'. DIR must be a real folder: a file, FIFO or device is
    named as such, and a symlink is refused (never followed), so the log names the folder the
    document went to. A name longer than 255 bytes is refused before anything is made.

    fhir-ips puts the person's FHIR R4 International Patient Summary there instead (the JSON
    'export PATIENT --format fhir-ips' writes), named international-patient-summary-DATE.json;
    --paper and --lang do not apply to it and are refused.
    """
  let options: [OptionSpec] =
    [
      .shareFolder,
      .shareName,
    ] + DocumentSettings.specs + StoreOptions.specs

  func run(_ arguments: ParsedArguments, _ context: Context) throws(PaperError) -> ExitCode {
    guard arguments.positionals.count == 2 else {
      throw .invalidRequest(
        "share needs a PATIENT and a document: \(ShareDocument.choices)")
    }
    let query = arguments.positionals[0]
    let what = try ShareDocument(checking: arguments.positionals[1])
    // The IPS Bundle is not a page: the paper and language options are refused with it.
    if what == .patientSummary,
      let option = [OptionSpec.paper, .lang].first(where: arguments.present)
    {
      throw .invalidRequest("--\(option.long) is for printed documents; fhir-ips is a JSON file")
    }
    let target = try ShareTarget(
      folder: arguments.value(.shareFolder), name: arguments.value(.shareName), host: context.host)
    guard case .page(let kind) = what else {
      let today = try DocumentSettings.read(arguments, context).today
      let session = try StoreOptions.session(arguments, context, closingAbandoned: true)
      let path = try session.shareSummary(query, to: target, today: today)
      context.note("shared \(VisibleText.escaped(path))")
      return .success
    }
    return try DocumentRun.run(kind, query: query, arguments, context) { settings in
      let name = target.name(base: kind.documentName, today: settings.today, suffix: ".pdf")
      return [.share(folder: target.folder, name: name)]
    }
  }
}

extension OptionSpec {
  fileprivate static let shareFolder = OptionSpec(
    "to", .value, value: "DIR", help: "the share folder (must exist; a symlink is refused)")
  fileprivate static let shareName = OptionSpec(
    "name", .value, value: "FILE", help: "the file name inside DIR (at most 255 bytes)")
}
