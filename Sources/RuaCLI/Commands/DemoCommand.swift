// SPDX-License-Identifier: Apache-2.0
import RuaCore
import RuaDocuments
import RuaPaperKit
import RuaStore

struct DemoCommand: Command {
  let name = "demo"
  let summary = "set up a demo store from the bundled sample care circle"
  let usage = "demo [--dir DIR]"
  let details = """
    Creates a store and key inside DIR (default ./demo; unless both exist already), imports
    samples/care-circle.json with its medication dates moved forward so the refill runway looks
    as it did on the day the sample was written, lists the patients and says where the store is.
    The sample is looked up in the working directory, then in the installed share folder
    (BIN/../share/rua-paper), then beside the rua-paper executable and in its parent folders. All sample people are fictional.
    """
  let options: [OptionSpec] = [
    .demoFolder
  ]

  func run(_ arguments: ParsedArguments, _ context: Context) throws(PaperError) -> ExitCode {
    guard arguments.positionals.isEmpty else { throw .invalidRequest("demo takes no arguments") }
    let dir = arguments.value(.demoFolder) ?? "demo"
    let folder = context.absolute(dir)
    let (location, store, summary) = try DemoSetup.store(in: folder, host: context.host)
    context.print("imported the sample: " + summary.description)
    let session = Session(store: store, host: context.host, ledger: context.ledger)
    context.write(PatientsCommand.table(try session.patients()))
    try renderDocuments(folder: folder, session: session, context)
    context.print("store: \(location.database)")
    context.print("key file: \(location.keyFile)")
    // The next commands find the demo store without --db/--key-file once these are set.
    context.print(
      "to use it: export RUA_DB=\(Self.shellWord(location.database)) "
        + "RUA_KEY_FILE=\(Self.shellWord(location.keyFile))")
    context.print("then try: rua-paper patients")
    return .success
  }

  /// Every document for every sample patient into DIR/documents, and DIR/care-circle-binder.pdf,
  /// through the batch machinery (logged like any other export; replaced on a rerun), each in
  /// the language the documents default to (the list and guide in the person's own).
  private func renderDocuments(folder: String, session: Session, _ context: Context)
    throws(PaperError)
  {
    let request = try DemoSetup.documents(
      in: folder, workers: WorkerThread.onlineProcessors, host: context.host)
    let outcome = try BatchSummary.run(request, in: session, context, json: false, progress: false)
    let code = BatchSummary.exitCode(outcome)
    guard code == .success else {
      throw PaperError(
        "some sample documents could not be made (see above)",
        kind: outcome.failures.first?.error.kind ?? .internalFailure)
    }
    context.print(
      "documents: \(folder)/documents (one PDF per patient and document, manifest.json)")
    context.print("binder: \(folder)/care-circle-binder.pdf")
  }

  /// `path` as one shell word: as it is when it holds only safe characters, else in single
  /// quotes (a quote inside written as '\'').
  static func shellWord(_ path: String) -> String {
    let safe = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/._-+:@%")
    if !path.isEmpty, path.allSatisfy({ safe.contains($0) }) { return path }
    let parts = path.split(separator: "'", omittingEmptySubsequences: false)
    return "'" + parts.joined(separator: "'\\''") + "'"
  }
}

extension OptionSpec {
  fileprivate static let demoFolder = OptionSpec(
    "dir", .value, value: "DIR", help: "the folder for the demo store (default demo)")
}
