// SPDX-License-Identifier: Apache-2.0
import RuaCore
import RuaPaperKit

/// `edit PATIENT`: the whole record in the user's editor, checked by import's rules on save.
struct RecordEditCommand: Command {
  let name = "edit"
  let summary = "change the whole record at once in your editor ($VISUAL or $EDITOR)"
  static let grammar = ActionGrammar(
    command: "edit",
    actions: [.init(name: "", words: ["PATIENT"], usage: "[--db PATH] [--key-file PATH]")])
  var usage: String { Self.grammar.usage }
  let details = """
    Opens the patient's record in $VISUAL, else $EDITOR (else vi on a terminal), as the
    care-circle format writes one patient, with a header of // comment lines. Save and close
    the editor: the record is checked by import's rules; when it is refused the editor opens
    again with the problems at the top, and nothing is written until it passes (exit 0). A
    file saved unchanged, or emptied, ends the edit with nothing written (exit 0). An edit that
    would undo a change made while the editor was open (another command changed the patient)
    is refused as import refuses an older file (exit 65); run edit again.

    The file holds health data: it lives in a new private folder (mode 0700) in
    $XDG_RUNTIME_DIR, else $TMPDIR, else /tmp, and is removed on every way out, SIGINT, SIGTERM
    and SIGHUP included (the editor is ended too); a folder only SIGKILL could leave is removed
    by the next edit. The editor command is run by /bin/sh with the file as a separate
    argument, as git runs it (EDITOR="code --wait" works). Without a terminal and with neither
    variable set, edit is refused (exit 64). An editor that fails or is killed changes
    nothing (exit 69); a file the editor removed changes nothing (exit 66).
    """
  let options: [OptionSpec] = StoreOptions.specs

  func run(_ arguments: ParsedArguments, _ context: Context) throws(PaperError) -> ExitCode {
    let (_, words) = try Self.grammar.read(arguments)
    guard
      let editor = EditorCommand.choose(
        context.environment, terminal: context.standardInputIsTerminal)
    else {
      throw .invalidRequest(
        "edit needs an editor: set VISUAL or EDITOR (such as EDITOR=nano), or run it on a"
          + " terminal; to change one field without an editor use 'rua-paper patient set' and"
          + " the other record commands; nothing was changed")
    }
    let session = try EditSession.open(words[0], arguments, context)
    let ledger = context.ledger
    let environment = context.environment
    // With no terminal at all the editor gets its own process group, so a stop ends the whole
    // of it (a script and what it runs); on a terminal it stays in the foreground group, which
    // the terminal's own signals (Ctrl-C, a hang-up) reach.
    let ownGroup =
      !context.standardInputIsTerminal && !context.standardOutputIsTerminal
      && !context.standardErrorIsTerminal
    let outcome = try session.editRecord(ledger: ledger, editor: editor) {
      (path) throws(PaperError) -> EditorExit in
      try EditorProcess.run(
        editor, path: path, environment: environment, ownGroup: ownGroup, ledger: ledger)
    }
    switch outcome {
    case .unchanged(let reason):
      context.message(reason)
    case .written(let changes, let patient):
      session.show((patient, changes), dryRun: false, context)
    }
    return .success
  }
}
