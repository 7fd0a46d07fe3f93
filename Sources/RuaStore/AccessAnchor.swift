// SPDX-License-Identifier: Apache-2.0
import RuaFiles

/// A point of the access log's chain: a row's sequence number (its id) and its row hash.
/// Written `SEQ:HASH` (64 hex digits); sequence 0 is the empty log, hashed as the genesis.
public struct LogPosition: Sendable, Equatable {
  public var sequence: Int64
  public var hash: [UInt8]

  public init(sequence: Int64, hash: [UInt8]) {
    self.sequence = sequence
    self.hash = hash
  }

  public static let empty = LogPosition(sequence: 0, hash: AccessChain.genesis)

  public var text: String { "\(sequence):\(Hex.encode(hash))" }

  /// "log 1234 · 3f9a1c": what a printed page's footer shows.
  public var footer: String { "log \(sequence) · \(Hex.encode(hash).prefix(6))" }
}

/// What `--anchor` accepts: `SEQ:HASH`, where HASH may be shortened to its first 6 or more hex
/// digits (a printed footer carries 6).
public struct LogAnchorClaim: Sendable, Equatable {
  public var sequence: Int64
  public var hashPrefix: String

  public init?(_ text: String) {
    let parts = text.split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count == 2, let sequence = Int64(parts[0]), sequence >= 0 else { return nil }
    let hex = parts[1].lowercased()
    guard (6...64).contains(hex.count), hex.allSatisfy(\.isHexDigit) else { return nil }
    self.sequence = sequence
    self.hashPrefix = hex
  }

  public func matches(_ position: LogPosition) -> Bool {
    position.sequence == sequence && Hex.encode(position.hash).hasPrefix(hashPrefix)
  }
}

extension StoreLocation {
  /// The anchor file: beside the key, named after it (`key` → `key.anchor`).
  public var anchorFile: String { keyFile + ".anchor" }
}

/// The anchor file, 0600: `SEQ:HASH` on its first line, moved forward after each committed row
/// and never naming a row the store has not committed; then one line `next PID SEQ:HASH` for
/// each write in flight, the head that process is about to commit (`AnchorIntent`). Without
/// writes in flight it is the one line it always was.
///
/// Changed in place under a lock (`InPlaceFile`: one `fdatasync`, no folder sync); replaced
/// whole (`AtomicFile`) only when it is created or re-anchored. A reader stops at the first line
/// it does not understand: after a process killed while the file shrank, that is the tail of
/// the old bytes. Skipping a line can only drop an intent, and an intent only ever explains an
/// anchor's lag, so a damaged tail makes a check stricter, never looser.
enum AnchorFile {
  enum State: Equatable {
    case missing
    case unreadable(String)
    case position(LogPosition)
  }

  /// A write in flight: the process and the head it is committing.
  struct Pending: Equatable {
    let processID: Int32
    let position: LogPosition
  }

  struct Contents: Equatable {
    var position: LogPosition
    var pending: [Pending] = []

    var bytes: [UInt8] {
      var text = position.text + "\n"
      for write in pending { text += "next \(write.processID) \(write.position.text)\n" }
      return Array(text.utf8)
    }
  }

  /// One 4 KiB page: room for the anchor and some forty writes in flight.
  static let limit = 4096

  static func read(_ path: String) -> State {
    guard Files.exists(path) else { return .missing }
    let bytes: [UInt8]
    do { bytes = try Files.read(path, limit: limit) } catch {
      return .unreadable("cannot be read (\(error.reason))")
    }
    guard let contents = parse(bytes) else { return .unreadable("does not hold SEQ:HASH") }
    return .position(contents.position)
  }

  /// The writes in flight the file names (none when it is missing or unreadable).
  static func pending(_ path: String) -> [Pending] {
    guard let bytes = try? Files.read(path, limit: limit) else { return [] }
    return parse(bytes)?.pending ?? []
  }

  static func parse(_ bytes: [UInt8]) -> Contents? {
    var lines = String(decoding: bytes, as: UTF8.self).split(
      separator: "\n", omittingEmptySubsequences: false)
    // The last piece is what follows the last newline: empty, or a line cut short.
    let last = lines.removeLast()
    if lines.isEmpty { lines = [last] }
    guard let first = lines.first.flatMap({ position(String($0)) }) else { return nil }
    var contents = Contents(position: first)
    for line in lines.dropFirst() {
      let fields = line.split(separator: " ", omittingEmptySubsequences: false)
      guard fields.count == 3, fields[0] == "next", let pid = Int32(fields[1]), pid > 0,
        let position = position(String(fields[2]))
      else { break }
      contents.pending.append(Pending(processID: pid, position: position))
    }
    return contents
  }

  private static func position(_ text: String) -> LogPosition? {
    guard let claim = LogAnchorClaim(text), claim.hashPrefix.count == 64,
      let hash = Hex.decode(Array(claim.hashPrefix.utf8))
    else { return nil }
    return LogPosition(sequence: claim.sequence, hash: hash)
  }

  /// Moves the anchor forward to `position` unless the file already names it or a later row
  /// (another process committed after us and wrote first), and drops the line `dropping`, in
  /// one write. An unreadable file is replaced by the position; a missing one is created.
  static func advance(_ path: String, to position: LogPosition, dropping: Pending? = nil)
    throws(StoreError)
  {
    do throws(FileError) {
      try InPlaceFile.update(path, limit: limit) { bytes in
        guard var contents = parse(bytes) else { return Contents(position: position).bytes }
        let before = contents
        if contents.position.sequence < position.sequence { contents.position = position }
        contents.pending.removeAll { $0 == dropping }
        return contents == before ? nil : contents.bytes
      }
    } catch {
      if error.isMissing { return try write(path, position) }
      throw anchorFailure(path, error)
    }
  }

  /// Changes the lines of writes in flight: `change` gets them and returns them changed, or
  /// nil to leave the file as it is. `syncing: false` for a change a crash may lose.
  static func changePending(
    _ path: String, syncing: Bool = true, _ change: ([Pending]) -> [Pending]?
  ) throws(FileError) {
    try InPlaceFile.update(path, limit: limit, syncing: syncing) { bytes in
      guard var contents = parse(bytes), let pending = change(contents.pending) else {
        return nil
      }
      contents.pending = pending
      return contents.bytes
    }
  }

  /// Through `AtomicFile`: an unnamed 0600 file, synced, linked into place, folder synced.
  /// For a new anchor, and for one set anew (a migration, `doctor --repair`).
  static func write(_ path: String, _ position: LogPosition) throws(StoreError) {
    do throws(FileError) {
      try AtomicFile.write(Contents(position: position).bytes, to: path, replacing: true)
    } catch {
      throw anchorFailure(path, error)
    }
  }

  static func anchorFailure(_ path: String, _ error: FileError) -> StoreError {
    let failure = StoreError(error)
    return StoreError(
      failure.kind, "the access-log anchor file \(path) could not be updated: " + failure.context,
      code: failure.code, libraryMessage: failure.libraryMessage,
      advice: "make the key's folder writable for this user; 'rua-paper log verify' checks "
        + "the log")
  }
}
