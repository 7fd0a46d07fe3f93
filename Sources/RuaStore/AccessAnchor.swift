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

/// The anchor file: one line `SEQ:HASH`, 0600, replaced atomically after each committed row.
/// It only ever moves forward, so it never names a row the store has not committed.
enum AnchorFile {
  enum State: Equatable {
    case missing
    case unreadable(String)
    case position(LogPosition)
  }

  static func read(_ path: String) -> State {
    guard Files.exists(path) else { return .missing }
    let bytes: [UInt8]
    do { bytes = try Files.read(path, limit: 256) } catch {
      return .unreadable("cannot be read (\(error.reason))")
    }
    var text = String(decoding: bytes, as: UTF8.self)
    if text.hasSuffix("\n") { text.removeLast() }
    guard let claim = LogAnchorClaim(text), claim.hashPrefix.count == 64,
      let hash = Hex.decode(Array(claim.hashPrefix.utf8))
    else { return .unreadable("does not hold SEQ:HASH") }
    return .position(LogPosition(sequence: claim.sequence, hash: hash))
  }

  /// Writes `position` unless the file already names a later row (another process committed
  /// after us and wrote first).
  static func advance(_ path: String, to position: LogPosition) throws(StoreError) {
    if case .position(let current) = read(path), current.sequence >= position.sequence { return }
    try write(path, position)
  }

  /// Through `AtomicFile`: an unnamed 0600 file, synced, linked into place, folder synced.
  static func write(_ path: String, _ position: LogPosition) throws(StoreError) {
    do throws(FileError) {
      try AtomicFile.write(Array((position.text + "\n").utf8), to: path, replacing: true)
    } catch {
      let failure = StoreError(error)
      throw StoreError(
        failure.kind, "the access-log anchor file \(path) could not be updated: " + failure.context,
        code: failure.code, libraryMessage: failure.libraryMessage,
        advice: "make the key's folder writable for this user; 'rua-paper log verify' checks "
          + "the log")
    }
  }
}
