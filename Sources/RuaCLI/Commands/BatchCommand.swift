// SPDX-License-Identifier: Apache-2.0
import RuaDocuments
import RuaPaperKit

/// `rua-paper batch`: every document for the whole care circle (or some patients), in parallel.
struct BatchCommand: Command {
  let name = "batch"
  let summary = "make documents for many patients at once: files, a manifest, a binder, print"
  let usage =
    "batch (PATIENT… | --all) [--docs \(DocumentKind.batchListNames.joined(separator: ","))] (--out DIR | --binder FILE.pdf | --print "
    + "[PRINTER]) [--jobs N] [--force | --resume] [--shard K/N] [--paper letter|a4] "
    + "[--lang LANG] [--now TIME]"
  let details = """
    Reads the store once and renders on --jobs worker threads (default: every online CPU), each
    with its own renderer. Files are named DIR/<patient-id>-<document>.pdf, written whole or not
    at all (mode 0600, DIR created 0700); each chunk's access_log intent rows are committed
    before its files are written and its outcome rows after they and the folder are synced.
    A folder already holding this run's files is refused before rendering (exit 73, nothing
    touched) unless --force replaces them or --resume keeps those still this run's documents:
    the bytes DIR/manifest.json and the access log list for that file and patient, mode 0600,
    made from the record as it is now (a file that fails that is made again in place and named;
    a symbolic link or a non-regular file stops the run untouched). DIR/manifest.json lists
    every file with patient, document, pages, SHA-256 and the record it was made from, and
    "complete": false after a failure or a signal. --binder writes one PDF of all the documents
    with a bookmark per patient and per document, logged as one export. --print checks the
    printer once, then sends each document to CUPS, logged per document. --shard K/N makes only
    every N-th patient by id, to spread a run over N machines, each with its own --out (a
    folder takes one run at a time; a second one is refused while the first writes, and
    --resume refuses files another copy of the store made). SIGINT/SIGTERM stop new
    documents at once; the summary says how many were delivered (exit 130/143). One failed
    document does not stop the others; the first five are listed, the exit code is that of the
    first failure (73 cannot create a file, 74 I/O error, 65 bad data, 69 printer unavailable,
    70 rendering). --docs …,fhir-ips also writes each person's FHIR R4 International Patient
    Summary as DIR/<patient-id>-international-patient-summary.json (the Bundle of 'export
    --format fhir-ips', logged the same way), listed in the manifest with its SHA-256; it never
    goes into a binder or to a printer (--binder or --print with it: exit 64), and --resume
    makes it again. See docs/commands.md.
    """
  let options: [OptionSpec] =
    BatchOptions.specs + PrintSettings.specs + DocumentSettings.specs + StoreOptions.specs

  func run(_ arguments: ParsedArguments, _ context: Context) throws(PaperError) -> ExitCode {
    let options = try BatchOptions.read(arguments, context) { () throws(PaperError) in
      try DocumentSettings.read(arguments, context)
    }
    let session = try StoreOptions.session(arguments, context, closingAbandoned: true)
    let outcome = try BatchSummary.run(
      options.request, in: session, context, json: options.json, progress: true)
    return BatchSummary.exitCode(outcome)
  }
}
