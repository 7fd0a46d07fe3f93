import Glibc
// SPDX-License-Identifier: Apache-2.0
public import RuaCore
import RuaFiles
public import RuaStore
import Synchronization

/// How the editor ended.
public enum EditorExit: Sendable, Equatable {
  case exited(Int32)
  case signalled(Int32)
}

/// The editor `edit` runs, chosen as git and crontab choose it: `$VISUAL`, else `$EDITOR`,
/// else `vi` when there is a terminal to run it on.
public struct EditorCommand: Sendable, Equatable {
  /// Shell text, as the user set it (`nano`, `code --wait`).
  public var text: String
  /// Where it came from: "VISUAL", "EDITOR" or "the default".
  public var source: String

  public init(text: String, source: String) {
    self.text = text
    self.source = source
  }

  public static func choose(_ environment: [String: String], terminal: Bool) -> EditorCommand? {
    for name in ["VISUAL", "EDITOR"] {
      if let text = environment[name], !RecordText.isBlank(text) {
        return EditorCommand(text: text, source: name)
      }
    }
    return terminal ? EditorCommand(text: "vi", source: "the default") : nil
  }

  /// The argv that runs it on `path`: the command is shell text (so `code --wait` works) and
  /// the path a separate argument (`"$@"`), never put into the text, so no file name can
  /// become a command.
  public func arguments(_ path: String) -> [String] {
    ["/bin/sh", "-c", text + " \"$@\"", text, path]
  }

  /// "nano (EDITOR)", for messages; at most 40 characters of the command.
  public var shown: String { "\(EditSession.quote(text)) (\(source))" }
}

/// How an `edit` ended when it did not fail.
public enum RecordEditOutcome: Sendable {
  /// The record was checked and written: the rows changed and the patient as stored.
  case written(changes: [PlannedChange], patient: Patient)
  /// Nothing was written, and why ("the file was saved unchanged").
  case unchanged(reason: String)
}

/// The private folder the record is written to for the editor, and the lock that lets the
/// signal thread remove it even while the command runs (`DeliveryLedger.onStop`).
private final class EditFolder: Sendable {
  private let path = Mutex<String?>(nil)

  /// Runs `body` with the folder, under the lock, so a stop waits for a write to end and
  /// nothing is written into a folder that is being removed.
  func with<T>(_ body: (String?) throws(PaperError) -> T) throws(PaperError) -> T {
    try path.withLock { (path) throws(PaperError) -> T in try body(path) }
  }

  /// "rua-paper-edit-<pid>-": the process id lets a later edit tell a folder whose edit was
  /// killed (SIGKILL, a power cut: no clean-up ran) from one still open.
  static let prefix = "rua-paper-edit-"

  func make(in parent: String) throws(FileError) -> String {
    try path.withLock { (path) throws(FileError) -> String in
      let made = try Files.makeTemporaryFolder(
        in: parent, prefix: Self.prefix + "\(getpid())-")
      path = made
      return made
    }
  }

  /// Removes the folder and all in it (the editor's own swap and backup files too); idempotent.
  func remove() {
    path.withLock { path in
      if let folder = path { try? Files.removeTree(folder) }
      path = nil
    }
  }
}

extension EditSession {
  /// Where `edit` makes its private folder: `$XDG_RUNTIME_DIR` (the user's own, in memory),
  /// else `$TMPDIR`, else /tmp. The folder itself is made 0700 by mkdtemp in any of them.
  public static func editFolderParent(_ environment: [String: String]) -> String {
    for name in ["XDG_RUNTIME_DIR", "TMPDIR"] {
      if let folder = environment[name], folder.hasPrefix("/"), Files.isDirectory(folder) {
        return folder
      }
    }
    return "/tmp"
  }

