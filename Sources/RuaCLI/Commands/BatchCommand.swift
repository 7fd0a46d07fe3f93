/// `rua-paper batch`: every document for the whole care circle (or some patients), in parallel.
struct BatchCommand: Command {
  let name = "batch"
  let summary = "make documents for many patients at once: files, a manifest, a binder, print"
  let usage =
    "batch (PATIENT… | --all) [--docs er,meds,falls] (--out DIR | --binder FILE.pdf | --print "
    + "[PRINTER]) [--jobs N] [--force] [--paper letter|a4] [--lang en|es] [--now TIME]"
  let details = """
    Reads the store once and renders on --jobs worker threads (default: every online CPU), each
    with its own renderer. Files are named DIR/<patient-id>-<document>.pdf, written whole or not
    at all (mode 0600, DIR created 0700), each after its access_log intent row is committed;
    an existing file is a failed document unless --force. DIR/manifest.json lists every file with
    patient, document, pages and SHA-256. --binder writes one PDF of all the documents with a
    bookmark per patient and per document, logged as one export. --print sends each document
    to CUPS, logged per document. One failed document does not stop the others; the summary
    names it and the exit code is that of the first failure (73 cannot create a file, 74 I/O
    error, 65 bad data, 69 printer unavailable, 70 rendering). See docs/commands.md.
    """
  let options =
    BatchOptions.specs + PrintSettings.specs + DocumentSettings.specs + StoreOptions.specs

  func run(_ arguments: ParsedArguments, _ context: Context) throws(CLIError) -> ExitCode {
    let options = try BatchOptions.read(arguments, context)
    let settings = try DocumentSettings.read(arguments, context)
    let store = try DocumentStore.open(arguments, context)
    return try BatchRun(options: options, settings: settings, context: context).run(store: store)
  }
}
