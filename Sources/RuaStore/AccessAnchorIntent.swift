// SPDX-License-Identifier: Apache-2.0
internal import Glibc
import RuaFiles

/// The head a write is about to commit, written into the anchor file (a `next PID SEQ:HASH`
/// line, `AnchorFile`) before its COMMIT and dropped in the same write that moves the anchor to
/// it. It tells a crash from a cut: a process killed between its COMMIT and the anchor write
/// leaves the anchor behind the chain's head *and* its line naming that head, with its process
/// gone; a cut tail with the anchor set back (`0:000…`, the empty log, needs no secret to
/// write) leaves no such line, since naming the head takes its 64-hex hash, which only the
/// key can read. Before, each intent was a file of its own (`KEY.anchor.next-PID`); one left by
/// an older rua-paper is still read and settled.
enum AnchorIntent {
  struct Intent: Equatable {
    /// The intent file of an older rua-paper, or the anchor file for a line in it.
    let path: String
    let processID: Int32
    let position: LogPosition
    var isLine: Bool = false
  }

  /// The per-process intent file an older rua-paper wrote.
  static func path(_ anchorFile: String, processID: Int32 = getpid()) -> String {
    anchorFile + ".next-\(processID)"
  }

  /// Written (synced in place, one `fdatasync`) inside the write transaction, before its
  /// COMMIT. A line is only ever dropped as the line it is (process and head), so a second
  /// connection of this process (the signal thread's) never drops another's.
  static func write(_ anchorFile: String, _ position: LogPosition) throws(StoreError) {
    let line = AnchorFile.Pending(processID: getpid(), position: position)
    do throws(FileError) {
      try AnchorFile.changePending(anchorFile) { pending in
        pending.contains(line) ? nil : pending + [line]
      }
    } catch {
      let failure = StoreError(error)
      throw StoreError(
        failure.kind,
        "the access-log anchor file \(anchorFile) could not take this write's intent: "
          + failure.context,
        code: failure.code, libraryMessage: failure.libraryMessage,
        advice: "make the key's folder writable for this user; nothing was written to the log")
    }
  }

  /// After the transaction rolled back: the line written for `position` goes, unsynced (a
  /// crash that keeps it leaves an intent the chain lacks, which explains nothing and which
  /// the next write sweeps once this process is gone).
  static func remove(_ anchorFile: String, _ position: LogPosition) {
    let line = AnchorFile.Pending(processID: getpid(), position: position)
    try? AnchorFile.changePending(anchorFile, syncing: false) { pending in
      pending.contains(line) ? pending.filter { $0 != line } : nil
    }
  }

  /// Runs `body`'s write transaction with the intent of the head it returns written before its
  /// COMMIT, then moves the anchor to that head and removes the intent. A failed transaction
  /// removes it; a failed anchor write keeps it, since it explains the anchor's lag.
  static func committing<T>(
    _ connection: Connection, anchorFile: String,
    _ body: () throws(StoreError) -> (value: T, head: LogPosition?)
  ) throws(StoreError) -> T {
    let done: (value: T, head: LogPosition?)
    var written: LogPosition?
    do {
      done = try connection.transaction(immediate: true) {
        () throws(StoreError) -> (value: T, head: LogPosition?) in
        let done = try body()
        if let head = done.head {
          try write(anchorFile, head)
          written = head
        }
        return done
      }
    } catch {
      if let written { remove(anchorFile, written) }
      throw error
    }
    guard let head = done.head else { return done.value }
    try advance(connection, anchorFile: anchorFile, to: head)
    return done.value
  }

  /// Every intent that holds a position, any process's: the anchor file's lines, then the
  /// files an older rua-paper left beside it.
  static func all(_ anchorFile: String) -> [Intent] {
    var found = AnchorFile.pending(anchorFile).map {
      Intent(path: anchorFile, processID: $0.processID, position: $0.position, isLine: true)
    }
    let folder = Files.parent(anchorFile)
    let base = anchorFile.split(separator: "/").last.map(String.init) ?? anchorFile
    let prefix = base + ".next-"
    for name in Files.entries(folder) where name.hasPrefix(prefix) {
      guard let pid = Int32(name.dropFirst(prefix.count)), pid > 0 else { continue }
      let path = folder + "/" + name
      if case .position(let position) = AnchorFile.read(path) {
        found.append(Intent(path: path, processID: pid, position: position))
      }
    }
    return found
  }

  /// With the write lock held: the intents of processes that are gone. One the chain holds
  /// (the process died after its COMMIT) moves a contained anchor forward to it; one it does
  /// not (it died before) is only removed. Nothing else is changed.
  static func settle(_ connection: Connection, anchorFile: String) throws(StoreError) {
    for intent in all(anchorFile) where AtomicFile.processIsGone(intent.processID) {
      let stored = try AccessLogGuard.rowHash(connection, sequence: intent.position.sequence)
      if stored == intent.position.hash, case .position(let anchor) = AnchorFile.read(anchorFile),
        anchor.sequence < intent.position.sequence,
        try AccessLogGuard.rowHash(connection, sequence: anchor.sequence) == anchor.hash
      {
        try AnchorFile.advance(anchorFile, to: intent.position)
      }
      if intent.isLine {
        // Unsynced: a crash that keeps the line leaves it to be settled again.
        try? AnchorFile.changePending(anchorFile, syncing: false) { pending in
          let kept = pending.filter { $0.processID != intent.processID }
          return kept.count == pending.count ? nil : kept
        }
      } else {
        Files.remove(intent.path)
      }
    }
  }

  /// Why an anchor behind `head` is no cut: a write in flight or one that crashed after its
  /// COMMIT named `head` in its intent; a live process's intent names a row the chain holds (a
  /// writer that committed is still moving the anchor, and may briefly have set it back over a
  /// later writer's); or the anchor file has moved since `seen` was read (to the head, or past
  /// it for a reader whose snapshot is older). Naming a row takes its hash, which only the key's
  /// holder can read.
  static func explains(
    _ connection: Connection, anchorFile: String, seen: LogPosition, head: LogPosition
  ) throws(StoreError) -> Bool {
    for intent in all(anchorFile) {
      if intent.position == head { return true }
      if !AtomicFile.processIsGone(intent.processID),
        try AccessLogGuard.rowHash(connection, sequence: intent.position.sequence)
          == intent.position.hash
      {
        return true
      }
    }
    guard case .position(let now) = AnchorFile.read(anchorFile) else { return false }
    return now == head || (now != seen && now.sequence > head.sequence)
  }

  /// Moves the anchor to `head` after its COMMIT, dropping this process's intent line in the
  /// same write, and on to the head read afresh while that is later: another writer that
  /// committed after this one may have moved the anchor first, and this write must not leave
  /// it set back over theirs.
  static func advance(_ connection: Connection, anchorFile: String, to head: LogPosition)
    throws(StoreError)
  {
    var target = head
    var line: AnchorFile.Pending? = .init(processID: getpid(), position: head)
    for _ in 0..<8 {
      try AnchorFile.advance(anchorFile, to: target, dropping: line)
      line = nil
      let now = try AccessLogGuard.head(connection)
      guard now.sequence > target.sequence else { return }
      target = now
    }
  }

  /// The `.rua-paper-PID-…` temporaries a killed process left beside the key and anchor (an
  /// anchor write stopped between its link and its rename): removed when that process is gone.
  static func sweepTemporaries(_ anchorFile: String) {
    for leftover in AtomicFile.leftovers(in: Files.parent(anchorFile))
    where AtomicFile.processIsGone(leftover.processID) {
      Files.remove(leftover.path)
    }
  }
}
