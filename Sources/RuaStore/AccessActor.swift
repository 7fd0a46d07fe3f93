internal import Glibc

/// Who wrote an access_log row: the operating-system user (real uid, so a setuid wrapper still
/// names the person who ran it), the host, and the run: one id shared by every row one command
/// writes (a batch of 1,500 documents is one run).
public struct AccessActor: Sendable, Equatable {
  public var userID: Int
  public var userName: String
  public var host: String
  public var runID: String

  public init(userID: Int, userName: String, host: String, runID: String) {
    self.userID = userID
    self.userName = userName
    self.host = host
    self.runID = runID
  }

  /// This process's user and host, with a new run id (a UUIDv7, so runs sort by start time).
  public static func current() -> AccessActor {
    let uid = getuid()
    let now = Int64(time(nil))
    return AccessActor(
      userID: Int(uid), userName: userName(uid) ?? "uid \(uid)", host: hostName(),
      runID: (try? UUIDv7.make(seconds: now)) ?? "run-\(getpid())-\(now)")
  }

  /// The passwd name of `uid`, or nil when it has none (a container's numeric user).
  static func userName(_ uid: uid_t) -> String? {
    var entry = passwd()
    var found: UnsafeMutablePointer<passwd>?
    var buffer = [CChar](repeating: 0, count: 4096)
    let rc = getpwuid_r(uid, &entry, &buffer, buffer.count, &found)
    guard rc == 0, found != nil, let name = entry.pw_name else { return nil }
    return String(cString: name)
  }

  static func hostName() -> String {
    var buffer = [CChar](repeating: 0, count: 256)
    guard gethostname(&buffer, buffer.count - 1) == 0 else { return "unknown" }
    return String(
      decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