  /// `edit`: writes the record as commented JSON (`RecordText`) into a new private folder,
  /// runs the editor on it (`runEditor`), and checks what was saved by import's rules. A
  /// refusal reopens the file with the problems at the top; nothing is written until the
  /// record passes. A file saved unchanged, or emptied, ends the edit with nothing written.
  /// The record is written as `replacePatient(_:afterChange:…)` writes it: an edit that would undo
  /// a change made while the editor was open is refused, as import refuses a file exported
  /// before that change. The folder is removed on every way out, and by `ledger`'s stop (a
  /// signal) too.
  public func editRecord(
    ledger: DeliveryLedger, editor: EditorCommand,
    runEditor: (String) throws(PaperError) -> EditorExit
  ) throws(PaperError) -> RecordEditOutcome {
    let folder = EditFolder()
    let token = ledger.onStop { folder.remove() }
    defer {
      folder.remove()
      ledger.remove(token)
    }
    // The change log's head, then the record again: what changes after this is "meanwhile".
    let mark = try StoreAccess.perform { () throws(StoreError) in
      let mark = try store.lastChangeID()
      guard try store.loadPatient(externalID: patient.id) == patient else {
        throw StoreError(
          .busy, "the patient's record changed while edit opened it; nothing was written",
          advice: "run the command again")
      }
      return mark
    }
    let parent = Self.editFolderParent(host.environment)
    Self.sweepKilledEdits(in: parent, host)
    let made: String
    do { made = try folder.make(in: parent) } catch {
      throw PaperError(
        "cannot make a private folder for the record in \(parent) (\(error.reason));"
          + " set TMPDIR to a folder of your own", kind: .cannotCreate)
    }
    let path = made + "/record.jsonc"
    var body = RecordText.body(patient)
    var problems: [String] = []
    var first = true
    while true {
      let bytes = Array(RecordText.file(patient, body: body, problems: problems).utf8)
      try write(bytes, to: path, first: first, folder)
      first = false
      switch try runEditor(path) {
      case .exited(0): break
      case .exited(let status):
        throw PaperError(
          "the editor \(editor.shown) ended with status \(status); nothing was changed",
          kind: .unavailable)
      case .signalled(let signal):
        throw PaperError(
          "the editor \(editor.shown) was stopped by \(DeliveryLedger.signalName(signal));"
            + " nothing was changed", kind: .unavailable)
      }
      let saved = try read(path, folder)
      if saved == bytes {
        return .unchanged(
          reason: problems.isEmpty
            ? "the file was saved unchanged; nothing was written"
            : "the file was saved again without a change, so the edit ends with the problems"
              + " its header lists unfixed; nothing was written")
      }
      let text = String(decoding: saved, as: UTF8.self)
      let record = RecordText.record(of: text)
      if RecordText.isBlank(record.filter { $0 != "\n" }) {
        return .unchanged(
          reason: "the file was emptied, so the edit is cancelled; nothing was written")
      }
      switch try check(record, valid: String(validating: saved, as: UTF8.self) != nil) {
      case .failure(let found):
        problems = found.lines
        body = record.hasSuffix("\n") ? record : record + "\n"
      case .success(let edited):
        if edited == patient {
          return .unchanged(reason: "no field was changed; nothing was written")
        }
        return try save(edited, afterChange: mark)
      }
    }
  }

  /// Removes the folders of edits whose process is gone (killed by SIGKILL, or the machine
  /// stopped, so their own clean-up never ran): they hold health data. Only this user's own
  /// folders are touched, and a notice says so.
  static func sweepKilledEdits(in parent: String, _ host: HostEnvironment) {
    for name in Files.entries(parent) where name.hasPrefix(EditFolder.prefix) {
      let digits = name.dropFirst(EditFolder.prefix.count).prefix(while: \.isNumber)
      guard let pid = Int32(digits), pid > 0, AtomicFile.processIsGone(pid) else { continue }
      let path = parent + "/" + name
      guard let status = try? Files.status(path), status.kind == .directory,
        status.owner == getuid()
      else { continue }
      if (try? Files.removeTree(path)) != nil {
        host.notice("removed \(path), the record of an edit that was killed before it ended")
      }
    }
  }

