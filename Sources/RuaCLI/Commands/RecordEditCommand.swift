// SPDX-License-Identifier: Apache-2.0
import CLinux
import Glibc
import RuaCore
import RuaPaperKit
import Synchronization

/// `edit PATIENT`: the whole record in the user's editor, checked by import's rules on save.
struct RecordEditCommand: Command {
  let name = "edit"
  let summary = "change the whole record at once in your editor ($VISUAL or $EDITOR)"
  let usage = "edit PATIENT [--db PATH] [--key-file PATH]"
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
    let words = arguments.positionals
    guard words.count == 1 else {
      throw .invalidRequest(
        "edit needs one PATIENT (\(words.count) given); see 'rua-paper edit --help'")
    }
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
      context.write(ChangeText.lines(changes, dryRun: false))
      for warning in session.duplicateWarnings(patient) { context.message(warning) }
    }
    return .success
  }
}

/// The editor as a child process on the same terminal, waited for.
enum EditorProcess {
  /// Spawns `editor` on `path` with `environment` and the default signal mask and actions
  /// (the parent blocks SIGINT/SIGTERM/SIGHUP for `SignalGuard` and ignores SIGPIPE; the
  /// editor must not inherit that), and waits for it. A stop of `ledger` (a signal to
  /// rua-paper) sends the editor SIGTERM (its whole group with `ownGroup`), so it does not
  /// outlive the file. The shell reports an editor killed by signal N as status 128+N; that
  /// is read back as the signal.
  static func run(
    _ editor: EditorCommand, path: String, environment: [String: String], ownGroup: Bool,
    ledger: DeliveryLedger
  ) throws(PaperError) -> EditorExit {
    let argv = editor.arguments(path).map { strdup($0) } + [nil]
    let envp =
      environment.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") }
      + [nil]
    defer {
      for pointer in argv { free(pointer) }
      for pointer in envp { free(pointer) }
    }
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var empty = sigset_t()
    sigemptyset(&empty)
    posix_spawnattr_setsigmask(&attributes, &empty)
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in [SIGINT, SIGTERM, SIGHUP, SIGPIPE, SIGQUIT] { sigaddset(&defaults, signal) }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    var flags = POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF
    if ownGroup {
      flags |= POSIX_SPAWN_SETPGROUP
      posix_spawnattr_setpgroup(&attributes, 0)
    }
    posix_spawnattr_setflags(&attributes, Int16(flags))
    let child = ChildProcess(group: ownGroup)
    let token = ledger.onStop { child.terminate() }
    defer { ledger.remove(token) }
    let (started, pid) = child.start { () -> (Int32, pid_t) in
      var pid = pid_t()
      let started = posix_spawn(&pid, "/bin/sh", nil, &attributes, argv, envp)
      return (started, pid)
    }
    guard started == 0 else {
      throw PaperError(
        "cannot start the editor \(editor.shown) (\(String(cString: strerror(started))));"
          + " nothing was changed", kind: .unavailable)
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 {
      guard errno == EINTR else {
        throw PaperError(
          "lost the editor \(editor.shown) (\(String(cString: strerror(errno))));"
            + " nothing was changed", kind: .internalFailure)
      }
    }
    child.finished()
    var signal = status & 0x7f
    let code = (status >> 8) & 0xff
    if signal == 0, code > 128, code <= 128 + 64 { signal = code - 128 }
    if signal == 0 { return .exited(code) }
    if signal == 0x7f { return .exited(status) }  // stopped: not waited for without WUNTRACED
    if ledger.isStopping {
      // rua-paper itself is stopping and ended the editor: the signal thread reports that.
      while true { sleep(1) }
    }
    return .signalled(signal)
  }
}

/// The editor's process id, so the signal thread can end it; starting and ending happen under
/// one lock, so a stop never misses a child being started.
private final class ChildProcess: Sendable {
  private let pid = Mutex<pid_t>(0)
  /// The child leads its own process group: a stop signals all of it.
  private let group: Bool

  init(group: Bool) { self.group = group }

  /// Runs `spawn` (posix_spawn's result and the child's id) under the lock.
  func start(_ spawn: () -> (Int32, pid_t)) -> (Int32, pid_t) {
    pid.withLock { pid in
      let result = spawn()
      if result.0 == 0 { pid = result.1 }
      return result
    }
  }

  func finished() { pid.withLock { $0 = 0 } }

  func terminate() {
    pid.withLock { pid in if pid > 0 { kill(group ? -pid : pid, SIGTERM) } }
  }
}
