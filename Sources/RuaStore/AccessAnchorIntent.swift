// SPDX-License-Identifier: Apache-2.0
internal import Glibc
import RuaFiles

/// The head a write is about to commit, written beside the anchor before its COMMIT
/// (`KEY.anchor.next-PID`, one per process) and removed once the anchor file names it. It tells
/// a crash from a cut: a process killed between its COMMIT and the anchor write leaves the
/// anchor behind the chain's head *and* this file naming that head, with its process gone; a
/// cut tail with the anchor set back (`0:000…`, the empty log, needs no secret to write) leaves
/// no such file, since naming the head takes its 64-hex hash, which only the key can read.
enum AnchorIntent {
  struct Intent: Equatable {
    let path: String
    let processID: Int32
    let position: LogPosition
  }

  static func path(_ anchorFile: String, processID: Int32 = getpid()) -> String {
    anchorFile + ".next-\(processID)"
  }

  /// Written (synced, `AtomicFile`) inside the write transaction, before its COMMIT. It is
  /// this process's own name, removed after each write, so it is linked into place new (one
  /// link, no rename); one left by an earlier write of this process is removed first.
  static func write(_ anchorFile: String, _ position: LogPosition) throws(StoreError) {
    let path = path(anchorFile)
    Files.remove(path)
    do throws(FileError) {
      try AtomicFile.write(Array((position.text + "\n").utf8), to: path, replacing: false)
    } catch {
      let failure = StoreError(error)
      throw StoreError(
        failure.kind, "the access-log intent file \(path) could not be written: " + failure.context,
        code: failure.code, libraryMessage: failure.libraryMessage,
        advice: "make the key's folder writable for this user; nothing was written to the log")
    }
  }

  /// After the anchor file names the committed head, or after the transaction rolled back.
  static func remove(_ anchorFile: String) { Files.remove(path(anchorFile)) }

  /// Runs `body`'s write transaction with the intent of the head it returns written before its
  /// COMMIT, then moves the anchor to that head and removes the intent. A failed transaction
  /// removes it; a failed anchor write keeps it, since it explains the anchor's lag.
  static func committing<T>(
    _ connection: Connection, anchorFile: String,
    _ body: () throws(StoreError) -> (value: T, head: LogPosition?)
  ) throws(StoreError) -> T {
    let done: (value: T, head: LogPosition?)
    do {
      done = try connection.transaction(immediate: true) {
        () throws(StoreError) -> (value: T, head: LogPosition?) in
        let done = try body()
        if let head = done.head { try write(anchorFile, head) }
        return done
      }
    } catch {
      remove(anchorFile)
      throw error
    }
    guard let head = done.head else { return done.value }
    try advance(connection, anchorFile: anchorFile, to: head)
    remove(anchorFile)
    return done.value
  }

  /// Every intent beside `anchorFile` that holds a position, any process's.
  static func all(_ anchorFile: String) -> [Intent] {
    let folder = Files.parent(anchorFile)
    let base = anchorFile.split(separator: "/").last.map(String.init) ?? anchorFile
    let prefix = base + ".next-"
    var found: [Intent] = []
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
      Files.remove(intent.path)
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

  /// Moves the anchor to `head` after its COMMIT, and on to the head read afresh while that is
  /// later: another writer that committed after this one may have moved the anchor first, and
  /// this write must not leave it set back over theirs.
  static func advance(_ connection: Connection, anchorFile: String, to head: LogPosition)
    throws(StoreError)
  {
    var target = head
    for _ in 0..<8 {
      try AnchorFile.advance(anchorFile, to: target)
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
