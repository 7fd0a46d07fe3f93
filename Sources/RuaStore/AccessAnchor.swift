internal import Glibc

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
    guard let bytes = try? Files.read(path, limit: 256) else {
      return .unreadable("cannot be read")
    }
    var text = String(decoding: bytes, as: UTF8.self)
    if text.hasSuffix("\n") { text.removeLast() }
    guard let claim = LogAnchorClaim(text), claim.hashPrefix.count == 64,
      let hash = Hex.decode(Array(claim.hashPrefix.utf8))
    else { return .unreadable("does not hold SEQ:HASH") }
    return .position(LogPosition(sequence: claim.sequence, hash: hash))
  }

  /// Writes `position` unless the file already names a later row (another process committed
  /// after us and wrote first). A temporary name unique to this writer, fsync, rename.
  static func advance(_ path: String, to position: LogPosition) throws(StoreError) {
    if case .position(let current) = read(path), current.sequence >= position.sequence { return }
    try write(path, position)
  }

  static func write(_ path: String, _ position: LogPosition) throws(StoreError) {
    let suffix = Hex.encode((try? SecureRandom.bytes(6)) ?? [])
    let temporary = path + ".\(getpid())-\(suffix).tmp"
    do throws(StoreError) {
      try Files.createExclusive(temporary, Array((position.text + "\n").utf8))
      guard rename(temporary, path) == 0 else {
        throw Files.systemError("renaming \(temporary) to \(path)")
      }
      Files.syncDirectory(of: path)
      sweepAbandoned(path)
    } catch {
      Files.remove(temporary)
      throw StoreError(
        error.kind, "the access-log anchor file \(path) could not be updated: " + error.context,
        code: error.code, libraryMessage: error.libraryMessage,
        advice: "make the key's folder writable for this user; 'rua-paper log verify' checks "
          + "the log")
    }
  }

  /// Removes temporary anchors left by writers killed between create and rename (their pid,
  /// in the name, is gone). They hold only SEQ:HASH, but nothing named should pile up.
  static func sweepAbandoned(_ path: String) {
    guard let folder = opendir(Files.parent(path)) else { return }
    defer { closedir(folder) }
    let base = path.split(separator: "/").last.map(String.init) ?? path
    while let item = readdir(folder) {
      let name = withUnsafeBytes(of: item.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      guard name.hasPrefix(base + "."), name.hasSuffix(".tmp") else { continue }
      let middle = name.dropFirst(base.count + 1).prefix { $0 != "-" }
      guard let pid = Int32(middle), pid != getpid(), kill(pid, 0) != 0, errno == ESRCH else {
        continue
      }
      Files.remove(Files.parent(path) + "/" + name)
    }
  }
}