  private func write(_ bytes: [UInt8], to path: String, first: Bool, _ folder: EditFolder)
    throws(PaperError)
  {
    try folder.with { (current) throws(PaperError) in
      guard current != nil else {
        throw PaperError("the edit was stopped; nothing was changed", kind: .io)
      }
      do throws(FileError) {
        if first {
          try Files.createExclusive(path, bytes)
        } else {
          try Files.overwrite(path, bytes)
        }
      } catch {
        throw PaperError(
          "cannot write the record for the editor to \(path) (\(error.reason)); nothing was changed",
          kind: .cannotCreate)
      }
    }
  }

  private func read(_ path: String, _ folder: EditFolder) throws(PaperError) -> [UInt8] {
    let saved: [UInt8]?
    do { saved = try Files.readIfPresent(path, limit: ReadLimit.record) } catch {
      throw PaperError(
        "cannot read the edited record \(path) (\(error.reason)); nothing was changed",
        kind: .io)
    }
    guard let saved else {
      throw PaperError(
        "the editor removed the file it was given (\(path)), so there is nothing to check;"
          + " nothing was changed", kind: .notFound)
    }
    return saved
  }

  /// The edited patient, or every problem import's rules find in it, worded for the header.
  private func check(_ record: String, valid: Bool) throws(PaperError)
    -> Result<Patient, ProblemList>
  {
    func headerLines(_ count: Int) -> Int {
      RecordText.header(patient, problems: Array(repeating: "", count: count)).count
    }
    guard valid else {
      return .failure(ProblemList(["the file is not valid UTF-8; save it as UTF-8"]))
    }
    let json: JSON
    do throws(JSONSyntaxError) { json = try JSONParser.parse(Array(record.utf8)) } catch {
      return .failure(ProblemList([RecordText.problem(error, headerLines: headerLines(1))]))
    }
    if case .object = json, json["id"]?.stringValue != patient.id {
      return .failure(
        ProblemList([
          "id: must stay \"\(patient.id)\"; edit changes one patient's record (a new patient"
            + " is 'rua-paper patient add')"
        ]))
    }
    let circle = JSON.object([
      ("format", .string(CareCircle.format)), ("version", .int(CareCircle.version)),
      ("patients", .array([json])),
    ])
    let decoded: CareCircle
    do throws(CareCircleProblems) {
      decoded = try CareCircleDecoder.decodeReportingAll(
        Array(JSONWriter.write(circle, pretty: false).utf8), today: today)
    } catch {
      var list = error.problems.map(RecordText.problem)
      if error.stoppedAtLimit { list.append("… there may be more; fix these first") }
      return .failure(ProblemList(list))
    }
    let coverage = try PrintableCheck.coverage(try TemplatesLocation.resolve(nil, host))
    do throws(CareCircleError) { try PrintableCheck.check(circle, coverage: coverage) } catch {
      return .failure(ProblemList([RecordText.problem(error)]))
    }
    guard let edited = decoded.patients.first else {
      return .failure(ProblemList(["the record: must be one patient object"]))
    }
    return .success(edited)
  }

  private func save(_ edited: Patient, afterChange mark: Int64) throws(PaperError)
    -> RecordEditOutcome
  {
    let origin = ChangeOrigin(command: "edit", actor: ChangeActor.current())
    let result = try StoreAccess.perform { () throws(StoreError) in
      try store.replacePatient(
        edited, afterChange: mark, origin: origin, now: host.now, dryRun: false)
    }
    guard result.reverts.isEmpty else {
      let count = result.reverts.count
      throw PaperError(
        "the edited record would undo \(count) change\(count == 1 ? "" : "s") made while it"
          + " was open:\n" + result.reverts.map(ImportSummary.describe).joined(separator: "\n")
          + "\nnothing was written; run 'rua-paper edit \(patient.id)' again to start from the"
          + " current record", kind: .invalidData)
    }
    return .written(changes: result.changes, patient: edited)
  }
}

/// The problems found in an edited record, one line each (a `Result` needs an `Error`).
struct ProblemList: Error {
  let lines: [String]
  init(_ lines: [String]) { self.lines = lines }
}
